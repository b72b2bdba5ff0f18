// Benchmark (not a test): acknowledged writes per second with persistence on and off, the
// fan-out latency from a set() on one client until 100 listening clients have seen it, and the
// cost of refusing a large write beside a visitor's reads (BENCH_ONLY=refused: that alone).
// The server runs in its own process (the built CLI), the clients in this one.
import { fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp } from "firebase/app";
import { connectDatabaseEmulator, getDatabase, onValue, ref, set } from "firebase/database";
import WebSocket from "ws";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, "..", "dist", "cli.js");
const WRITES = Number(process.env.BENCH_WRITES ?? 20000);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 1000); // writes in flight at once
const LISTENERS = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
let appCount = 0;

async function startServer(args) {
  const child = spawn(process.execPath, [cli, "--port", "0", "--quiet", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  for (let i = 0; i < 500 && !/listening on http:\/\/[\d.]+:(\d+)/.test(out); i++) await new Promise((r) => setTimeout(r, 20));
  const m = /listening on http:\/\/[\d.]+:(\d+)/.exec(out);
  if (!m) throw new Error(`server did not start: ${out}`);
  return {
    port: Number(m[1]),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

function client(port, ns) {
  const app = initializeApp({ projectId: "demo-bench", databaseURL: `http://127.0.0.1:${port}?ns=${ns}`, apiKey: "x" }, `bench-${++appCount}`);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, "127.0.0.1", port);
  return { app, db };
}

async function writesPerSecond(args, label) {
  const server = await startServer(args);
  const clients = [client(server.port, "bench"), client(server.port, "bench")];
  await set(ref(clients[0].db, "warmup"), 1);
  await set(ref(clients[1].db, "warmup"), 2);
  const start = performance.now();
  let next = 0;
  let done = 0;
  await new Promise((resolve, reject) => {
    const issue = () => {
      while (next < WRITES && next - done < WINDOW) {
        const i = next++;
        set(ref(clients[i % 2].db, `w/k${i % 5000}`), { n: i, s: "small" }).then(() => {
          done++;
          if (done === WRITES) resolve();
          else issue();
        }, reject);
      }
    };
    issue();
  });
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(clients.map((c) => deleteApp(c.app)));
  await server.stop();
  const rate = WRITES / seconds;
  console.log(`${label}: ${WRITES} acknowledged writes in ${seconds.toFixed(2)} s = ${Math.round(rate)} writes/s`);
  return rate;
}

/** The same writes over the raw wire protocol, without the SDK's client-side cost. */
async function rawWritesPerSecond(args, label) {
  const server = await startServer(args);
  const sockets = await Promise.all(
    [0, 1].map(
      () =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${server.port}/.ws?v=5&ns=raw`);
          ws.once("message", () => resolve(ws)); // handshake
          ws.once("error", reject);
        }),
    ),
  );
  const start = performance.now();
  let next = 0;
  let done = 0;
  await new Promise((resolve) => {
    const issue = () => {
      while (next < WRITES && next - done < WINDOW) {
        const i = next++;
        sockets[i % 2].send(JSON.stringify({ t: "d", d: { r: i + 1, a: "p", b: { p: `/w/k${i % 5000}`, d: { n: i, s: "small" } } } }));
      }
    };
    for (const ws of sockets) {
      ws.on("message", (data) => {
        const m = JSON.parse(data.toString());
        if (m.t === "d" && m.d.r) {
          if (m.d.b.s !== "ok") throw new Error(`write failed: ${data}`);
          if (++done === WRITES) resolve();
          else issue();
        }
      });
    }
    issue();
  });
  const seconds = (performance.now() - start) / 1000;
  for (const ws of sockets) ws.close();
  await server.stop();
  console.log(`${label}: ${WRITES} acknowledged writes in ${seconds.toFixed(2)} s = ${Math.round(WRITES / seconds)} writes/s`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Times fan-out rounds: round `value` writes it with `write` and lasts until every one of the
 * LISTENERS has reported it through `arrived`. Returns the round's milliseconds.
 */
function fanOutRounds() {
  let expected = null;
  let seen = 0;
  let onAll = null;
  return {
    arrived(value) {
      if (value === expected && ++seen === LISTENERS && onAll) onAll();
    },
    async round(value, write) {
      expected = value;
      seen = 0;
      const t0 = performance.now();
      await new Promise((resolve) => {
        onAll = resolve;
        write(value);
      });
      return performance.now() - t0;
    },
  };
}

/** Prints a fan-out's percentiles (`latencies` sorted). */
function reportFanOut(what, latencies) {
  console.log(
    `fan-out to ${LISTENERS} ${what} (${SAMPLES} samples): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
  );
}

function rawSocket(port, ns) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=${ns}`);
    ws.once("message", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Fan-out measured with raw protocol listeners: the server's share of the latency. */
async function rawFanOut() {
  const server = await startServer([]);
  const writer = await rawSocket(server.port, "rawfan");
  const listeners = await Promise.all(Array.from({ length: LISTENERS }, () => rawSocket(server.port, "rawfan")));
  const rounds = fanOutRounds();
  for (const ws of listeners) {
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString());
      if (m.t === "d" && m.d.a === "d") rounds.arrived(m.d.b.d);
    });
    ws.send(JSON.stringify({ t: "d", d: { r: 1, a: "q", b: { p: "/fan/value", h: "" } } }));
  }
  await new Promise((r) => setTimeout(r, 200));
  const latencies = [];
  for (let i = 1; i <= SAMPLES; i++) {
    latencies.push(await rounds.round(i, (v) => writer.send(JSON.stringify({ t: "d", d: { r: v, a: "p", b: { p: "/fan/value", d: v } } }))));
  }
  latencies.sort((a, b) => a - b);
  for (const ws of [writer, ...listeners]) ws.close();
  await server.stop();
  reportFanOut("raw protocol listeners", latencies);
}

async function fanOut() {
  const server = await startServer([]);
  const writer = client(server.port, "fan");
  const listeners = Array.from({ length: LISTENERS }, () => client(server.port, "fan"));
  const rounds = fanOutRounds();
  for (const l of listeners) onValue(ref(l.db, "fan/value"), (s) => rounds.arrived(s.val()));
  // Wait until every listener is connected and has its first value.
  await rounds.round(0, (v) => void set(ref(writer.db, "fan/value"), v));
  const latencies = [];
  for (let i = 1; i <= SAMPLES; i++) latencies.push(await rounds.round(i, (v) => void set(ref(writer.db, "fan/value"), v)));
  latencies.sort((a, b) => a - b);
  await Promise.all([writer, ...listeners].map((c) => deleteApp(c.app)));
  await server.stop();
  reportFanOut("firebase SDK clients", latencies);
}

/** Child role: one SDK client writing `count` values as fast as acks allow, then reporting. */
async function sdkWriterChild(port, count, offset) {
  const c = client(port, "bench");
  await set(ref(c.db, `warmup/${offset}`), 1);
  process.send({ ready: true });
  await new Promise((r) => process.once("message", r));
  let next = 0;
  let done = 0;
  await new Promise((resolve, reject) => {
    const issue = () => {
      while (next < count && next - done < WINDOW) {
        const i = offset + next++;
        set(ref(c.db, `w/k${i % 5000}`), { n: i, s: "small" }).then(() => {
          done++;
          if (done === count) resolve();
          else issue();
        }, reject);
      }
    };
    issue();
  });
  await deleteApp(c.app);
  process.send({ done: true });
}

/** SDK clients in two separate processes, so the SDK's own cost does not share one core. */
async function sdkWritesTwoProcesses(args, label) {
  const server = await startServer(args);
  const per = WRITES / 2;
  const kids = [0, 1].map((k) => fork(fileURLToPath(import.meta.url), ["--sdk-writer", String(server.port), String(per), String(k * per)]));
  await Promise.all(kids.map((k) => new Promise((r) => k.once("message", r))));
  const start = performance.now();
  for (const k of kids) k.send("go");
  await Promise.all(kids.map((k) => new Promise((r) => k.once("message", r))));
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(kids.map((k) => new Promise((r) => (k.exitCode !== null ? r() : k.once("exit", r)))));
  await server.stop();
  console.log(`${label}: ${WRITES} acknowledged writes in ${seconds.toFixed(2)} s = ${Math.round(WRITES / seconds)} writes/s`);
}

const repoRoot = path.join(here, "..", "..");

function unsignedToken(uid) {
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b64({ alg: "none", typ: "JWT" })}.${b64({ user_id: uid, sub: uid, firebase: { sign_in_provider: "anonymous" } })}.`;
}

const LATE_REFUSAL_RULES = JSON.stringify({
  rules: { site: { ".read": true }, items: { $id: { ".write": "auth != null", ".validate": "newData.child('n').isNumber()" } } },
});

/**
 * Refused writes, beside a visitor who reads the public `site` node again and again (one read
 * after another): an anonymous user's PATCH of `records` moderation-queue submissions with the
 * project's rules and demo content (refused at its first path), or (`late`) of records the
 * rules accept but the last (every path checked before the refusal). Prints the time to refuse
 * and the visitor reads' latencies meanwhile.
 */
async function refusedWrite(records, late) {
  const rulesFile = path.join(dataDir, "late-refusal.rules.json");
  fs.writeFileSync(rulesFile, LATE_REFUSAL_RULES);
  const rules = late ? rulesFile : path.join(repoRoot, "database.rules.json");
  const server = await startServer(["--rules", rules, "--seed", path.join(repoRoot, "seed", "demo-content.json")]);
  const base = `http://127.0.0.1:${server.port}`;
  const uid = "bench-anonymous";
  const patch = {};
  const submission = {
    fullName: "Ada Lovelace",
    role: "Engineer",
    relationship: "Colleague",
    text: "A careful engineer whose work holds up well.",
    createdAt: { ".sv": "timestamp" },
  };
  for (let i = 0; i < records; i++) {
    if (late) patch[`items/r${i}`] = { n: i === records - 1 ? "not a number" : i, text: submission.text };
    else patch[`recommendationSubmissions/user-${i}`] = submission;
  }
  const body = JSON.stringify(patch);
  if (late) await fetch(`${base}/site.json`, { method: "PUT", headers: { authorization: "Bearer owner" }, body: '{"title": "x"}' });
  await fetch(`${base}/site.json`); // warm-up
  const latencies = [];
  let writing = true;
  const start = performance.now();
  const write = fetch(`${base}/.json`, { method: "PATCH", headers: { authorization: `Bearer ${unsignedToken(uid)}` }, body }).then(async (res) => {
    await res.text();
    writing = false;
    return { status: res.status, seconds: (performance.now() - start) / 1000 };
  });
  while (writing) {
    const t = performance.now();
    const res = await fetch(`${base}/site.json`);
    await res.text();
    if (writing) latencies.push(performance.now() - t);
  }
  const { status, seconds } = await write;
  await server.stop();
  latencies.sort((a, b) => a - b);
  const shape = late ? "accepted paths, refused at the last" : "moderation queue, refused at the first path";
  console.log(
    `refused PATCH of ${records} records (${(body.length / 1e6).toFixed(1)} MB, ${shape}): HTTP ${status} after ${seconds.toFixed(2)} s; ` +
      `${latencies.length} visitor reads meanwhile, p50 ${(percentile(latencies, 50) ?? 0).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
}

if (process.argv[2] === "--sdk-writer") {
  await sdkWriterChild(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]));
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rtdb-bench-"));
try {
  console.log(
    `rtdb-emulator benchmark on ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  if (process.env.BENCH_ONLY === "refused") {
    for (const records of [5000, 20000]) for (const atEnd of [false, true]) await refusedWrite(records, atEnd);
    process.exit(0);
  }
  await rawWritesPerSecond(["--data", path.join(dataDir, "raw")], "raw protocol clients, persistence on (fdatasync before ack)");
  await rawWritesPerSecond([], "raw protocol clients, persistence off (memory only)");
  await writesPerSecond(["--data", path.join(dataDir, "sdk")], "firebase SDK clients, persistence on (fdatasync before ack)");
  await writesPerSecond([], "firebase SDK clients, persistence off (memory only)");
  await sdkWritesTwoProcesses(["--data", path.join(dataDir, "two")], "firebase SDK clients in 2 processes, persistence on");
  await rawFanOut();
  await fanOut();
  for (const records of [5000, 20000]) for (const atEnd of [false, true]) await refusedWrite(records, atEnd);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
