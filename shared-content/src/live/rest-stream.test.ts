// The REST stream client: the SSE parser, the value tree (put/patch at nested paths), the URL,
// and the connection lifecycle against a tiny SSE server in this file (status codes, cancel,
// reconnect with a full re-read, abort on unsubscribe).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localStackConfig } from "runtime-config/local-stack";
import { patchAt, putAt, restUrl, sseParser, streamValue } from "./rest-stream";

describe("sseParser", () => {
  const events = (chunks: string[]) => {
    const out: [string, string][] = [];
    const feed = sseParser((event, data) => out.push([event, data]));
    chunks.forEach(feed);
    return out;
  };
  const text =
    'event: put\ndata: {"path":"/","data":1}\n\n: comment\nevent: keep-alive\ndata: null\n\nevent: patch\ndata: {"path":"/a",\ndata: "data":{"b":2}}\n\n';

  it("reads named events, joins multi-line data with \\n, skips comments", () => {
    expect(events([text])).toEqual([
      ["put", '{"path":"/","data":1}'],
      ["keep-alive", "null"],
      ["patch", '{"path":"/a",\n"data":{"b":2}}'],
    ]);
  });
  it("gives the same events however the text is split into chunks, with any line ending", () => {
    const whole = events([text]);
    expect(events([...text])).toEqual(whole);
    const crlf = text.replace(/\n/g, "\r\n");
    expect(events([...crlf])).toEqual(whole);
    expect(events([crlf.slice(0, 30), crlf.slice(30)])).toEqual(whole);
    // A lone \r at a chunk's end may be half of \r\n, so it completes with the next chunk.
    expect(events([text.replace(/\n/g, "\r"), ":\r"])).toEqual(whole);
  });
  it("waits for the blank line, and ignores an event without data", () => {
    expect(events(["event: put\ndata: 1\n"])).toEqual([]);
    expect(events(["event: put\n\n", "data:2\n\n"])).toEqual([["message", "2"]]);
  });
});

describe("value tree", () => {
  it("puts and patches at nested paths; null deletes and prunes empty parents", () => {
    let tree = putAt(null, "/", { a: { x: 1, y: 2 }, b: 3 });
    tree = putAt(tree, "/a/x", 10);
    tree = patchAt(tree, "/c", { d: 4, "e/f": 5 });
    expect(tree).toEqual({ a: { x: 10, y: 2 }, b: 3, c: { d: 4, e: { f: 5 } } });
    tree = putAt(tree, "/c/e/f", null);
    tree = patchAt(tree, "/a", { x: null, y: null });
    expect(tree).toEqual({ b: 3, c: { d: 4 } });
    expect(putAt(tree, "/", null)).toBeNull();
  });
  it("keeps arrays as the database does (objects keyed by index), patchable by index", () => {
    let tree = putAt(null, "/", { e1: { links: [{ url: "u0" }, { url: "u1" }, null] } });
    tree = putAt(tree, "/e1/links/1/url", "changed");
    tree = patchAt(tree, "/e1/links", { "2": { url: "u2" } });
    expect(tree).toEqual({ e1: { links: { "0": { url: "u0" }, "1": { url: "changed" }, "2": { url: "u2" } } } });
  });
  it("changes only the objects on the changed path (new references for React, the rest shared)", () => {
    const before = putAt(null, "/", { a: { x: 1 }, b: { y: 2 } }) as Record<string, unknown>;
    const after = putAt(before, "/a/x", 3) as Record<string, unknown>;
    expect(after).not.toBe(before);
    expect(after.a).not.toBe(before.a);
    expect(after.b).toBe(before.b);
    expect(before).toEqual({ a: { x: 1 }, b: { y: 2 } });
  });
});

describe("keys named like object-prototype members", () => {
  it("are ordinary children of the tree, and change no prototype", () => {
    let tree = putAt(null, "/", { constructor: { title: "c" } });
    tree = putAt(tree, "/__proto__/title", "p");
    tree = patchAt(tree, "/", { toString: "t", "hasOwnProperty/x": 1 });
    expect(JSON.stringify(tree)).toBe('{"constructor":{"title":"c"},"__proto__":{"title":"p"},"toString":"t","hasOwnProperty":{"x":1}}');
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).title).toBeUndefined();
    // A key absent from the tree is absent, even when Object.prototype has a member of that name.
    expect(putAt(putAt(null, "/", { a: 1 }), "/valueOf/x", null)).toEqual({ a: 1 });
  });
});

describe("restUrl", () => {
  it("production: <databaseURL>/<path>.json with JSON-encoded query params", () => {
    const prod = { firebase: { apiKey: "k", authDomain: "", projectId: "p", appId: "", databaseURL: "https://p-default-rtdb.firebaseio.com/" }, remotes: {} };
    expect(restUrl(prod, "blog/index", { orderBy: "publishedAt", limitToLast: 11 })).toBe(
      "https://p-default-rtdb.firebaseio.com/blog/index.json?orderBy=%22publishedAt%22&limitToLast=11",
    );
  });
  it("local: the emulator's host and port, and the ns of the databaseURL", () => {
    expect(restUrl(localStackConfig({ databasePort: 9123 }), "site/about")).toBe("http://127.0.0.1:9123/site/about.json?ns=demo-portfolio-default-rtdb");
  });
});

// --- the connection, against a tiny SSE server ----------------------------------------------

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function serve(handler: Handler): Promise<{ url: string; requests: IncomingMessage[]; closed: () => number }> {
  const requests: IncomingMessage[] = [];
  let closed = 0;
  const server = createServer((req, res) => {
    requests.push(req);
    res.on("close", () => (closed += 1));
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/x.json`, requests, closed: () => closed };
}

const sse = (res: ServerResponse) => res.writeHead(200, { "content-type": "text/event-stream" });
const send = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

function listen(url: string, idleMs = 60_000) {
  const values: unknown[] = [];
  const errors: { code?: string }[] = [];
  const stop = streamValue(
    url,
    (v) => values.push(v),
    (e) => errors.push(e as { code?: string }),
    { retryMs: 5, idleMs },
  );
  return { values, errors, stop };
}

describe("streamValue", () => {
  it("asks for an event stream, applies put/patch, ignores keep-alive, and aborts on unsubscribe", async () => {
    const srv = await serve((_req, res) => {
      sse(res);
      send(res, "put", { path: "/", data: { a: { n: 1 }, b: { n: 2 } } });
      send(res, "keep-alive", null);
      send(res, "patch", { path: "/a", data: { n: 3 } });
      send(res, "put", { path: "/b", data: null });
    });
    const l = listen(srv.url);
    await vi.waitFor(() => expect(l.values).toHaveLength(3));
    expect(l.values).toEqual([{ a: { n: 1 }, b: { n: 2 } }, { a: { n: 3 }, b: { n: 2 } }, { a: { n: 3 } }]);
    expect(l.values[0]).toEqual({ a: { n: 1 }, b: { n: 2 } }); // earlier values are not mutated
    expect(srv.requests[0]?.headers.accept).toBe("text/event-stream");
    l.stop();
    await vi.waitFor(() => expect(srv.closed()).toBe(1));
    expect(l.errors).toEqual([]);
  });

  it("reconnects after the stream ends and starts again from the full value", async () => {
    const srv = await serve((_req, res, n) => {
      sse(res);
      send(res, "put", { path: "/", data: { v: n } });
      if (n === 1) res.end();
    });
    const l = listen(srv.url);
    await vi.waitFor(() => expect(l.values).toEqual([{ v: 1 }, { v: 2 }]));
    expect(l.errors).toEqual([]); // data was shown already: no error flash
    l.stop();
  });

  it("replaces a connection that went silent (no keep-alive) and re-reads the value", async () => {
    const srv = await serve((_req, res, n) => {
      sse(res);
      send(res, "put", { path: "/", data: { v: n } });
    });
    // Long enough for the first answer to arrive on a busy machine, short enough to keep the test quick.
    const l = listen(srv.url, 400);
    await vi.waitFor(() => expect(l.values.length).toBeGreaterThanOrEqual(2));
    expect(l.values.slice(0, 2)).toEqual([{ v: 1 }, { v: 2 }]);
    expect(l.errors).toEqual([]);
    // The server hears of the dropped connection a moment later (on a busy machine, later still).
    await vi.waitFor(() => expect(srv.closed()).toBeGreaterThanOrEqual(1));
    l.stop();
  });

  it("401 is permission denied, once, without retrying", async () => {
    const srv = await serve((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end('{"error":"Permission denied"}');
    });
    const l = listen(srv.url);
    await vi.waitFor(() => expect(l.errors).toHaveLength(1));
    expect(l.errors[0]).toMatchObject({ code: "permission-denied", message: "You do not have permission to do this." });
    expect(srv.requests).toHaveLength(1);
    l.stop();
  });

  it("a cancel event is permission denied", async () => {
    const srv = await serve((_req, res) => {
      sse(res);
      send(res, "put", { path: "/", data: 1 });
      send(res, "cancel", null);
    });
    const l = listen(srv.url);
    await vi.waitFor(() => expect(l.errors).toMatchObject([{ code: "permission-denied" }]));
    expect(l.values).toEqual([1]);
    expect(srv.requests).toHaveLength(1);
  });

  it("a 5xx or an unreachable server is unavailable until the first value, and is retried", async () => {
    const srv = await serve((_req, res, n) => {
      if (n < 3) {
        res.writeHead(503);
        res.end();
        return;
      }
      sse(res);
      send(res, "put", { path: "/", data: "ok" });
    });
    const l = listen(srv.url);
    await vi.waitFor(() => expect(l.values).toEqual(["ok"]));
    expect(l.errors.map((e) => e.code)).toEqual(["unavailable", "unavailable"]);
    l.stop();

    const down = listen("http://127.0.0.1:1/x.json");
    await vi.waitFor(() => expect(down.errors.length).toBeGreaterThan(1));
    expect(down.errors[0]).toMatchObject({ code: "unavailable" });
    down.stop();
  });
});
