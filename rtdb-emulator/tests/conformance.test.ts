import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  endAt,
  endBefore,
  equalTo,
  get,
  increment,
  limitToFirst,
  limitToLast,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onDisconnect,
  onValue,
  orderByChild,
  orderByKey,
  orderByValue,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  startAfter,
  startAt,
  update,
  goOffline,
  type Query,
} from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, sameJson, startServer, uniqueNs, until, type TestClient } from "./helpers.js";

let emu: RtdbEmulator;
const clients: TestClient[] = [];
let ns: string;

beforeAll(async () => {
  emu = await startServer();
});
afterAll(async () => {
  await emu.close();
});
afterEach(async () => {
  await closeClients(clients);
});

function two(): [TestClient, TestClient] {
  ns = uniqueNs("conf");
  const a = makeClient(emu, ns);
  const b = makeClient(emu, ns);
  clients.push(a, b);
  return [a, b];
}

/** Collects successive values of a listener on another client. */
function watch(q: Query): { values: unknown[]; stop: () => void } {
  const values: unknown[] = [];
  const stop = onValue(q, (s) => values.push(s.val()));
  return { values, stop };
}

function keysOf(q: Query): { keys: string[][]; stop: () => void } {
  const keys: string[][] = [];
  const stop = onValue(q, (s) => {
    const k: string[] = [];
    s.forEach((c) => {
      k.push(c.key!);
    });
    keys.push(k);
  });
  return { keys, stop };
}

describe("wire protocol with the real SDK, two clients", () => {
  it("set, update (multi-path, relative) and remove propagate live", async () => {
    const [a, b] = two();
    const w = watch(ref(b.db, "profile"));
    await until(() => w.values.length === 1, "initial null");
    expect(w.values[0]).toBeNull();
    await set(ref(a.db, "profile"), { name: "Ada", links: { gh: "ada" } });
    await until(() => w.values.length === 2);
    expect(w.values[1]).toEqual({ name: "Ada", links: { gh: "ada" } });
    await update(ref(a.db, "profile"), { "links/gh": "ada2", "links/web": "https://a.example", age: 36 });
    await until(() => w.values.length === 3);
    expect(w.values[2]).toEqual({ name: "Ada", age: 36, links: { gh: "ada2", web: "https://a.example" } });
    await remove(ref(a.db, "profile/links"));
    await until(() => w.values.length === 4);
    expect(w.values[3]).toEqual({ name: "Ada", age: 36 });
    await remove(ref(a.db, "profile"));
    await until(() => w.values.length === 5);
    expect(w.values[4]).toBeNull();
  });

  it("update from the root reaches a listener below it", async () => {
    const [a, b] = two();
    const w = watch(ref(b.db, "deep/inside"));
    await until(() => w.values.length === 1);
    await update(ref(a.db), { "deep/inside/x": 1, "other/y": 2 });
    await until(() => w.values.length === 2);
    expect(w.values[1]).toEqual({ x: 1 });
    await set(ref(a.db, "deep"), { inside: "leaf" });
    await until(() => w.values.length === 3);
    expect(w.values[2]).toBe("leaf");
  });

  it("push creates ordered ids seen by the other client, get reads once", async () => {
    const [a, b] = two();
    const added: string[] = [];
    onChildAdded(ref(b.db, "posts"), (s) => added.push(s.val().title));
    const r1 = await push(ref(a.db, "posts"), { title: "one" });
    const r2 = await push(ref(a.db, "posts"), { title: "two" });
    expect(r1.key! < r2.key!).toBe(true);
    await until(() => added.length === 2);
    expect(added).toEqual(["one", "two"]);
    const snap = await get(ref(b.db, `posts/${r2.key}`));
    expect(snap.val()).toEqual({ title: "two" });
  });

  it("child added / changed / removed / moved events", async () => {
    const [a, b] = two();
    await set(ref(a.db, "scores"), { x: { s: 1 }, y: { s: 2 }, z: { s: 3 } });
    const ordered = query(ref(b.db, "scores"), orderByChild("s"));
    const events: string[] = [];
    onChildAdded(ordered, (s) => events.push(`added:${s.key}`));
    onChildChanged(ordered, (s) => events.push(`changed:${s.key}:${s.val().s}`));
    onChildRemoved(ordered, (s) => events.push(`removed:${s.key}`));
    onChildMoved(ordered, (s, prev) => events.push(`moved:${s.key}:after:${prev}`));
    await until(() => events.length === 3);
    expect(events).toEqual(["added:x", "added:y", "added:z"]);
    await set(ref(a.db, "scores/x/s"), 10);
    await until(() => events.includes("changed:x:10"));
    expect(events).toContain("moved:x:after:z");
    await remove(ref(a.db, "scores/y"));
    await until(() => events.includes("removed:y"));
  });

  it("ordered queries: orderByChild/Key/Value with ranges and limits", async () => {
    const [a, b] = two();
    await set(ref(a.db, "films"), {
      f1: { year: 1999, title: "Matrix" },
      f2: { year: 1977, title: "Star Wars" },
      f3: { year: 2010, title: "Inception" },
      f4: { year: 1994, title: "Pulp Fiction" },
      f5: { title: "No year" },
    });
    const keys = async (q: Query) => {
      const s = await get(q);
      const k: string[] = [];
      s.forEach((c) => {
        k.push(c.key!);
      });
      return k;
    };
    const films = ref(b.db, "films");
    expect(await keys(query(films, orderByChild("year")))).toEqual(["f5", "f2", "f4", "f1", "f3"]);
    expect(await keys(query(films, orderByChild("year"), limitToFirst(2)))).toEqual(["f5", "f2"]);
    expect(await keys(query(films, orderByChild("year"), limitToLast(2)))).toEqual(["f1", "f3"]);
    expect(await keys(query(films, orderByChild("year"), startAt(1990), endAt(2000)))).toEqual(["f4", "f1"]);
    expect(await keys(query(films, orderByChild("year"), startAfter(1994)))).toEqual(["f1", "f3"]);
    expect(await keys(query(films, orderByChild("year"), endBefore(1999)))).toEqual(["f5", "f2", "f4"]);
    expect(await keys(query(films, orderByChild("year"), equalTo(2010)))).toEqual(["f3"]);
    expect(await keys(query(films, orderByKey(), startAt("f2"), endAt("f3")))).toEqual(["f2", "f3"]);
    expect(await keys(query(films, orderByKey(), startAfter("f2"), limitToFirst(1)))).toEqual(["f3"]);
    expect(await keys(query(films, orderByKey(), limitToLast(1)))).toEqual(["f5"]);
    await set(ref(a.db, "nums"), { a: 3, b: 1, c: 2, d: "text", e: true });
    expect(await keys(query(ref(b.db, "nums"), orderByValue()))).toEqual(["e", "b", "c", "a", "d"]);
    expect(await keys(query(ref(b.db, "nums"), orderByValue(), startAt(2), endAt(3)))).toEqual(["c", "a"]);
  });

  it("a live limit window refills when a member is removed", async () => {
    const [a, b] = two();
    await set(ref(a.db, "q"), { a: { n: 1 }, b: { n: 2 }, c: { n: 3 }, d: { n: 4 } });
    const w = keysOf(query(ref(b.db, "q"), orderByChild("n"), limitToLast(2)));
    await until(() => w.keys.length >= 1 && w.keys.at(-1)!.join() === "c,d", "initial window");
    await remove(ref(a.db, "q/d"));
    await until(() => w.keys.at(-1)!.join() === "b,c", "refilled window");
    await push(ref(a.db, "q"), { n: 10 });
    await until(() => w.keys.at(-1)!.length === 2 && w.keys.at(-1)![0] === "c", "window with new item");
  });

  it("concurrent transactions from two clients lose nothing (hash compare-and-set)", async () => {
    const [a, b] = two();
    const runs = [];
    for (let i = 0; i < 20; i++) runs.push(runTransaction(ref(i % 2 ? a.db : b.db, "counter"), (v: number | null) => (v ?? 0) + 1));
    const results = await Promise.all(runs);
    expect(results.every((r) => r.committed)).toBe(true);
    expect((await get(ref(a.db, "counter"))).val()).toBe(20);
    expect((await get(ref(b.db, "counter"))).val()).toBe(20);
  });

  it("transactions on objects with numbers and strings commit", async () => {
    const [a, b] = two();
    await set(ref(a.db, "obj"), { n: 1.5, s: "x", t: true, neg: -0.1, big: 1e21 });
    const r = await runTransaction(ref(b.db, "obj"), (v: { n: number } | null) => (v ? { ...v, n: v.n + 1 } : v));
    expect(r.committed).toBe(true);
    expect((await get(ref(a.db, "obj/n"))).val()).toBe(2.5);
  });

  it("the transaction hash matches the SDK on the first try for varied values", async () => {
    const [a, b] = two();
    const values: unknown[] = [
      { n: 1.5, neg: -0.1, big: 1e21, tiny: 5e-324, int: 42, zero: 0, t: true, f: false, s: 'é😀"\\' },
      { "1": "a", "2": "b", "10": "c", "-5": "d", "007": "e", a: { b: { c: [1, 2, 3] } } },
      "a string",
      12345.678,
      true,
    ];
    for (const [i, v] of values.entries()) {
      await set(ref(a.db, `hash/v${i}`), v);
      const seen: unknown[] = [];
      const stop = onValue(ref(b.db, `hash/v${i}`), (snap) => seen.push(snap.val()));
      await until(() => seen.length > 0);
      let calls = 0;
      const r = await runTransaction(ref(b.db, `hash/v${i}`), (cur: unknown) => {
        calls++;
        return { wrapped: cur };
      });
      stop();
      expect(r.committed).toBe(true);
      expect(calls, `value ${i} needed a retry: hash mismatch`).toBe(1);
    }
  });

  it("serverTimestamp and increment are resolved by the server", async () => {
    const [a, b] = two();
    const before = Date.now();
    await set(ref(a.db, "meta"), { at: serverTimestamp(), count: increment(2) });
    await update(ref(b.db, "meta"), { count: increment(3) });
    await set(ref(a.db, "meta/text"), "x");
    await set(ref(a.db, "meta/text"), increment(7));
    const v = (await get(ref(b.db, "meta"))).val();
    expect(typeof v.at).toBe("number");
    expect(v.at).toBeGreaterThanOrEqual(before - 1000);
    expect(v.count).toBe(5);
    expect(v.text).toBe(7);
  });

  it("onDisconnect set, update, remove and cancel run when a client goes away", async () => {
    const [a, b] = two();
    await set(ref(a.db, "presence"), { keep: "yes", gone: "soon", cancelled: "stays" });
    await onDisconnect(ref(a.db, "presence/online")).set(false);
    await onDisconnect(ref(a.db, "presence")).update({ lastSeen: serverTimestamp() });
    await onDisconnect(ref(a.db, "presence/gone")).remove();
    await onDisconnect(ref(a.db, "presence/cancelled")).remove();
    await onDisconnect(ref(a.db, "presence/cancelled")).cancel();
    const w = watch(ref(b.db, "presence"));
    await until(() => w.values.length === 1);
    goOffline(a.db);
    await until(() => {
      const v = w.values.at(-1) as Record<string, unknown> | null;
      return !!v && v["online"] === false && typeof v["lastSeen"] === "number" && !("gone" in v);
    }, "onDisconnect effects");
    const v = w.values.at(-1) as Record<string, unknown>;
    expect(v["cancelled"]).toBe("stays");
    expect(v["keep"]).toBe("yes");
  });

  it("large values travel as multi-frame messages both ways", async () => {
    const [a, b] = two();
    // Client -> server: the SDK splits its frames without regard to surrogate pairs (so does
    // real Firebase), so this direction uses BMP characters only.
    const up: Record<string, string> = {};
    for (let i = 0; i < 40; i++) up[`k${i}`] = `${"é€".repeat(1000)}-${i}`;
    const w = watch(ref(b.db, "big"));
    await until(() => w.values.length === 1);
    await set(ref(a.db, "big"), up);
    await until(() => w.values.length === 2);
    expect(sameJson(w.values[1], up)).toBe(true);
    // Server -> client: the server never splits inside a surrogate pair.
    const down: Record<string, string> = {};
    for (let i = 0; i < 40; i++) down[`k${i}`] = `${"a😀".repeat(999 + i)}-${i}`;
    const res = await fetch(`${emu.url}/big.json?ns=${ns}`, { method: "PUT", headers: { authorization: "Bearer owner" }, body: JSON.stringify(down) });
    expect(res.status).toBe(200);
    await until(() => w.values.length === 3);
    expect(sameJson(w.values[2], down)).toBe(true);
    expect((await get(ref(a.db, "big/k39"))).val() === down["k39"]).toBe(true);
  });

  it("arrays are stored as objects with index keys and read back as arrays (SDK and REST)", async () => {
    const [a, b] = two();
    await set(ref(a.db, "tags"), ["x", "y", "z"]);
    expect((await get(ref(b.db, "tags"))).val()).toEqual(["x", "y", "z"]);
    expect(await (await fetch(`${emu.url}/tags.json?ns=${ns}`)).json()).toEqual(["x", "y", "z"]);
    // format=export shows the stored shape (as exportVal()).
    expect(await (await fetch(`${emu.url}/tags.json?ns=${ns}&format=export`)).json()).toEqual({ 0: "x", 1: "y", 2: "z" });
  });

  it("namespaces never see each other", async () => {
    const nsA = uniqueNs("iso");
    const nsB = uniqueNs("iso");
    const a = makeClient(emu, nsA);
    const b = makeClient(emu, nsB);
    const a2 = makeClient(emu, nsA);
    clients.push(a, b, a2);
    await set(ref(a.db, "secret"), "A");
    await set(ref(b.db, "secret"), "B");
    expect((await get(ref(a2.db, "secret"))).val()).toBe("A");
    expect((await get(ref(b.db, "secret"))).val()).toBe("B");
  });

  it("REST GET/PUT/PATCH/POST/DELETE with owner bypass notify live listeners", async () => {
    const [, b] = two();
    const w = watch(ref(b.db, "rest"));
    await until(() => w.values.length === 1);
    const owner = { authorization: "Bearer owner", "content-type": "application/json" };
    let res = await fetch(`${emu.url}/rest.json?ns=${ns}`, { method: "PUT", headers: owner, body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(200);
    await until(() => w.values.length === 2);
    expect(w.values[1]).toEqual({ a: 1 });
    res = await fetch(`${emu.url}/rest.json?ns=${ns}`, { method: "PATCH", headers: owner, body: JSON.stringify({ "b/c": 2 }) });
    expect(res.status).toBe(200);
    await until(() => w.values.length === 3);
    expect(w.values[2]).toEqual({ a: 1, b: { c: 2 } });
    res = await fetch(`${emu.url}/rest/list.json?ns=${ns}`, { method: "POST", headers: owner, body: JSON.stringify("item") });
    const { name } = (await res.json()) as { name: string };
    expect(typeof name).toBe("string");
    res = await fetch(`${emu.url}/rest/list/${name}.json?ns=${ns}`);
    expect(await res.json()).toBe("item");
    res = await fetch(`${emu.url}/rest.json?ns=${ns}&orderBy="$key"&limitToFirst=1`);
    expect(await res.json()).toEqual({ a: 1 });
    res = await fetch(`${emu.url}/rest.json?ns=${ns}`, { method: "DELETE", headers: owner });
    expect(res.status).toBe(200);
    await until(() => w.values.at(-1) === null);
  });

  it("a client reconnects after the server restarts on the same port", async () => {
    const dataNs = uniqueNs("restart");
    const server = await startServer();
    const port = server.port;
    const a = makeClient(server, dataNs);
    const b = makeClient(server, dataNs);
    clients.push(a, b);
    await set(ref(a.db, "v"), 1);
    const w = watch(ref(b.db, "v"));
    await until(() => w.values.at(-1) === 1);
    await server.close();
    const again = await startServer({ port });
    try {
      // Memory-only server: the data is gone, the clients reconnect and write again.
      await set(ref(a.db, "v"), 2);
      await until(() => w.values.at(-1) === 2, "write after restart");
    } finally {
      await closeClients(clients);
      await again.close();
    }
  });
});
