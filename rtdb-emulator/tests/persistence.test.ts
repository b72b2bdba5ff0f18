import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ref, set, update } from "firebase/database";
import { closeClients, makeClient, spawnCli, startServer, until, type TestClient } from "./helpers.js";

const tmpDirs: string[] = [];
const clients: TestClient[] = [];
const children: ChildProcess[] = [];

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-persist-"));
  tmpDirs.push(d);
  return d;
}

afterEach(async () => {
  await closeClients(clients);
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("persistence", () => {
  it("every acknowledged write survives kill -9 during a burst", async () => {
    const dir = tmpDir();
    const first = await spawnCli(children, ["--data", dir]);
    const c = makeClient({ host: "127.0.0.1", port: first.port }, "persist");
    clients.push(c);
    await set(ref(c.db, "before"), "kept");
    const acked = new Map<string, number>();
    // Keep writing until the server is gone, so the kill lands inside a stream of writes.
    let issued = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        for (let j = 0; j < 25; j++) {
          const i = issued++;
          const key = `k${i}`;
          const write = i % 3 === 0 ? update(ref(c.db, "burst"), { [key]: i }) : set(ref(c.db, `burst/${key}`), i);
          write.then(
            () => acked.set(key, i),
            () => {},
          );
        }
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await until(() => acked.size >= 500, "some acknowledgements");
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    stop = true;
    await writer;
    const ackedAtKill = new Map(acked);
    expect(ackedAtKill.size).toBeGreaterThanOrEqual(500);
    expect(ackedAtKill.size).toBeLessThan(issued); // the kill really landed inside the burst
    await closeClients(clients);

    const second = await spawnCli(children, ["--data", dir]);
    const res = await fetch(`http://127.0.0.1:${second.port}/.json?ns=persist`, { headers: { authorization: "Bearer owner" } });
    const data = (await res.json()) as { before: string; burst: Record<string, number> };
    expect(data.before).toBe("kept");
    const missing = [...ackedAtKill.keys()].filter((k) => data.burst[k] !== ackedAtKill.get(k));
    expect(missing).toEqual([]);
    // Anything beyond the acknowledged writes is a whole write, never garbage.
    for (const [k, v] of Object.entries(data.burst)) expect(v).toBe(Number(k.slice(1)));
    second.child.kill("SIGTERM");
    await new Promise((r) => second.child.once("exit", r));
    expect(second.child.exitCode).toBe(0);
  });

  it("the instance names its data folder, answers while running, and stops once however often it is closed", async () => {
    const dir = tmpDir();
    const server = await startServer({ dataDir: dir });
    expect(server.dataDir).toBe(path.resolve(dir));
    await server.ready();
    const stopping = server.close();
    expect(server.close()).toBe(stopping);
    await stopping;
    await expect(server.ready()).rejects.toThrow(/stopped/);
  });

  it("a torn last log line is dropped and reported; the rest is replayed", async () => {
    const dir = tmpDir();
    const server = await startServer({ dataDir: dir });
    const c = makeClient(server, "torn");
    clients.push(c);
    await set(ref(c.db, "a"), 1);
    await set(ref(c.db, "b"), { x: "y" });
    await closeClients(clients);
    await server.close();
    // Simulate a crash: no snapshot, and a half-written line at the end of the log.
    fs.rmSync(path.join(dir, "torn", "snapshot.json"), { force: true });
    fs.writeFileSync(path.join(dir, "torn", "log.jsonl"), '[["a"],1]\n[["b"],{"x":"y"}]\n[["c"],{"partial":');
    const lines: string[] = [];
    const again = await startServer({ dataDir: dir, log: (l) => lines.push(l) });
    try {
      expect(again.recovery["torn"]!.tornBytes).toBeGreaterThan(0);
      expect(again.recovery["torn"]!.entriesReplayed).toBe(2);
      expect(lines.join("\n")).toMatch(/torn/);
      const res = await fetch(`${again.url}/.json?ns=torn`, { headers: { authorization: "Bearer owner" } });
      expect(await res.json()).toEqual({ a: 1, b: { x: "y" } });
      // The log was cut back to the last whole line, so new writes append cleanly.
      const c2 = makeClient(again, "torn");
      clients.push(c2);
      await set(ref(c2.db, "d"), 4);
    } finally {
      await closeClients(clients);
      await again.close();
    }
    const third = await startServer({ dataDir: dir });
    try {
      const res = await fetch(`${third.url}/.json?ns=torn`, { headers: { authorization: "Bearer owner" } });
      expect(await res.json()).toEqual({ a: 1, b: { x: "y" }, d: 4 });
    } finally {
      await third.close();
    }
  });

  it("a corrupt line in the middle of the log refuses to start instead of losing data", async () => {
    const dir = tmpDir();
    fs.mkdirSync(path.join(dir, "bad"), { recursive: true });
    fs.writeFileSync(path.join(dir, "bad", "log.jsonl"), '[["a"],1]\n{garbage\n[["b"],2]\n');
    await expect(startServer({ dataDir: dir })).rejects.toThrow(/corrupt/);
  });

  it("compaction writes a snapshot and empties the log; namespaces persist separately", async () => {
    const dir = tmpDir();
    const server = await startServer({ dataDir: dir, compactBytes: 2000 });
    const a = makeClient(server, "compact-a");
    const b = makeClient(server, "compact-b");
    clients.push(a, b);
    const writes = [];
    for (let i = 0; i < 200; i++) writes.push(set(ref(a.db, `items/i${i}`), { n: i, text: "some text to fill the log" }));
    await Promise.all(writes);
    await set(ref(b.db, "only-b"), true);
    expect(fs.existsSync(path.join(dir, "compact-a", "snapshot.json"))).toBe(true);
    expect(fs.statSync(path.join(dir, "compact-a", "log.jsonl")).size).toBeLessThan(2000 + 200);
    await closeClients(clients);
    await server.close();
    const again = await startServer({ dataDir: dir });
    try {
      const ra = (await (await fetch(`${again.url}/items.json?ns=compact-a`, { headers: { authorization: "Bearer owner" } })).json()) as Record<
        string,
        { n: number }
      >;
      expect(Object.keys(ra)).toHaveLength(200);
      expect(ra["i199"]!.n).toBe(199);
      const rb = await (await fetch(`${again.url}/.json?ns=compact-b`, { headers: { authorization: "Bearer owner" } })).json();
      expect(rb).toEqual({ "only-b": true });
      const ra2 = await (await fetch(`${again.url}/only-b.json?ns=compact-a`, { headers: { authorization: "Bearer owner" } })).json();
      expect(ra2).toBeNull();
    } finally {
      await again.close();
    }
  });

  it("--seed loads a JSON tree only into an empty database", async () => {
    const dir = tmpDir();
    const seedFile = path.join(dir, "seed.json");
    fs.writeFileSync(seedFile, JSON.stringify({ site: { title: "Seeded" } }));
    const server = await startServer({ dataDir: path.join(dir, "db"), seed: seedFile, defaultNamespace: "seeded" });
    const c = makeClient(server, "seeded");
    clients.push(c);
    await set(ref(c.db, "site/title"), "Changed");
    await closeClients(clients);
    await server.close();
    const again = await startServer({ dataDir: path.join(dir, "db"), seed: seedFile, defaultNamespace: "seeded" });
    try {
      const res = await fetch(`${again.url}/site/title.json`, { headers: { authorization: "Bearer owner" } });
      expect(await res.json()).toBe("Changed");
    } finally {
      await again.close();
    }
  });
});
