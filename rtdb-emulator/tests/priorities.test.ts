// Priorities, with the real SDK as the reference: stored, returned, ordered, queried, hashed
// by transactions, seen by the rules, persisted, and shown by REST only in the export format.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  endAt,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onValue,
  orderByPriority,
  query,
  ref,
  runTransaction,
  set,
  setPriority,
  setWithPriority,
  startAt,
  update,
  type DataSnapshot,
  type Query,
} from "firebase/database";
import type { RtdbEmulator } from "../src/index.js";
import { closeClients, makeClient, ownerRest, startServer, uniqueNs, until, type TestClient } from "./helpers.js";

const servers: RtdbEmulator[] = [];
const clients: TestClient[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await closeClients(clients);
  for (const s of servers.splice(0)) await s.close();
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function setup(options: Parameters<typeof startServer>[0] = {}): Promise<{ emu: RtdbEmulator; ns: string; a: TestClient; b: TestClient }> {
  const emu = await startServer(options);
  servers.push(emu);
  const ns = uniqueNs("prio");
  const a = makeClient(emu, ns);
  const b = makeClient(emu, ns);
  clients.push(a, b);
  return { emu, ns, a, b };
}

/** Child keys in the order the SDK iterates them, from a fresh read by a client. */
async function keysOf(q: Query): Promise<string[]> {
  const snap = await get(q);
  const keys: string[] = [];
  snap.forEach((child: DataSnapshot) => {
    keys.push(child.key!);
  });
  return keys;
}

// Children with no priority, numbers and strings: the SDK orders them
// none < numbers (ascending) < strings (lexicographic), ties by key.
const MIXED = {
  n1: { ".value": "x", ".priority": 10 },
  n2: { ".value": "x", ".priority": -2.5 },
  s1: { ".value": "x", ".priority": "b" },
  s2: { ".value": "x", ".priority": "a" },
  none: "x",
  tie2: { ".value": "x", ".priority": 5 },
  tie1: { ".value": "x", ".priority": 5 },
};
const PRIORITY_ORDER = ["none", "n2", "tie1", "tie2", "n1", "s2", "s1"];

describe("priorities", () => {
  it("setWithPriority and setPriority are stored and reach other clients", async () => {
    const { a, b } = await setup();
    await setWithPriority(ref(a.db, "leaf"), "hello", 3);
    await setWithPriority(ref(a.db, "obj"), { x: 1 }, "p");
    const leaf = await get(ref(b.db, "leaf"));
    expect([leaf.val(), leaf.priority, leaf.exportVal()]).toEqual(["hello", 3, { ".value": "hello", ".priority": 3 }]);
    expect((await get(ref(b.db, "obj"))).exportVal()).toEqual({ x: 1, ".priority": "p" });
    await setPriority(ref(a.db, "obj"), 7);
    const obj = await get(ref(b.db, "obj"));
    expect([obj.val(), obj.priority]).toEqual([{ x: 1 }, 7]);
    // An update below keeps the node's priority; a plain set replaces it.
    await update(ref(a.db, "obj"), { y: 2 });
    expect((await get(ref(b.db, "obj"))).exportVal()).toEqual({ x: 1, y: 2, ".priority": 7 });
    await set(ref(a.db, "obj"), { z: 3 });
    expect((await get(ref(b.db, "obj"))).priority).toBe(null);
    // Removing the priority.
    await setPriority(ref(a.db, "leaf"), null);
    expect((await get(ref(b.db, "leaf"))).exportVal()).toBe("hello");
  });

  it("children are ordered by priority, then key; limits and ranges apply to priorities", async () => {
    const { a, b } = await setup();
    await set(ref(a.db, "list"), MIXED);
    const list = ref(b.db, "list");
    expect(await keysOf(query(list, orderByPriority()))).toEqual(PRIORITY_ORDER);
    // Windows are cut on the server: a limit without orderBy* orders by priority too.
    expect(await keysOf(query(list, orderByPriority(), limitToFirst(3)))).toEqual(["none", "n2", "tie1"]);
    expect(await keysOf(query(list, limitToLast(2)))).toEqual(["s2", "s1"]);
    expect(await keysOf(query(list, orderByPriority(), startAt(5), endAt(10)))).toEqual(["tie1", "tie2", "n1"]);
    expect(await keysOf(query(list, orderByPriority(), startAt(5, "tie2"), limitToFirst(2)))).toEqual(["tie2", "n1"]);
    expect(await keysOf(query(list, orderByPriority(), equalTo("a")))).toEqual(["s2"]);
    expect(await keysOf(query(list, orderByPriority(), startAt("a")))).toEqual(["s2", "s1"]);
  });

  it("transactions hash priorities like the SDK and may return one", async () => {
    const { a, b } = await setup();
    await setWithPriority(ref(a.db, "counter"), 1, "keep");
    // The hash of a node with a priority matches on the first try: with the value already
    // held by a listener, one run, committed.
    const held: unknown[] = [];
    const stop = onValue(ref(b.db, "counter"), (s) => held.push(s.exportVal()));
    await until(() => held.length > 0, "value held");
    let runs = 0;
    const first = await runTransaction(ref(b.db, "counter"), (v: number | null) => {
      runs++;
      return v === null ? null : { ".value": v + 1, ".priority": "keep" };
    });
    expect([first.committed, runs, first.snapshot.exportVal()]).toEqual([true, 1, { ".value": 2, ".priority": "keep" }]);
    stop();
    // Children hash in priority order: a node whose children have priorities matches too.
    await set(ref(a.db, "list"), MIXED);
    const heldList: unknown[] = [];
    const stopList = onValue(ref(b.db, "list"), (s) => heldList.push(s.val()));
    await until(() => heldList.length > 0, "list held");
    let listRuns = 0;
    const added = await runTransaction(ref(b.db, "list"), (v: Record<string, unknown> | null) => {
      listRuns++;
      return v === null ? null : { ...v, added: "y" };
    });
    expect([added.committed, listRuns]).toEqual([true, 1]);
    stopList();
    // Concurrent transactions returning priorities lose nothing.
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        runTransaction(ref(i % 2 ? a.db : b.db, "counter"), (v: number | null) => ({ ".value": (v ?? 0) + 1, ".priority": i })),
      ),
    );
    expect(all.every((r) => r.committed)).toBe(true);
    const final = await get(ref(a.db, "counter"));
    expect(final.val()).toBe(12);
    expect(typeof final.priority).toBe("number");
  });

  it("rules see priorities through newData.getPriority()", async () => {
    const { a } = await setup({
      rulesText: '{"rules": {".read": true, "ranked": {"$id": {".write": true, ".validate": "newData.getPriority() != null"}}}}',
    });
    await expect(set(ref(a.db, "ranked/one"), "no priority")).rejects.toThrow(/permission/i);
    await setWithPriority(ref(a.db, "ranked/one"), "with priority", 1);
    expect((await get(ref(a.db, "ranked/one"))).priority).toBe(1);
  });

  it("REST: priorities only with format=export; written in bodies and at <path>/.priority.json", async () => {
    const { emu, ns } = await setup();
    const url = (p: string, q = "") => `${emu.url}/${p}.json?ns=${ns}${q}`;
    await ownerRest("PUT", url("list"), MIXED);
    expect(await (await fetch(url("list/n1"))).json()).toBe("x");
    expect(await (await fetch(url("list/n1", "&format=export"))).json()).toEqual({ ".value": "x", ".priority": 10 });
    expect(await (await fetch(url("list/n1/.priority"))).json()).toBe(10);
    await ownerRest("PUT", url("list/none/.priority"), "z");
    expect(await (await fetch(url("list/none", "&format=export"))).json()).toEqual({ ".value": "x", ".priority": "z" });
    const firstTwo = await (await fetch(url("list", '&orderBy="$priority"&limitToFirst=2&format=export'))).json();
    expect(Object.keys(firstTwo as object).sort()).toEqual(["n2", "tie1"]);
    expect(await (await fetch(url("list", "&shallow=true"))).json()).toEqual(Object.fromEntries(Object.keys(MIXED).map((k) => [k, true])));
  });

  it("priorities survive a restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-prio-"));
    dirs.push(dataDir);
    const first = await setup({ dataDir });
    await setWithPriority(ref(first.a.db, "kept"), { v: 1 }, 42);
    await setPriority(ref(first.a.db, "kept"), 43);
    await closeClients(clients);
    await first.emu.close();
    servers.splice(0);
    const again = await startServer({ dataDir });
    servers.push(again);
    const c = makeClient(again, first.ns);
    clients.push(c);
    expect((await get(ref(c.db, "kept"))).exportVal()).toEqual({ v: 1, ".priority": 43 });
  });
});
