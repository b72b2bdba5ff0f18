import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliSpawner, until } from "local-server-kit/testing";
import WebSocket from "ws";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectDatabaseEmulator, getDatabase, type Database } from "firebase/database";
import { startRtdbEmulator, type RtdbEmulator, type RtdbEmulatorOptions } from "../src/index.js";

let counter = 0;

export interface TestClient {
  app: FirebaseApp;
  db: Database;
}

export function makeClient(emu: { host: string; port: number }, ns: string, extra: Record<string, unknown> = {}): TestClient {
  const app = initializeApp(
    { projectId: "demo-portfolio", databaseURL: `http://${emu.host}:${emu.port}?ns=${ns}`, apiKey: "demo-api-key", ...extra },
    `client-${process.pid}-${++counter}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, emu.host, emu.port);
  return { app, db };
}

export async function closeClients(clients: TestClient[]): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => deleteApp(c.app)));
}

export function startServer(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  return startRtdbEmulator({ port: 0, host: "127.0.0.1", ...options });
}

export { until };

export function uniqueNs(prefix = "ns"): string {
  return `${prefix}-${process.pid}-${++counter}`;
}

/** Deep equality that returns a boolean, so a failure does not print megabytes of diff. */
export function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Body of a refused request (no stream). */
  body: unknown;
  /** The next event not yet taken; rejects when the stream ended before one came. */
  next(): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Aborts the request (the client goes away). */
  close(): void;
}

/** Opens a REST stream with Node's fetch and parses Server-Sent Events (event:/data: lines). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const queue: SseEvent[] = [];
  const waiters: { resolve: (e: SseEvent) => void; reject: (e: Error) => void }[] = [];
  let done = false;
  const base = {
    status: res.status,
    headers: res.headers,
    close: () => abort.abort(),
    next(): Promise<SseEvent> {
      const e = queue.shift();
      if (e) return Promise.resolve(e);
      if (done) return Promise.reject(new Error("stream ended"));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
  };
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    return { ...base, body: await res.json(), ended: Promise.resolve() };
  }
  const dispatch = (e: SseEvent) => {
    const w = waiters.shift();
    if (w) w.resolve(e);
    else queue.push(e);
  };
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    let event = "message";
    let data: string[] = [];
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl).replace(/\r$/, "");
          buffer = buffer.slice(nl + 1);
          if (line === "") {
            if (data.length > 0) dispatch({ event, data: JSON.parse(data.join("\n")) });
            event = "message";
            data = [];
          } else if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
      }
    } catch {
      // Aborted by the client, or the connection was cut.
    }
    done = true;
    for (const w of waiters.splice(0)) w.reject(new Error("stream ended"));
  })();
  return { ...base, body: undefined, ended };
}

/** An ID token as the Auth emulator makes them (unsigned), carrying `claims`. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
}

/** A REST call with the owner token (bypasses the rules), which must answer 200. */
export async function ownerRest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, { method, headers: { authorization: "Bearer owner" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/** The next event of a stream that is not a keep-alive. */
export async function nextData(s: SseStream): Promise<SseEvent> {
  for (;;) {
    const e = await s.next();
    if (e.event !== "keep-alive") return e;
  }
}

const workspace = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The real CLI in its own process, on a free port (see `cliSpawner`). */
export const spawnCli = cliSpawner(path.join(workspace, "src", "cli.ts"), workspace);

export interface RawClient {
  ws: WebSocket;
  messages: unknown[];
  /** The session id the server's handshake named. */
  sessionId: () => string | undefined;
  closed: () => boolean;
  closeCode: () => number | undefined;
  request: (a: string, b: unknown) => Promise<{ s: string; d: unknown }>;
}

let nextRequest = 1;

/** A websocket client speaking the wire protocol by hand (`query`: e.g. `ns=x&ls=<id>`). */
export async function rawClient(emu: { port: number }, query: string): Promise<RawClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&${query}`);
  const messages: unknown[] = [];
  let closed = false;
  let code: number | undefined;
  ws.on("message", (d) => {
    try {
      messages.push(JSON.parse(d.toString()));
    } catch {
      messages.push(d.toString());
    }
  });
  ws.on("close", (c) => {
    closed = true;
    code = c;
  });
  ws.on("error", () => {});
  await until(() => messages.length > 0 || closed, "handshake");
  const request = async (a: string, b: unknown) => {
    const r = nextRequest++;
    ws.send(JSON.stringify({ t: "d", d: { r, a, b } }));
    let found: { s: string; d: unknown } | undefined;
    await until(() => {
      for (const m of messages) {
        const d = (m as { t?: string; d?: { r?: number; b?: { s: string; d: unknown } } }).d;
        if ((m as { t?: string }).t === "d" && d?.r === r) found = d.b;
      }
      return !!found || closed;
    }, `answer to ${a}`);
    if (!found) throw new Error(`connection closed before answering ${a}`);
    return found;
  };
  const sessionId = () => (messages[0] as { d?: { d?: { s?: string } } } | undefined)?.d?.d?.s;
  return { ws, messages, sessionId, closed: () => closed, closeCode: () => code, request };
}
