// Concurrent writers on one node, many rounds, with the server in its own process writing to
// disk (fsync on) and busy with unrelated writes: every acknowledged change must be in the
// final value. This is the invariant real Firebase keeps; an emulator that breaks it loses data
// that the clients were told was saved.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, increment, ref, runTransaction, set, update, type Database } from "firebase/database";
import { closeClients, makeClient, spawnCli, uniqueNs, type TestClient } from "./helpers.js";

const ROUNDS = 12;
const CLIENTS = 4;
const PER_CLIENT = 10;

const children: ChildProcess[] = [];
const clients: TestClient[] = [];
let server: { host: string; port: number };
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-stress-"));
  const { port } = await spawnCli(children, ["--data", dataDir, "--quiet"]);
  server = { host: "127.0.0.1", port };
});

afterAll(async () => {
  await closeClients(clients);
  for (const c of children.splice(0)) c.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function addOne(v: number | null): number {
  return (v ?? 0) + 1;
}

interface Round {
  writers: Database[];
  /** Reads the node from a client that took no part (its own fresh view of the server). */
  final(): Promise<unknown>;
  done(): Promise<void>;
}

/** Connected clients on a fresh namespace, plus one that keeps the server busy meanwhile. */
async function startRound(): Promise<Round> {
  const ns = uniqueNs("stress");
  const round = Array.from({ length: CLIENTS + 2 }, () => makeClient(server, ns));
  clients.push(...round);
  const [noise, reader, ...writers] = round.map((c) => c.db);
  // Every writer connected before the race starts, so they really race.
  await Promise.all(writers.map((db, i) => set(ref(db!, `ready/${i}`), true)));
  let stop = false;
  const busy = (async () => {
    for (let i = 0; !stop; i++) await set(ref(noise!, `noise/${i % 25}`), { i, pad: "x".repeat(500) });
  })();
  return {
    writers: writers as Database[],
    final: async () => (await get(ref(reader!, "counter"))).val(),
    done: async () => {
      stop = true;
      await busy;
      await closeClients(round.map((c) => clients.splice(clients.indexOf(c), 1)[0]!));
    },
  };
}

describe("concurrent writers under load (server in its own process, fsync on)", () => {
  it(`${CLIENTS} clients × ${PER_CLIENT} transactions on one node lose nothing, ${ROUNDS} rounds`, async () => {
    const outcomes: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round = await startRound();
      const results = await Promise.all(round.writers.flatMap((db) => Array.from({ length: PER_CLIENT }, () => runTransaction(ref(db, "counter"), addOne))));
      const committed = results.filter((x) => x.committed).length;
      outcomes.push(`${await round.final()}/${committed}`);
      await round.done();
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => `${CLIENTS * PER_CLIENT}/${CLIENTS * PER_CLIENT}`));
  });

  it("transactions racing increment() and multi-path updates on the same node lose nothing", async () => {
    const outcomes: string[] = [];
    for (let r = 0; r < ROUNDS / 2; r++) {
      const round = await startRound();
      const [tx1, tx2, inc, multi] = round.writers as [Database, Database, Database, Database];
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < PER_CLIENT; i++) {
        writes.push(runTransaction(ref(tx1, "counter"), addOne));
        writes.push(runTransaction(ref(tx2, "counter"), addOne));
        writes.push(set(ref(inc, "counter"), increment(1)));
        writes.push(update(ref(multi), { counter: increment(1), [`log/${i}`]: i }));
      }
      const results = await Promise.all(writes);
      const committed = results.filter((x) => x === undefined || (x as { committed: boolean }).committed).length;
      outcomes.push(`${await round.final()}/${committed}`);
      await round.done();
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS / 2 }, () => `${4 * PER_CLIENT}/${4 * PER_CLIENT}`));
  });
});
