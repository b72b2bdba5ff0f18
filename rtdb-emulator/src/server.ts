// HTTP + websocket server: the SDK's wire protocol on /.ws, the REST API on /<path>.json,
// REST streaming (text/event-stream) on the same paths, rules replacement on
// /.settings/rules.json and a long-poll stub on /.lp.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeIdToken } from './auth.js';
import { ClientConnection } from './connection.js';
import { Namespace, OperationError, type Actor } from './database.js';
import { CompiledQuery, type QuerySpec } from './order.js';
import type { RecoveryReport } from './persistence.js';
import { pushId } from './push-id.js';
import { RestStream } from './rest-stream.js';
import { compileRules, OPEN_RULES_TEXT, type CompiledRules } from './rules.js';
import { toRestJson } from './rest-json.js';
import { BadRequestError, parsePath, type Json } from './tree.js';

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
  /** Replaces the rules; throws (keeping the old ones) when they do not parse. */
  setRules(text: string): void;
  /** Open streams and listeners (to check that nothing is left behind). */
  stats(): RtdbEmulatorStats;
  /** Stops accepting, closes clients and streams, flushes and compacts the logs. */
  close(): Promise<void>;
}

export const DEFAULT_NAMESPACE = 'demo-portfolio-default-rtdb';
const NS_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startRtdbEmulator(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const defaultNamespace = options.defaultNamespace ?? DEFAULT_NAMESPACE;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  let rules: CompiledRules = compileRules(
    options.rules ? fs.readFileSync(options.rules, 'utf8') : (options.rulesText ?? OPEN_RULES_TEXT),
  );
  const namespaces = new Map<string, Namespace>();
  const recovery: Record<string, RecoveryReport> = {};
  const connections = new Set<ClientConnection>();
  const streams = new Set<RestStream>();
  const keepAliveMs = options.streamKeepAliveMs ?? 30_000;
  let closing = false;

  function getNamespace(name: string): Namespace {
    if (!NS_PATTERN.test(name)) throw new HttpError(400, `Invalid namespace "${name.slice(0, 100)}"`);
    let ns = namespaces.get(name);
    if (!ns) {
      ns = new Namespace({
        name,
        rules,
        dataDir: dataDir ? path.join(dataDir, name) : undefined,
        persistence: { fsync: options.fsync, compactBytes: options.compactBytes, onError: (e) => log(`persistence error in ${name}: ${e.message}`) },
        maxValueBytes: maxMessageBytes,
        log,
      });
      namespaces.set(name, ns);
      if (ns.recovery) {
        recovery[name] = ns.recovery;
        if (ns.recovery.tornBytes > 0) {
          log(`namespace ${name}: dropped a torn last log line (${ns.recovery.tornBytes} bytes) left by a crash`);
        }
      }
    }
    return ns;
  }

  // Open every namespace already on disk now, so recovery problems show at start-up.
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
      if (entry.isDirectory() && NS_PATTERN.test(entry.name)) getNamespace(entry.name);
    }
  }

  if (options.seed !== undefined) {
    const seed: unknown = typeof options.seed === 'string' ? JSON.parse(fs.readFileSync(options.seed, 'utf8')) : options.seed;
    const ns = getNamespace(defaultNamespace);
    if (ns.root === null) {
      await ns.set([], seed, 'owner');
      log(`seeded ${defaultNamespace}`);
    }
  }

  function setRules(text: string): void {
    const compiled = compileRules(text);
    rules = compiled;
    for (const ns of namespaces.values()) ns.rules.setRules(compiled);
    // Streams whose read the new rules refuse are cancelled, as Firebase does.
    for (const stream of [...streams]) {
      if (!stream.namespace.canRead(stream.listener.path, stream.actor, stream.query)) stream.end('cancel', null);
    }
  }

  let watcher: (() => void) | null = null;
  if (options.watchRules && options.rules) {
    const file = options.rules;
    const onChange = (cur: fs.Stats, prev: fs.Stats) => {
      if (cur.mtimeMs === prev.mtimeMs) return;
      try {
        setRules(fs.readFileSync(file, 'utf8'));
        log(`rules reloaded from ${file}`);
      } catch (err) {
        log(`rules in ${file} refused, keeping the previous ones: ${(err as Error).message}`);
      }
    };
    fs.watchFile(file, { interval: 500 }, onChange);
    watcher = () => fs.unwatchFile(file, onChange);
  }

  const server = http.createServer((req, res) => {
    handleHttp(req, res).catch((err: unknown) => {
      const code = err instanceof HttpError ? err.code : 500;
      if (code === 500) log(`REST error: ${(err as Error)?.stack ?? String(err)}`);
      sendJson(res, code, { error: (err as Error).message ?? 'Internal error' });
    });
  });

  function actorFor(req: http.IncomingMessage, url: URL): Actor {
    const header = req.headers['authorization'];
    const token = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : (url.searchParams.get('auth') ?? url.searchParams.get('access_token'));
    if (!token) return null;
    if (token === 'owner') return 'owner';
    return decodeIdToken(token);
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxMessageBytes) throw new HttpError(413, `Body larger than ${maxMessageBytes} bytes`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
    const text = await readBody(req);
    try {
      return JSON.parse(text);
    } catch {
      throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
    }
  }

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (method === 'OPTIONS') {
      // Whatever headers the browser asks for (Content-Type for a JSON POST, Authorization...).
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, PUT, PATCH, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': typeof asked === 'string' && asked.length > 0 ? asked : 'Authorization, Content-Type, Accept, Cache-Control',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (url.pathname === '/.lp') return longPoll(url, res);
    if (url.pathname === '/' || url.pathname === '') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('rtdb-emulator: Firebase Realtime Database wire protocol server\n');
      return;
    }
    if (url.pathname === '/.settings/rules.json') return rulesEndpoint(req, res, method, url);
    if (!url.pathname.endsWith('.json')) throw new HttpError(404, 'Not found: REST paths end in .json');
    const ns = getNamespace(url.searchParams.get('ns') ?? defaultNamespace);
    // The raw request path, not url.pathname: URL parsing silently resolves '..' segments.
    const rawPath = (req.url ?? '/').split('?')[0]!.slice(0, -'.json'.length);
    let parts: string[];
    try {
      const segments = rawPath.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
      if (segments.some((s) => s === '..' || s === '.')) throw new BadRequestError('Path segments . and .. are not allowed');
      parts = parsePath(segments.join('/'));
      if (segments.some((s) => s.includes('/'))) throw new BadRequestError('Encoded / in a key');
    } catch (err) {
      throw new HttpError(400, err instanceof URIError ? 'Malformed path encoding' : (err as Error).message);
    }
    const actor = actorFor(req, url);
    try {
      switch (method) {
        case 'GET': {
          const query = restQuery(url);
          const exportFormat = url.searchParams.get('format') === 'export';
          if (/text\/event-stream/i.test(req.headers.accept ?? '')) return openStream(res, ns, parts, actor, query, exportFormat);
          let value = ns.read(parts, actor, query);
          if (url.searchParams.get('shallow') === 'true' && value !== null && typeof value === 'object') {
            value = Object.fromEntries(Object.keys(value).map((k) => [k, true]));
          }
          return sendJson(res, 200, toRestJson(value, exportFormat), url.searchParams.get('print') === 'pretty');
        }
        case 'PUT': {
          const body = await readJsonBody(req);
          await ns.set(parts, body, actor);
          return sendJson(res, 200, toRestJson(ns.read(parts, 'owner')));
        }
        case 'PATCH': {
          const body = await readJsonBody(req);
          await ns.update(parts, body, actor);
          // The patch as sent (server values unresolved), arrays rendered like every answer.
          return sendJson(res, 200, toRestJson(body as Json));
        }
        case 'POST': {
          const body = await readJsonBody(req);
          const id = pushId();
          await ns.set([...parts, id], body, actor);
          return sendJson(res, 200, { name: id });
        }
        case 'DELETE':
          await ns.set(parts, null, actor);
          return sendJson(res, 200, null);
        default:
          throw new HttpError(405, `Method ${method} not allowed`);
      }
    } catch (err) {
      if (err instanceof OperationError) {
        const code = err.status === 'permission_denied' ? 401 : err.status === 'too_big' ? 413 : err.status === 'datastale' ? 412 : 400;
        throw new HttpError(code, err.status === 'permission_denied' ? 'Permission denied' : err.message);
      }
      throw err;
    }
  }

  function openStream(res: http.ServerResponse, ns: Namespace, parts: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void {
    if (closing) throw new HttpError(503, 'Server is shutting down');
    if (!ns.canRead(parts, actor, query)) throw new OperationError('permission_denied', 'Permission denied');
    const stream = new RestStream(res, { namespace: ns, path: parts, query, actor, exportFormat, keepAliveMs, log, onClose: (s) => streams.delete(s) });
    streams.add(stream);
    stream.start();
  }

  async function rulesEndpoint(req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL): Promise<void> {
    if (method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(rules.text);
      return;
    }
    if (method !== 'PUT') throw new HttpError(405, 'Use GET or PUT');
    if (actorFor(req, url) !== 'owner') throw new HttpError(401, 'Replacing rules needs "Authorization: Bearer owner"');
    const text = await readBody(req);
    try {
      setRules(text);
    } catch (err) {
      throw new HttpError(400, (err as Error).message);
    }
    log('rules replaced through REST');
    sendJson(res, 200, { status: 'ok' });
  }

  /**
   * The browser SDK starts with long-polling when localStorage says a websocket failed
   * before. This answer clears that flag and closes the poll, so the SDK's next attempt
   * uses a websocket (which is all this server speaks).
   */
  function longPoll(url: URL, res: http.ServerResponse): void {
    const cb = (url.searchParams.get('cb') ?? '').replace(/[^0-9A-Za-z_]/g, '');
    const script =
      "try{localStorage.removeItem('firebase:previous_websocket_failure')}catch(e){}" +
      (cb ? `try{var w=window.parent||window;var f=w['pLPCommand${cb}'];if(f){f('close')}}catch(e){}` : '');
    res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store' });
    res.end(script);
    log('long-poll attempt answered: websocket-failure flag cleared, poll closed');
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes + 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws' || closing) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    let ns: Namespace;
    try {
      ns = getNamespace(url.searchParams.get('ns') ?? defaultNamespace);
    } catch (err) {
      socket.write(`HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n${(err as Error).message}`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const conn = new ClientConnection(
        ws,
        { namespace: ns, maxMessageBytes, isClosing: () => closing, log },
        req.headers.host ?? `${host}:${port}`,
      );
      connections.add(conn);
      ws.on('message', (data, isBinary) => {
        try {
          conn.onFrame(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
        } catch (err) {
          log(`frame handling error: ${(err as Error)?.stack ?? String(err)}`);
          ws.close(1011, 'internal error');
        }
      });
      ws.on('error', () => {});
      ws.on('close', () => {
        connections.delete(conn);
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
  wss.on('connection', (ws) => {
    (ws as WebSocket & { __alive?: boolean }).__alive = true;
    ws.on('pong', () => {
      (ws as WebSocket & { __alive?: boolean }).__alive = true;
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

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
    for (const ns of namespaces.values()) await ns.close();
  }

  return {
    port,
    host,
    url: `http://${host}:${port}`,
    recovery,
    setRules,
    stats: () => ({ streams: streams.size, listeners: [...namespaces.values()].reduce((n, ns) => n + ns.listeners.size, 0) }),
    close: () => (closePromise ??= close()),
  };
}

function sendJson(res: http.ServerResponse, code: number, body: unknown, pretty = false): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8' });
  res.end(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
}

/** REST query parameters (orderBy, limitToFirst, ...) to the wire query form. */
function restQuery(url: URL): QuerySpec | undefined {
  const p = url.searchParams;
  const orderBy = p.get('orderBy');
  if (!orderBy) {
    if (['limitToFirst', 'limitToLast', 'startAt', 'endAt', 'equalTo'].some((k) => p.has(k))) {
      throw new HttpError(400, 'orderBy must be defined when other query parameters are defined');
    }
    return undefined;
  }
  const parse = (name: string): Json | undefined => {
    const v = p.get(name);
    if (v === null) return undefined;
    try {
      return JSON.parse(v) as Json;
    } catch {
      throw new HttpError(400, `${name} must be JSON`);
    }
  };
  let index: unknown;
  try {
    index = JSON.parse(orderBy);
  } catch {
    throw new HttpError(400, 'orderBy must be JSON');
  }
  const q: QuerySpec = {};
  if (index === '$key') q.i = '.key';
  else if (index === '$value') q.i = '.value';
  else if (typeof index !== 'string') throw new HttpError(400, 'orderBy must be a JSON string');
  else if (index !== '$priority') q.i = index;
  const equalTo = parse('equalTo');
  const startAt = parse('startAt');
  const endAt = parse('endAt');
  if (equalTo !== undefined) {
    q.sp = equalTo;
    q.ep = equalTo;
  }
  if (startAt !== undefined) q.sp = startAt;
  if (endAt !== undefined) q.ep = endAt;
  const first = parse('limitToFirst');
  const last = parse('limitToLast');
  for (const [name, v] of [['limitToFirst', first], ['limitToLast', last]] as const) {
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v <= 0)) throw new HttpError(400, `${name} must be a positive integer`);
  }
  if (first !== undefined && last !== undefined) throw new HttpError(400, 'Only one of limitToFirst and limitToLast can be given');
  if (equalTo !== undefined && (startAt !== undefined || endAt !== undefined)) throw new HttpError(400, 'equalTo cannot be combined with startAt or endAt');
  if (typeof first === 'number') {
    q.l = first;
    q.vf = 'l';
  } else if (typeof last === 'number') {
    q.l = last;
    q.vf = 'r';
  }
  try {
    new CompiledQuery(q);
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
  return q;
}
