// Namespaces (storage made on first write, a cap, rules of their own), sessions (a reconnecting
// client's `ls` ends its old session), and what a compare-and-set may reveal.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashValue, type RtdbEmulator } from "../src/index.js";
import { ownerRest, rawClient, startServer, until, type RawClient } from "./helpers.js";

const servers: RtdbEmulator[] = [];
const sockets: RawClient[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function server(options: Parameters<typeof startServer>[0] = {}): Promise<RtdbEmulator> {
  const s = await startServer(options);
  servers.push(s);
  return s;
}

async function raw(emu: RtdbEmulator, query: string): Promise<RawClient> {
  const c = await rawClient(emu, query);
  sockets.push(c);
  return c;
}

const DENY_ALL = '{"rules": {".read": false, ".write": false}}';

async function putRules(url: string, text: string): Promise<void> {
  const res = await fetch(url, { method: "PUT", headers: { authorization: "Bearer owner" }, body: text });
  expect(res.status).toBe(200);
}

describe("namespaces", () => {
  it("a namespace only read gets no storage; the first write makes it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-ns-"));
    dirs.push(dataDir);
    const emu = await server({ dataDir });
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${emu.url}/x.json?ns=invented-${i}`);
      expect(res.status).toBe(200);
    }
    expect(fs.readdirSync(dataDir)).toEqual([]);
    await ownerRest("PUT", `${emu.url}/x.json?ns=written`, 1);
    expect(fs.readdirSync(dataDir)).toEqual(["written"]);
    expect(fs.readFileSync(path.join(dataDir, "written", "log.jsonl"), "utf8")).toContain('"x"');
  });

  it("at most maxNamespaces are held: idle empty ones make room, busy ones are refused with 503", async () => {
    const emu = await server({ maxNamespaces: 3 });
    // Reads of ever new namespaces keep working: the idle ones are forgotten.
    for (let i = 0; i < 10; i++) expect((await fetch(`${emu.url}/x.json?ns=probe-${i}`)).status).toBe(200);
    for (const ns of ["a", "b", "c"]) await ownerRest("PUT", `${emu.url}/x.json?ns=${ns}`, ns);
    const refused = await fetch(`${emu.url}/x.json?ns=d`);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toMatch(/at most 3/);
    const socket = await raw(emu, "ns=d");
    expect(socket.closed()).toBe(true);
    // The namespaces holding data are intact.
    expect(await (await fetch(`${emu.url}/x.json?ns=b`)).json()).toBe("b");
  });

  it("rules set with ?ns= apply to that namespace alone and outlive a change of the default rules", async () => {
    const emu = await server();
    await putRules(`${emu.url}/.settings/rules.json?ns=locked`, DENY_ALL);
    expect((await fetch(`${emu.url}/x.json?ns=locked`)).status).toBe(401);
    expect((await fetch(`${emu.url}/x.json?ns=open`)).status).toBe(200);
    expect(await (await fetch(`${emu.url}/.settings/rules.json?ns=locked`)).text()).toBe(DENY_ALL);
    // New default rules reach every namespace without rules of its own, not `locked`.
    await putRules(`${emu.url}/.settings/rules.json`, '{"rules": {".read": true, ".write": false}}');
    expect((await fetch(`${emu.url}/x.json?ns=open`, { method: "PUT", body: "1" })).status).toBe(401);
    expect((await fetch(`${emu.url}/x.json?ns=locked`)).status).toBe(401);
    expect(await (await fetch(`${emu.url}/.settings/rules.json?ns=open`)).text()).toContain('".write": false');
    // The API does the same.
    emu.setRules('{"rules": {".read": true, ".write": true}}', "locked");
    expect((await fetch(`${emu.url}/x.json?ns=locked`, { method: "PUT", body: "2" })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("a client reconnecting with ls=<its last session> ends that session first, running its onDisconnect writes", async () => {
    const emu = await server();
    const first = await raw(emu, "ns=sessions");
    const id = first.sessionId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await first.request("o", { p: "/presence/me", d: "offline" })).s).toBe("ok");
    expect((await first.request("p", { p: "/presence/me", d: "online" })).s).toBe("ok");
    // The old socket is still open (the server has not noticed it dropped): a new session
    // naming it replaces it.
    const second = await raw(emu, `ns=sessions&ls=${id}`);
    await until(() => first.closed(), "old session closed");
    expect(await (await fetch(`${emu.url}/presence/me.json?ns=sessions`)).json()).toBe("offline");
    expect((await second.request("g", { p: "/presence/me" })).d).toBe("offline");
  });

  it("ls naming no open session, or a session of another namespace, changes nothing", async () => {
    const emu = await server();
    const other = await raw(emu, "ns=elsewhere");
    expect((await other.request("o", { p: "/gone", d: true })).s).toBe("ok");
    await raw(emu, `ns=sessions&ls=${other.sessionId()}`);
    await raw(emu, "ns=sessions&ls=000000000000000000000000");
    expect(other.closed()).toBe(false);
    expect(await (await fetch(`${emu.url}/gone.json?ns=elsewhere`)).json()).toBe(null);
  });
});

describe("compare-and-set without read access", () => {
  it("a transaction hash at a path the client cannot read is denied, whether the guess is right or not", async () => {
    const emu = await server({
      rulesText: '{"rules": {"secret": {".read": false, ".write": true}, "open": {".read": true, ".write": true}}}',
    });
    await ownerRest("PUT", `${emu.url}/secret.json?ns=cas`, { admin: "uid-123" });
    const c = await raw(emu, "ns=cas");
    const right = await c.request("p", { p: "/secret", d: { admin: "mine" }, h: hashValue({ admin: "uid-123" }) });
    const wrong = await c.request("p", { p: "/secret", d: { admin: "mine" }, h: hashValue({ admin: "other" }) });
    expect([right.s, wrong.s]).toEqual(["permission_denied", "permission_denied"]);
    expect(await (await ownerRest("GET", `${emu.url}/secret.json?ns=cas`)).json()).toEqual({ admin: "uid-123" });
    // Where the client may read, the hash decides as before.
    await ownerRest("PUT", `${emu.url}/open.json?ns=cas`, 1);
    expect((await c.request("p", { p: "/open", d: 2, h: hashValue(5) })).s).toBe("datastale");
    expect((await c.request("p", { p: "/open", d: 2, h: hashValue(1) })).s).toBe("ok");
  });
});

describe("oversized REST bodies", () => {
  it("a 413 closes the connection, so a kept-alive client sends its next request on a fresh one", async () => {
    const emu = await server({ maxMessageBytes: 10_000 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port: emu.port, method: "PUT", path: "/x.json?ns=big", agent, headers: { authorization: "Bearer owner" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    try {
      const big = await send(JSON.stringify("x".repeat(50_000)));
      expect(big).toEqual({ status: 413, connection: "close" });
      expect((await send('"small"')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
