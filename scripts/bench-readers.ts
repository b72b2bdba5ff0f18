// npm run bench:readers: many visitors' pages against the local database server, over the
// protocol a page uses (shared-content's change feed): each simulated reader holds one REST
// stream of the change marker (`GET /changes.json`, `Accept: text/event-stream`), then one edit
// is made the way the admin makes it (a multi-path update with its change mark), and every reader
// that hears of it reads the changed section once with a GET, as a page does: after a random
// delay under the change feed's REREAD_SPREAD_MS, on a connection of its own. For each N it
// prints: the time to connect every reader, the edit's fan-out on the stream (p50/p99/max from
// the write until each reader got it), the same until each reader had read the new value,
// readers that never got it (lost) or got it twice (duplicated), and the server's memory per
// connection (its resident set, in its own process, before and after the readers connected), and
// the CPU time the server and this process used from the edit until the last read. Each reader
// connects from its own loopback address, as visitors come from their own machines.
// Loopback only, bounded in time. Figures, not a test: the exit code is 1 only when a goal is
// missed (10,000 readers, p99 < 2 s, none lost, < 10 KB per connection).
//   --readers 1000,5000,10000   the reader counts
//   --skip-build                use the existing rtdb-emulator/dist
//   --stream-only               no GET after the edit: the stream's fan-out alone (the GETs are this
//                               one process's work too, and delay the events it has not handled yet)
//   --cpu-prof DIR              write the server's CPU profile there (node --cpu-prof) when it stops, and
//                               print the profiles' clock (µs) at each edit
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { rereadDelayMs, REREAD_SPREAD_MS, withChangeMarks } from "shared-content/changes";
import { build, ms, quantile } from "./lib/command";

const root = fileURLToPath(new URL("..", import.meta.url));
const NS = "bench-readers";
const GOAL = { readers: 10_000, p99Ms: 2000, bytesPerConnection: 10 * 1024 };
const CONNECT_TIMEOUT_MS = 120_000;
/** The marker every page streams and the section the edit changes (shared-content/src/paths.ts: PATHS.changes, PATHS.about). */
const MARKER = "changes";
const ABOUT = "site/about";
const EDIT_TIMEOUT_MS = 30_000;

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "1000,5000,10000" },
    "skip-build": { type: "boolean", default: false },
    "stream-only": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
  },
});
const counts = values.readers.split(",").map(Number);

interface Server {
  port: number;
  rss: () => Promise<number>;
  /** CPU time the server has used (user and system), in ms. */
  cpu: () => Promise<number>;
  stop: () => Promise<void>;
}

/** rtdb-emulator in its own process (so its memory is its own), with the project's rules, in memory. */
async function startServer(): Promise<Server> {
  const profile = values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, "rtdb-emulator/bin/rtdb-emulator.js", "--port", "0", "--host", "127.0.0.1", "--rules", "database.rules.json", "--ns", NS, "--quiet"],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening on http:\/\/[\d.]+:(\d+)/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`rtdb-emulator exited (${code})`)));
  });
  const rss = async () => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? NaN) * 1024;
  // utime and stime, in clock ticks of 10 ms (fields 14 and 15 of /proc/<pid>/stat, after the command's parentheses).
  const cpu = async () => {
    const fields = (await readFile(`/proc/${child.pid}/stat`, "utf8")).replace(/^.*\) /s, "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const stop = () => new Promise<void>((done) => (child.once("exit", () => done()), child.kill("SIGTERM")));
  return { port, rss, cpu, stop };
}

async function owner(port: number, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/${path}.json?ns=${NS}`, { method, headers: { authorization: "Bearer owner" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} /${path}: HTTP ${res.status}`);
}

interface Reader {
  /** The reader's own loopback address (127.1.x.y): a visitor's connections come from its own address and ports. */
  address: string;
  connected: boolean;
  /** The about section's counter each time the stream said it changed. */
  marks: number[];
  heardAt: number | null;
  readAt: number | null;
  close: () => void;
}

/** Server-Sent Events as the page reads them: `event:` and `data:` lines, an event per blank line. */
function sseParser(onEvent: (event: string, data: string) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const lines = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).trimStart());
      const data = field("data");
      if (data.length > 0) onEvent(field("event")[0] ?? "message", data.join("\n"));
    }
  };
}

/** The reads' connections still open (closed at the end of a round). */
const readSockets = new Set<Socket>();

/** 127.1.x.y: up to 65,536 readers, each its own address (all of 127.0.0.0/8 is this machine's). */
const readerAddress = (index: number) => `127.1.${(index >> 8) & 0xff}.${index & 0xff}`;

/**
 * The body of a streamed answer, as it comes: its head is skipped, and its chunked framing taken
 * off. The stream is asked for and read on the socket, as the reads are (readAbout): this process
 * shares the machine's two cores with the server.
 */
function chunkedBody(onBody: (text: string) => void): (chunk: string) => void {
  let buffer = "";
  let inHead = true;
  return (chunk) => {
    buffer += chunk;
    if (inHead) {
      const headEnd = buffer.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      if (!/^HTTP\/1\.1 200 [^]*\r\ntransfer-encoding: chunked/i.test(buffer.slice(0, headEnd + 2)))
        throw new Error(`not a chunked stream: ${buffer.slice(0, headEnd)}`);
      inHead = false;
      buffer = buffer.slice(headEnd + 4);
    }
    // Each chunk: its size in hex, CRLF, the data, CRLF (read as latin1, a character per byte, so the sizes hold).
    for (;;) {
      const sizeEnd = buffer.indexOf("\r\n");
      if (sizeEnd < 0) return;
      const size = parseInt(buffer.slice(0, sizeEnd), 16);
      if (buffer.length < sizeEnd + 2 + size + 2) return;
      onBody(buffer.slice(sizeEnd + 2, sizeEnd + 2 + size));
      buffer = buffer.slice(sizeEnd + 2 + size + 2);
    }
  };
}

/** One page's connection: the marker's stream; when the about counter moves, one GET of the section. */
function openReader(port: number, index: number, onHeard: (reader: Reader) => void): Reader {
  const reader: Reader = { address: readerAddress(index), connected: false, marks: [], heardAt: null, readAt: null, close: () => undefined };
  let counter: number | null = null;
  const parse = sseParser((event, data) => {
    if (event !== "put" && event !== "patch") return;
    const { path, data: value } = JSON.parse(data) as { path: string; data: unknown };
    // The about counter, whether it came as the whole marker, a patch of it or a put of the counter.
    const about = path === "/" ? (value as { about?: unknown } | null)?.about : path === "/about" ? value : undefined;
    if (!reader.connected) {
      reader.connected = true;
      counter = typeof about === "number" ? about : null;
      return;
    }
    if (typeof about === "number" && about !== counter) {
      counter = about;
      reader.marks.push(about);
      if (reader.heardAt === null) {
        reader.heardAt = performance.now();
        onHeard(reader);
      }
    }
  });
  const socket = connect({ host: "127.0.0.1", port, localAddress: reader.address });
  socket.on("error", () => undefined);
  socket.write(`GET /${MARKER}.json?ns=${NS} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  socket.setEncoding("latin1");
  socket.on("data", chunkedBody(parse));
  reader.close = () => socket.destroy();
  return reader;
}

/**
 * The changed section, read once as the page reads it: a GET on a connection of its own (a page's
 * one open connection is its stream: it downloaded nothing else on arrival) that asks for
 * keep-alive and is left open afterwards, as a browser's (the server closes it after its keep-alive
 * timeout). Written and read on the socket itself: Node's HTTP client cost the benchmark as much CPU
 * per read as the server, on the same two cores, where a visitor's browser spends its own.
 */
function readAbout(port: number, reader: Reader): void {
  const socket = connect({ host: "127.0.0.1", port, localAddress: reader.address });
  readSockets.add(socket);
  socket.on("close", () => readSockets.delete(socket));
  socket.on("error", () => undefined);
  socket.write(`GET /${ABOUT}.json?ns=${NS} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  let answer = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    answer += chunk;
    const headEnd = answer.indexOf("\r\n\r\n");
    if (headEnd < 0 || reader.readAt !== null) return;
    const length = /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, headEnd))?.[1];
    // The whole answer (its length, or chunks up to the last), and a 200: the page has the new value.
    const whole = length === undefined ? answer.endsWith("\r\n0\r\n\r\n") : answer.length >= headEnd + 4 + Number(length);
    if (whole && answer.startsWith("HTTP/1.1 200 ")) reader.readAt = performance.now();
  });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** "-" for a figure not measured (the reads, with --stream-only). */
const msOrNone = (value: number) => (Number.isNaN(value) ? "-" : ms(value));

const until = async (done: () => boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
};

async function measure(n: number) {
  const server = await startServer();
  try {
    const seed = JSON.parse(await readFile(`${root}/seed/demo-content.json`, "utf8")) as Record<string, unknown>;
    await owner(server.port, "PUT", "", { ...seed, changes: { about: 1 } });
    await new Promise((r) => setTimeout(r, 500));
    const before = await server.rss();
    const started = performance.now();
    const readers: Reader[] = [];
    for (let i = 0; i < n; i += 1) {
      // As a page does, the read waits a random delay under REREAD_SPREAD_MS (shared-content's change feed).
      readers.push(openReader(server.port, i, (r) => (values["stream-only"] ? undefined : setTimeout(() => readAbout(server.port, r), rereadDelayMs()))));
      // Not all at once: a burst of SYNs past the listen backlog is dropped and retried after 1 s.
      if (i % 200 === 199) await new Promise((r) => setImmediate(r));
    }
    await until(() => readers.every((r) => r.connected), CONNECT_TIMEOUT_MS);
    const connectMs = performance.now() - started;
    const connected = readers.filter((r) => r.connected).length;
    await new Promise((r) => setTimeout(r, 1000));
    const after = await server.rss();

    const editAt = performance.now();
    const cpuBefore = { server: await server.cpu(), bench: process.cpuUsage() };
    // V8's profiles count microseconds on the clock of process.hrtime.
    if (values["cpu-prof"]) console.log(`${n} readers: the edit at ${process.hrtime.bigint() / 1000n} µs on the profiles' clock`);
    await owner(server.port, "PATCH", "", withChangeMarks({ [`${ABOUT}/headline`]: `Edited for ${n} readers` }));
    const done = (r: Reader) => !r.connected || (values["stream-only"] ? r.heardAt !== null : r.readAt !== null);
    await until(() => readers.every(done), EDIT_TIMEOUT_MS);
    const cpuUsed = { server: (await server.cpu()) - cpuBefore.server, bench: cpuMs(process.cpuUsage(cpuBefore.bench)) };
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would come now
    const heard = readers.flatMap((r) => (r.heardAt === null ? [] : [r.heardAt - editAt])).sort((a, b) => a - b);
    const read = readers.flatMap((r) => (r.readAt === null ? [] : [r.readAt - editAt])).sort((a, b) => a - b);
    const result = {
      n,
      connected,
      connectMs,
      heard: { p50: quantile(heard, 0.5), p99: quantile(heard, 0.99), max: heard.at(-1) ?? NaN },
      read: { p50: quantile(read, 0.5), p99: quantile(read, 0.99), max: read.at(-1) ?? NaN },
      lost: readers.filter((r) => r.connected && r.heardAt === null).length,
      duplicated: readers.filter((r) => r.marks.length > 1).length,
      bytesPerConnection: (after - before) / Math.max(1, connected),
      cpuUsed,
    };
    for (const r of readers) r.close();
    for (const socket of readSockets) socket.destroy();
    return result;
  } finally {
    await server.stop();
  }
}

if (!values["skip-build"]) build(["rtdb-emulator"]);
console.log(
  `bench:readers: ${counts.join(", ")} readers, one edit each round, each read after a random delay under ${REREAD_SPREAD_MS} ms; loopback, rtdb-emulator in its own process\n`,
);
console.log(
  "| readers | connected | connect | stream p50 | p99 | max | read p50 | p99 | max | lost | duplicated | server memory / connection | CPU after the edit: server, bench |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
let missed = false;
for (const n of counts) {
  const r = await measure(n);
  console.log(
    `| ${r.n} | ${r.connected} | ${ms(r.connectMs)} | ${ms(r.heard.p50)} | ${ms(r.heard.p99)} | ${ms(r.heard.max)} | ${msOrNone(r.read.p50)} | ${msOrNone(r.read.p99)} | ${msOrNone(r.read.max)} | ${r.lost} | ${r.duplicated} | ${(r.bytesPerConnection / 1024).toFixed(1)} KB | ${ms(r.cpuUsed.server)}, ${ms(r.cpuUsed.bench)} |`,
  );
  const p99 = values["stream-only"] ? r.heard.p99 : r.read.p99;
  if (n >= GOAL.readers && (r.connected < n || p99 >= GOAL.p99Ms || r.lost > 0 || r.bytesPerConnection >= GOAL.bytesPerConnection)) missed = true;
}
console.log(
  `\ngoal: ${GOAL.readers} readers, p99 < ${GOAL.p99Ms} ms until the new value is read, none lost, < ${GOAL.bytesPerConnection / 1024} KB per connection`,
);
process.exit(missed ? 1 : 0);
