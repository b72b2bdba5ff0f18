// The server: HTTP (the REST API in rest.ts, the rules endpoint, a long-poll stub on /.lp),
// the SDK's websocket protocol on /.ws (one ClientConnection per socket), the rules file
// watcher, and an orderly shutdown.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { WebSocketServer, type WebSocket } from "ws";
import { ClientConnection } from "./connection.js";
import type { Actor, Namespace } from "./database.js";
import { NamespaceError, Namespaces } from "./namespaces.js";
import type { QuerySpec } from "./order.js";
import type { RecoveryReport } from "./persistence.js";
import { actorFor, handleData, HttpError, readBody, sendJson, type RestContext } from "./rest.js";
import { RestStream } from "./rest-stream.js";
import { compileRules, OPEN_RULES_TEXT } from "./rules.js";
import type { Json } from "./tree.js";

export interface RtdbEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Path of a database.rules.json (comments allowed). Without it everything is allowed. */
  rules?: string;
  /** Rules as text (used when `rules` is absent). */
  rulesText?: string;
  /** Directory for snapshot + log per namespace. Without it data lives in memory only. */
  dataDir?: string;
  /** A JSON file path, or a value, loaded into `seedNamespace` when that namespace is empty. */
  seed?: string | Json;
  /** Namespace the seed goes to, and the one REST requests without `?ns=` use. */
  defaultNamespace?: string;
  /** fdatasync the log before acknowledging writes (default true). */
  fsync?: boolean;
  /** Log size that triggers a snapshot compaction (default 16 MiB). */
  compactBytes?: number;
  /** Largest accepted message / REST body / value, in bytes (default 16 MiB). */
  maxMessageBytes?: number;
  /** Reload the rules file when it changes (default false; the CLI turns it on). */
  watchRules?: boolean;
  /** Receives log lines (default: silent). */
  log?: (line: string) => void;
  /** Silence after which a REST stream gets a `keep-alive` event (default 30 000 ms). */
  streamKeepAliveMs?: number;
  /** Most namespaces held at once (default 200); idle empty ones are forgotten to make room. */
  maxNamespaces?: number;
}

export interface RtdbEmulatorStats {
  /** Open REST streams (text/event-stream). */
  streams: number;
  /** Registered listeners over every namespace (websocket listens and REST streams). */
  listeners: number;
}

export interface RtdbEmulator {
  port: number;
  host: string;
  /** http://host:port */
  url: string;
  /** What was replayed from disk per namespace (torn last line included). */
  recovery: Record<string, RecoveryReport>;
  /**
   * Replaces the rules of one namespace, or without `namespace` the default rules of every
   * namespace that has none of its own; throws (keeping the old ones) when they do not parse.
   */
  setRules(text: string, namespace?: string): void;
  /** Open streams and listeners (to check that nothing is left behind). */
  stats(): RtdbEmulatorStats;
  /** Stops accepting, closes clients and streams, flushes and compacts the logs. */
  close(): Promise<void>;
}

export const DEFAULT_NAMESPACE = "demo-portfolio-default-rtdb";

export async function startRtdbEmulator(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const defaultNamespace = options.defaultNamespace ?? DEFAULT_NAMESPACE;
  const namespaces = new Namespaces({
    defaultRules: compileRules(options.rules ? fs.readFileSync(options.rules, "utf8") : (options.rulesText ?? OPEN_RULES_TEXT)),
    dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
    persistence: { fsync: options.fsync, compactBytes: options.compactBytes },
    maxValueBytes: maxMessageBytes,
    maxNamespaces: options.maxNamespaces,
    log,
  });
  /** Open websocket sessions by session id (for a reconnecting client's `ls`). */
  const sessions = new Map<string, ClientConnection>();
  const streams = new Set<RestStream>();
  const keepAliveMs = options.streamKeepAliveMs ?? 30_000;
  let closing = false;

  namespaces.openStored();

  if (options.seed !== undefined) {
    const seed: unknown = typeof options.seed === "string" ? JSON.parse(fs.readFileSync(options.seed, "utf8")) : options.seed;
    const ns = namespaces.get(defaultNamespace);
    if (ns.root === null) {
      await ns.set([], seed, "owner");
      log(`seeded ${defaultNamespace}`);
    }
  }

  function setRules(text: string, namespace?: string): void {
    const compiled = compileRules(text);
    const changed = namespace === undefined ? namespaces.setDefaultRules(compiled) : [namespaces.setOwnRules(namespace, compiled)];
    // Streams whose read the new rules refuse are cancelled, as Firebase does.
    for (const stream of [...streams]) {
      if (changed.includes(stream.namespace) && !stream.namespace.canRead(stream.listener.path, stream.actor, stream.query)) stream.end("cancel", null);
    }
  }

  let watcher: (() => void) | null = null;
  if (options.watchRules && options.rules) {
    const file = options.rules;
    const onChange = (cur: fs.Stats, prev: fs.Stats) => {
      if (cur.mtimeMs === prev.mtimeMs) return;
      try {
        setRules(fs.readFileSync(file, "utf8"));
        log(`rules reloaded from ${file}`);
      } catch (err) {
        log(`rules in ${file} refused, keeping the previous ones: ${(err as Error).message}`);
      }
    };
    fs.watchFile(file, { interval: 500 }, onChange);
    watcher = () => fs.unwatchFile(file, onChange);
  }

  const rest: RestContext = { namespaces, defaultNamespace, maxMessageBytes, openStream };

  const server = http.createServer((req, res) => {
    handleHttp(req, res).catch((err: unknown) => {
      const code = err instanceof HttpError ? err.code : 500;
      if (code === 500) log(`REST error: ${(err as Error)?.stack ?? String(err)}`);
      // The rest of an oversized body is not read: the connection cannot carry another request.
      if (code === 413 && !res.headersSent) res.setHeader("connection", "close");
      sendJson(res, code, { error: (err as Error).message ?? "Internal error" });
    });
  });

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = (req.method ?? "GET").toUpperCase();
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (method === "OPTIONS") {
      // Whatever headers the browser asks for (Content-Type for a JSON POST, Authorization...).
      const asked = req.headers["access-control-request-headers"];
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, PUT, PATCH, POST, DELETE, OPTIONS",
        "Access-Control-Allow-Headers": typeof asked === "string" && asked.length > 0 ? asked : "Authorization, Content-Type, Accept, Cache-Control",
        "Access-Control-Max-Age": "600",
      });
      res.end();
      return;
    }
    if (url.pathname === "/.lp") return longPoll(url, res);
    if (url.pathname === "/" || url.pathname === "") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("rtdb-emulator: Firebase Realtime Database wire protocol server\n");
      return;
    }
    if (url.pathname === "/.settings/rules.json") return rulesEndpoint(req, res, method, url);
    if (!url.pathname.endsWith(".json")) throw new HttpError(404, "Not found: REST paths end in .json");
    return handleData(rest, req, res, url, method);
  }

  function openStream(res: http.ServerResponse, ns: Namespace, parts: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void {
    if (closing) throw new HttpError(503, "Server is shutting down");
    const stream = new RestStream(res, {
      namespace: ns,
      path: parts,
      query,
      actor,
      exportFormat,
      keepAliveMs,
      log,
      onClose: (s) => {
        streams.delete(s);
        ns.clients--;
      },
    });
    streams.add(stream);
    ns.clients++;
    stream.start();
  }

  /** GET: the rules of `?ns=` (or the default ones); PUT (owner only): replace them. */
  async function rulesEndpoint(req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL): Promise<void> {
    const namespace = url.searchParams.get("ns") ?? undefined;
    if (method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(namespaces.rulesText(namespace));
      return;
    }
    if (method !== "PUT") throw new HttpError(405, "Use GET or PUT");
    if (actorFor(req, url) !== "owner") throw new HttpError(401, 'Replacing rules needs "Authorization: Bearer owner"');
    const text = await readBody(req, maxMessageBytes);
    try {
      setRules(text, namespace);
    } catch (err) {
      throw err instanceof NamespaceError ? new HttpError(err.code, err.message) : new HttpError(400, (err as Error).message);
    }
    log(namespace === undefined ? "default rules replaced through REST" : `rules of ${namespace} replaced through REST`);
    sendJson(res, 200, { status: "ok" });
  }

  /**
   * The browser SDK starts with long-polling when localStorage says a websocket failed
   * before. This answer clears that flag and closes the poll, so the SDK's next attempt
   * uses a websocket (which is all this server speaks).
   */
  function longPoll(url: URL, res: http.ServerResponse): void {
    const cb = (url.searchParams.get("cb") ?? "").replace(/[^0-9A-Za-z_]/g, "");
    const script =
      "try{localStorage.removeItem('firebase:previous_websocket_failure')}catch(e){}" +
      (cb ? `try{var w=window.parent||window;var f=w['pLPCommand${cb}'];if(f){f('close')}}catch(e){}` : "");
    res.writeHead(200, { "content-type": "application/javascript", "cache-control": "no-store" });
    res.end(script);
    log("long-poll attempt answered: websocket-failure flag cleared, poll closed");
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes + 1024 });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/.ws" || closing) {
      socket.write("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      socket.destroy();
      return;
    }
    let ns: Namespace;
    try {
      ns = namespaces.get(url.searchParams.get("ns") ?? defaultNamespace);
    } catch (err) {
      const status = err instanceof NamespaceError && err.code === 503 ? "503 Service Unavailable" : "400 Bad Request";
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n${(err as Error).message}`);
      socket.destroy();
      return;
    }
    // A client reconnecting names its last session: end that one first (running its
    // onDisconnect writes), as Firebase does, rather than waiting for its socket to time out.
    const previous = sessions.get(url.searchParams.get("ls") ?? "");
    if (previous && previous.namespace === ns) previous.end("replaced by a reconnecting client");
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      ns.clients++;
      const conn = new ClientConnection(ws, { namespace: ns, maxMessageBytes, isClosing: () => closing, log }, req.headers.host ?? `${host}:${port}`);
      sessions.set(conn.sessionId, conn);
      ws.on("message", (data, isBinary) => {
        try {
          conn.onFrame(isBinary ? Buffer.from(data as Buffer).toString("utf8") : data.toString());
        } catch (err) {
          log(`frame handling error: ${(err as Error)?.stack ?? String(err)}`);
          ws.close(1011, "internal error");
        }
      });
      ws.on("error", () => {});
      ws.on("close", () => {
        sessions.delete(conn.sessionId);
        ns.clients--;
        conn.onClose();
      });
    });
  });

  // Drops clients that vanished without closing (a cable pulled, a process killed -STOP).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      const w = ws as WebSocket & { __alive?: boolean };
      if (w.__alive === false) {
        ws.terminate();
        continue;
      }
      w.__alive = false;
      ws.ping();
    }
  }, 30_000);
  heartbeat.unref();
  wss.on("connection", (ws) => {
    (ws as WebSocket & { __alive?: boolean }).__alive = true;
    ws.on("pong", () => {
      (ws as WebSocket & { __alive?: boolean }).__alive = true;
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let closePromise: Promise<void> | null = null;
  async function close(): Promise<void> {
    closing = true;
    clearInterval(heartbeat);
    watcher?.();
    for (const stream of [...streams]) stream.end();
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await namespaces.closeAll();
  }

  return {
    port,
    host,
    url: `http://${host}:${port}`,
    recovery: namespaces.recovery,
    setRules,
    stats: () => ({ streams: streams.size, listeners: namespaces.all().reduce((n, ns) => n + ns.listeners.size, 0) }),
    close: () => (closePromise ??= close()),
  };
}
