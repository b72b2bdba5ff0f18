import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { push, ref, remove, set, update } from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import {
  closeClients,
  makeClient,
  openSse,
  startServer,
  uniqueNs,
  until,
  type SseStream,
  type TestClient,
  ownerRest,
  nextData,
  unsignedToken,
} from "./helpers.js";

const RULES = `{
  "rules": {
    ".read": false,
    ".write": false,
    "open": { ".read": true, ".write": true },
    "private": { ".read": false },
    "users": { "$uid": { ".read": "auth != null && auth.uid === $uid" } },
    "blog": { "posts": { "$slug": { ".read": "data.child('status').val() === 'published'" } } },
    "recommendationSubmissions": {
      "$id": {
        ".write": "!data.exists() && newData.exists()",
        ".validate": "newData.hasChildren(['text', 'createdAt']) && newData.child('createdAt').val() == now",
        "createdAt": { ".validate": "newData.isNumber() && newData.val() === now" }
      }
    }
  }
}`;

let emu: RtdbEmulator;
const clients: TestClient[] = [];
const streams: SseStream[] = [];

beforeAll(async () => {
  emu = await startServer({ rulesText: RULES });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await closeClients(clients);
  await emu.close();
});

const owner = ownerRest;

async function sse(url: string, headers?: Record<string, string>): Promise<SseStream> {
  const s = await openSse(url, headers);
  streams.push(s);
  return s;
}

describe("REST streaming (text/event-stream)", () => {
  it("sends the current value, then put/patch at relative paths for SDK and REST writes", async () => {
    const ns = uniqueNs("sse");
    await owner("PUT", `${emu.url}/open/list.json?ns=${ns}`, { a: { t: "A" }, b: { t: "B" } });
    const s = await sse(`${emu.url}/open/list.json?ns=${ns}`);
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.headers.get("cache-control")).toBe("no-cache");
    expect(s.headers.get("access-control-allow-origin")).toBe("*");
    expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: { a: { t: "A" }, b: { t: "B" } } } });

    const c = makeClient(emu, ns);
    clients.push(c);
    await set(ref(c.db, "open/list/a/t"), "A2");
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/a/t", data: "A2" } });
    await update(ref(c.db, "open/list"), { c: { t: "C" }, d: 4 });
    expect(await nextData(s)).toEqual({ event: "patch", data: { path: "/", data: { c: { t: "C" }, d: 4 } } });
    await remove(ref(c.db, "open/list/d"));
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/d", data: null } });

    await fetch(`${emu.url}/open/list/b.json?ns=${ns}`, { method: "PATCH", body: JSON.stringify({ t: "B2", n: 1 }) });
    expect(await nextData(s)).toEqual({ event: "patch", data: { path: "/b", data: { t: "B2", n: 1 } } });
    await fetch(`${emu.url}/open/list/e.json?ns=${ns}`, { method: "PUT", body: '"E"' });
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/e", data: "E" } });
    // An update from above with deep paths: each path arrives as a put.
    await update(ref(c.db, "open"), { "list/a/t": "A3", "list/b/n": 2, other: 1 });
    const deep = [await nextData(s), await nextData(s)];
    expect(deep).toEqual([
      { event: "put", data: { path: "/a/t", data: "A3" } },
      { event: "put", data: { path: "/b/n", data: 2 } },
    ]);
  });

  it('a write above the location becomes a put at "/" and nothing is sent when the value did not change', async () => {
    const ns = uniqueNs("sse");
    await owner("PUT", `${emu.url}/open.json?ns=${ns}`, { x: { v: 1 }, y: 1 });
    const s = await sse(`${emu.url}/open/x.json?ns=${ns}`);
    expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: { v: 1 } } });
    await owner("PUT", `${emu.url}/open.json?ns=${ns}`, { x: { v: 2 }, y: 1 });
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/", data: { v: 2 } } });
    // Same value for x, a sibling changes: nothing for this stream; the next event is the later change.
    await owner("PUT", `${emu.url}/open.json?ns=${ns}`, { x: { v: 2 }, y: 2 });
    await owner("PUT", `${emu.url}/open/x/v.json?ns=${ns}`, 3);
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/v", data: 3 } });
    await owner("DELETE", `${emu.url}/open.json?ns=${ns}`);
    expect(await nextData(s)).toEqual({ event: "put", data: { path: "/", data: null } });
  });

  it("a query stream resends the whole window when it changes (limitToLast pushes an old record out)", async () => {
    const ns = uniqueNs("sse");
    await owner("PUT", `${emu.url}/open/items.json?ns=${ns}`, { r1: { n: 1 }, r2: { n: 2 }, r3: { n: 3 } });
    const s = await sse(`${emu.url}/open/items.json?ns=${ns}&orderBy=${encodeURIComponent('"n"')}&limitToLast=2`);
    expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: { r2: { n: 2 }, r3: { n: 3 } } } });
    const c = makeClient(emu, ns);
    clients.push(c);
    await push(ref(c.db, "open/items"), { n: 4 });
    const e = await nextData(s);
    expect(e.event).toBe("put");
    const window = (e.data as { path: string; data: Record<string, { n: number }> }).data;
    expect((e.data as { path: string }).path).toBe("/");
    expect(
      Object.values(window)
        .map((v) => v.n)
        .sort(),
    ).toEqual([3, 4]);
    // A change outside the window sends nothing; the next event is the change inside it.
    await set(ref(c.db, "open/items/r1/n"), 0);
    await set(ref(c.db, "open/items/r3/label"), "x");
    const next = await nextData(s);
    expect((next.data as { data: Record<string, unknown> }).data["r3"]).toEqual({ n: 3, label: "x" });

    const filtered = await sse(`${emu.url}/open/items.json?ns=${ns}&orderBy=${encodeURIComponent('"$key"')}&equalTo=${encodeURIComponent('"r3"')}`);
    expect(await filtered.next()).toEqual({ event: "put", data: { path: "/", data: { r3: { n: 3, label: "x" } } } });
  });

  it("refuses denied reads with 401 and bad queries with 400, before any stream", async () => {
    const ns = uniqueNs("sse");
    await owner("PUT", `${emu.url}/blog/posts.json?ns=${ns}`, { draft: { status: "draft", title: "D" }, live: { status: "published", title: "L" } });
    for (const p of ["private", "blog/posts/draft", "blog/posts", "users/someone"]) {
      const s = await sse(`${emu.url}/${p}.json?ns=${ns}`);
      expect([p, s.status, s.body]).toEqual([p, 401, { error: "Permission denied" }]);
      expect(s.headers.get("access-control-allow-origin")).toBe("*");
    }
    const live = await sse(`${emu.url}/blog/posts/live.json?ns=${ns}`);
    expect(await live.next()).toEqual({ event: "put", data: { path: "/", data: { status: "published", title: "L" } } });
    // The owner header bypasses the rules, as for a REST GET.
    const asOwner = await sse(`${emu.url}/private.json?ns=${ns}`, { authorization: "Bearer owner" });
    expect(await asOwner.next()).toEqual({ event: "put", data: { path: "/", data: null } });
    for (const q of [
      "limitToFirst=1",
      "orderBy=n",
      `orderBy=${encodeURIComponent('"n"')}&limitToFirst=0`,
      `orderBy=${encodeURIComponent('"n"')}&startAt=nojson`,
    ]) {
      const s = await sse(`${emu.url}/open.json?ns=${ns}&${q}`);
      expect([q, s.status]).toEqual([q, 400]);
      expect(typeof (s.body as { error: unknown }).error).toBe("string");
    }
  });

  it("sends cancel and closes when new rules no longer allow the read", async () => {
    const server = await startServer({ rulesText: RULES });
    try {
      const ns = uniqueNs("sse");
      const s = await openSse(`${server.url}/open/x.json?ns=${ns}`);
      expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: null } });
      const kept = await openSse(`${server.url}/blog/posts/a.json?ns=${ns}`, { authorization: "Bearer owner" });
      await kept.next();
      const res = await fetch(`${server.url}/.settings/rules.json`, {
        method: "PUT",
        headers: { authorization: "Bearer owner" },
        body: '{"rules": {".read": false, ".write": false}}',
      });
      expect(res.status).toBe(200);
      expect(await s.next()).toEqual({ event: "cancel", data: null });
      await s.ended;
      await until(() => server.stats().streams === 1, "cancelled stream removed");
      // The owner's stream is not affected.
      await fetch(`${server.url}/blog/posts/a.json?ns=${ns}`, { method: "PUT", headers: { authorization: "Bearer owner" }, body: "1" });
      expect(await nextData(kept)).toEqual({ event: "put", data: { path: "/", data: 1 } });
      kept.close();
    } finally {
      await server.close();
    }
  });

  it("sends keep-alive after the configured silence", async () => {
    const server = await startServer({ streamKeepAliveMs: 50 });
    try {
      const s = await openSse(`${server.url}/a.json`);
      expect((await s.next()).event).toBe("put");
      expect(await s.next()).toEqual({ event: "keep-alive", data: null });
      expect(await s.next()).toEqual({ event: "keep-alive", data: null });
      s.close();
    } finally {
      await server.close();
    }
  });

  it("ends with auth_revoked when the ID token expires", async () => {
    const ns = uniqueNs("sse");
    const token = unsignedToken({ user_id: "u1", sub: "u1", exp: Math.floor(Date.now() / 1000) + 1, firebase: { sign_in_provider: "password" } });
    const s = await sse(`${emu.url}/users/u1.json?ns=${ns}&auth=${token}`);
    expect(s.status).toBe(200);
    expect(await s.next()).toEqual({ event: "put", data: { path: "/", data: null } });
    expect(await nextData(s)).toEqual({ event: "auth_revoked", data: null });
    await s.ended;
    const other = await sse(`${emu.url}/users/u2.json?ns=${ns}&auth=${token}`);
    expect(other.status).toBe(401);
  });

  it("removes the listener when the client goes away, and server close ends open streams", async () => {
    const server = await startServer();
    let closed = false;
    try {
      const s = await openSse(`${server.url}/a.json`);
      await s.next();
      expect(server.stats()).toEqual({ streams: 1, listeners: 1 });
      s.close();
      await until(() => server.stats().streams === 0 && server.stats().listeners === 0, "stream cleaned up");

      const open = await openSse(`${server.url}/b.json?ns=other`);
      await open.next();
      await server.close();
      closed = true;
      await open.ended;
      await expect(open.next()).rejects.toThrow(/ended/);
      expect(server.stats()).toEqual({ streams: 0, listeners: 0 });
    } finally {
      if (!closed) await server.close();
    }
  });
});

describe("REST writes from a browser visitor", () => {
  it("resolves server timestamps before the rules, with now equal to them; a denied write is 401", async () => {
    const ns = uniqueNs("sse");
    let res = await fetch(`${emu.url}/recommendationSubmissions.json?ns=${ns}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "hello", createdAt: { ".sv": "timestamp" } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const { name } = (await res.json()) as { name: string };
    const stored = (await (await owner("GET", `${emu.url}/recommendationSubmissions/${name}.json?ns=${ns}`)).json()) as { createdAt: number };
    expect(typeof stored.createdAt).toBe("number");
    // PUT and PATCH resolve them the same way.
    for (const [method, id] of [
      ["PUT", "by-put"],
      ["PATCH", "by-patch"],
    ] as const) {
      res = await fetch(`${emu.url}/recommendationSubmissions/${id}.json?ns=${ns}`, {
        method,
        body: JSON.stringify({ text: method, createdAt: { ".sv": "timestamp" } }),
      });
      expect([method, res.status]).toEqual([method, 200]);
    }

    res = await fetch(`${emu.url}/recommendationSubmissions.json?ns=${ns}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "hello", createdAt: 5 }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Permission denied" });
  });

  it("answers the CORS preflight of a JSON POST", async () => {
    const res = await fetch(`${emu.url}/recommendationSubmissions.json`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:1", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
  });
});
