// The renderer runs the remotes named in the runtime config, so where it reads that config must
// never be chosen by a request: only the configured URL, or (local stack) the loopback host.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer } from "../src/handler";

let server: Server;
let port = 0;
const configRequests: string[] = [];
let configServer: Server;

function get(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  const shellDir = mkdtempSync(join(tmpdir(), "renderer-shell-"));
  mkdirSync(join(shellDir, ".vite"));
  writeFileSync(join(shellDir, "app.html"), '<html><head><title>T</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(shellDir, ".vite", "manifest.json"), "{}");
  // A config server that records being asked (and answers something that is not a config).
  configServer = createServer((req, res) => {
    configRequests.push(req.url ?? "");
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => configServer.listen(0, "127.0.0.1", r));
  const renderer = createRenderer({ shellDir, log: () => undefined });
  server = createServer((req, res) => void renderer.handle(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => configServer.close(r));
});

describe("where the renderer reads its runtime config", () => {
  it("refuses a host named by the request when no config URL is set", async () => {
    const configPort = (configServer.address() as { port: number }).port;
    const { status, body } = await get("/", `evil.example:${configPort}`);
    expect(status).toBe(500);
    expect(body).toContain("not configured");
    expect(configRequests).toEqual([]);
  });

  it("reads /config.json from a loopback host (the local stack), and says when it cannot", async () => {
    const configPort = (configServer.address() as { port: number }).port;
    const { status, body } = await get("/", `127.0.0.1:${configPort}`);
    expect(configRequests).toEqual(["/config.json"]);
    expect(status).toBe(503);
    expect(body).toContain("configuration could not be loaded");
  });

  it("answers only GET and HEAD", async () => {
    const res = await new Promise<number>((resolve) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/", method: "POST" }, (r) => resolve(r.statusCode ?? 0));
      req.end();
    });
    expect(res).toBe(405);
  });
});
