import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "local-server-kit/testing";
import WebSocket from "ws";
import { get, onValue, ref, set } from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, rawClient, startServer, until, type RawClient, type TestClient } from "./helpers.js";

let emu: RtdbEmulator;
const NS = "badinput";
const LIMIT = 200_000;

beforeAll(async () => {
  emu = await startServer({ maxMessageBytes: LIMIT });
  const res = await fetch(`${emu.url}/precious.json?ns=${NS}`, {
    method: "PUT",
    headers: { authorization: "Bearer owner" },
    body: JSON.stringify({ keep: "me" }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await emu.close();
});

function raw(ns = NS): Promise<RawClient> {
  return rawClient(emu, `ns=${ns}`);
}

async function stillServes(): Promise<void> {
  const clients: TestClient[] = [makeClient(emu, NS), makeClient(emu, NS)];
  try {
    const [a, b] = clients as [TestClient, TestClient];
    const seen: unknown[] = [];
    onValue(ref(b.db, "after"), (s) => seen.push(s.val()));
    const value = Math.random();
    await set(ref(a.db, "after"), value);
    await until(() => seen.at(-1) === value, "live propagation after bad input");
    expect((await get(ref(a.db, "precious"))).val()).toEqual({ keep: "me" });
  } finally {
    await closeClients(clients);
  }
}

function rawHttp(method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: emu.port, method, path, headers: { authorization: "Bearer owner" } }, (res) => {
      let data = "";
      res.on("data", (c: Buffer) => (data += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe("bad input never crashes the server or corrupts data", () => {
  it("malformed frames close only that connection", async () => {
    for (const frame of ["{not json", "[1,2,3]", '{"t":"x","d":{}}', '{"t":"d","d":{"a":"p","b":{}}}', '"just a string"']) {
      const c = await raw();
      c.ws.send(frame);
      await until(() => c.closed(), `close after ${frame}`);
      expect(c.closeCode()).toBe(1008);
    }
    await stillServes();
  });

  it("unknown actions get an error answer and the connection stays usable", async () => {
    const c = await raw();
    const ans = await c.request("explode", { p: "/x" });
    expect(ans.s).toBe("invalid_request");
    expect((await c.request("g", { p: "/precious", q: {} })).d).toEqual({ keep: "me" });
    c.ws.close();
    await stillServes();
  });

  it("invalid keys and paths are refused: . # $ [ ] / and over 768 bytes, .. and deep nesting", async () => {
    const c = await raw();
    for (const p of ["/a.b", "/a#b", "/a$b", "/a[b", "/a]b", "/../precious", `/${"k".repeat(769)}`, "/a\u0001b"]) {
      expect((await c.request("p", { p, d: 1 })).s, p).toBe("invalid_request");
    }
    for (const key of ["a.b", "a#b", "a$b", "a[b", "a]b", "a/b", "é".repeat(385)]) {
      expect((await c.request("p", { p: "/ok", d: { [key]: 1 } })).s, key).toBe("invalid_request");
    }
    expect((await c.request("p", { p: `/${"é".repeat(384)}`, d: 1 })).s).toBe("ok"); // 768 bytes exactly
    expect((await c.request("m", { p: "/ok", d: { "a/../b": 1 } })).s).toBe("invalid_request");
    expect((await c.request("m", { p: "/ok", d: { a: 1, "a/b": 2 } })).s).toBe("invalid_request");
    expect((await c.request("m", { p: "/ok", d: "not an object" })).s).toBe("invalid_request");
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect((await c.request("p", { p: "/deep", d: deep })).s).toBe("invalid_request");
    expect((await c.request("p", { p: "/sv", d: { ".sv": "bogus" } })).s).toBe("invalid_request");
    expect((await c.request("q", { p: "/x", q: { l: -1, vf: "l" }, t: 1, h: "" })).s).toBe("invalid_request");
    expect((await c.request("p", { p: "/precious", d: "x", h: "wrong-hash" })).s).toBe("datastale");
    const stored = await (await fetch(`${emu.url}/.json?ns=${NS}&shallow=true`, { headers: { authorization: "Bearer owner" } })).json();
    expect(Object.keys(stored as object).sort()).not.toContain("ok");
    c.ws.close();
    await stillServes();
  });

  it("oversized values and messages are refused", async () => {
    const c = await raw();
    // One frame larger than the limit: the socket is closed (1009).
    c.ws.send(JSON.stringify({ t: "d", d: { r: 1, a: "p", b: { p: "/big", d: "x".repeat(LIMIT + 2000) } } }));
    await until(() => c.closed(), "close on oversized frame");
    // Multi-frame message adding up to more than the limit.
    const c2 = await raw();
    const chunks = Math.ceil((LIMIT + 50_000) / 16_000);
    c2.ws.send(String(chunks));
    for (let i = 0; i < chunks && !c2.closed(); i++) c2.ws.send("y".repeat(16_000));
    await until(() => c2.closed(), "close on oversized multi-frame message");
    // Absurd frame count.
    const c3 = await raw();
    c3.ws.send("999999");
    await until(() => c3.closed(), "close on absurd frame count");
    // A value under the frame limit but over the value limit once assembled.
    const c4 = await raw();
    const ans = await c4.request("p", { p: "/big", d: { a: "x".repeat(LIMIT / 2), b: "y".repeat(LIMIT / 2) } });
    expect(["too_big", "invalid_request"]).toContain(ans.s);
    c4.ws.close();
    const res = await fetch(`${emu.url}/big.json?ns=${NS}`, {
      method: "PUT",
      headers: { authorization: "Bearer owner" },
      body: JSON.stringify("z".repeat(LIMIT + 10)),
    });
    expect(res.status).toBe(413);
    await stillServes();
  });

  it("a client that disconnects mid-message leaves no trace", async () => {
    const c = await raw();
    c.ws.send("3");
    c.ws.send('{"t":"d","d":{"r":1,"a":"p","b":{"p":"/half","d":');
    c.ws.terminate();
    const r = await fetch(`${emu.url}/half.json?ns=${NS}`, { headers: { authorization: "Bearer owner" } });
    expect(await r.json()).toBeNull();
    await stillServes();
  });

  it("REST: non-JSON bodies, .. paths, bad encodings, bad namespaces, unknown methods", async () => {
    expect((await rawHttp("PUT", `/x.json?ns=${NS}`, "{nope")).status).toBe(400);
    expect((await rawHttp("PATCH", `/x.json?ns=${NS}`, "[1,")).status).toBe(400);
    expect((await rawHttp("PATCH", `/x.json?ns=${NS}`, '"string"')).status).toBe(400);
    expect((await rawHttp("PUT", `/a/../precious.json?ns=${NS}`, "1")).status).toBe(400);
    expect((await rawHttp("PUT", `/a/%2E%2E/precious.json?ns=${NS}`, "1")).status).toBe(400);
    expect((await rawHttp("PUT", `/a%2Fb.json?ns=${NS}`, "1")).status).toBe(400);
    expect((await rawHttp("PUT", `/a%E0%A4%A.json?ns=${NS}`, "1")).status).toBe(400);
    expect((await rawHttp("PUT", `/a.b.json?ns=${NS}`, "1")).status).toBe(400);
    expect((await rawHttp("GET", `/x.json?ns=../../etc`)).status).toBe(400);
    expect((await rawHttp("GET", `/x.json?ns=${NS}&orderBy=notjson`)).status).toBe(400);
    expect((await rawHttp("TRACE", `/x.json?ns=${NS}`)).status).toBe(405);
    expect((await rawHttp("GET", `/nothing-here`)).status).toBe(404);
    const bad = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=bad%2Fns`);
    const outcome = await new Promise<string>((resolve) => {
      bad.on("open", () => resolve("open"));
      bad.on("error", () => resolve("refused"));
    });
    expect(outcome).toBe("refused");
    await stillServes();
  });

  it("REST edges as on the Storage server: a malformed URL, an oversized or cut-off body, garbage on the socket", async () => {
    const malformed = await rawRequest(emu.port, "GET //[/x.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400/);
    expect(malformed).toContain("Malformed request URL");
    const declared = await rawRequest(
      emu.port,
      `PUT /x.json?ns=${NS} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer owner\r\nContent-Length: ${LIMIT + 1}\r\n\r\n`,
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413/);
    // A body that never arrives whole: the client goes away, nothing is written.
    const socket = net.connect(emu.port, "127.0.0.1", () =>
      socket.write(`PUT /precious.json?ns=${NS} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer owner\r\nContent-Length: 100\r\n\r\n{"keep":`),
    );
    await new Promise((done) => setTimeout(done, 100));
    socket.destroy();
    expect(await rawRequest(emu.port, "NOT HTTP AT ALL\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
    await stillServes();
  });

  it('control ping is answered with pong; the keepalive "0" is ignored', async () => {
    const c = await raw();
    c.ws.send("0");
    c.ws.send(JSON.stringify({ t: "c", d: { t: "p", d: {} } }));
    await until(() => c.messages.some((m) => JSON.stringify(m) === '{"t":"c","d":{"t":"o","d":{}}}'), "pong");
    expect((await c.request("s", { c: { "sdk.js.12-9-0": 1 } })).s).toBe("ok");
    expect(c.closed()).toBe(false);
    c.ws.close();
  });

  it("the long-poll start answer clears the websocket-failure flag and closes the poll", async () => {
    const res = await fetch(`${emu.url}/.lp?start=t&ser=1&cb=7&v=5&ns=${NS}`);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const body = await res.text();
    expect(body).toContain("localStorage.removeItem('firebase:previous_websocket_failure')");
    expect(body).toContain("pLPCommand7");
  });
});
