// Remote stylesheets: fetched only from the remotes' origins, kept within bounds.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteStylesheets } from "../src/stylesheets";

let server: Server;
let origin = "";
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const size = Number(/\/(\d+)\.css$/.exec(req.url ?? "")?.[1] ?? 0);
    if (!size) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/css" }).end("a".repeat(size));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const limits = { maxFileBytes: 1000, maxCachedBytes: 2500, maxCachedFiles: 10, fetchTimeoutMs: 3000 };

describe("remote stylesheets", () => {
  it("are fetched only from an allowed origin", async () => {
    const styles = createRemoteStylesheets(limits);
    asked.length = 0;
    expect(await styles.get(`${origin}/a/10.css`, new Set(["https://remote.example"]))).toBeNull();
    expect(asked).toEqual([]);
    expect(await styles.get(`${origin}/a/10.css`, new Set([origin]))).toBe("a".repeat(10));
  });

  it("are fetched once, and a file over the size limit is not kept", async () => {
    const styles = createRemoteStylesheets(limits);
    asked.length = 0;
    const allowed = new Set([origin]);
    await Promise.all([styles.get(`${origin}/b/20.css`, allowed), styles.get(`${origin}/b/20.css`, allowed)]);
    await styles.get(`${origin}/b/20.css`, allowed);
    expect(asked).toEqual(["/b/20.css"]);
    expect(await styles.get(`${origin}/b/5000.css`, allowed)).toBeNull();
    expect(styles.size()).toEqual({ bytes: 20, files: 1 });
  });

  it("the cache stays within its bytes and files, dropping the least recently used", async () => {
    const styles = createRemoteStylesheets(limits);
    const allowed = new Set([origin]);
    for (let i = 0; i < 40; i += 1) await styles.get(`${origin}/c${i}/900.css`, allowed);
    expect(styles.size()).toEqual({ bytes: 1800, files: 2 });
    const few = createRemoteStylesheets({ ...limits, maxCachedFiles: 3 });
    for (let i = 0; i < 40; i += 1) await few.get(`${origin}/d${i}/10.css`, allowed);
    expect(few.size()).toEqual({ bytes: 30, files: 3 });
  });
});
