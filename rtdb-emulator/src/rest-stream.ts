// REST streaming (Server-Sent Events): `GET <path>.json` with `Accept: text/event-stream`.
// A stream is a listener on the namespace whose data messages become `put`/`patch` events at
// paths relative to the streamed location.
import type http from "node:http";
import type net from "node:net";
import type { Actor, Namespace } from "./database.js";
import type { Listener, ListenerSink } from "./listeners.js";
import { CodedError } from "./errors.js";
import { CompiledQuery, type QuerySpec } from "./order.js";
import { toRestJson } from "./rest-json.js";
import type { Json } from "./tree.js";

const MAX_BUFFERED_BYTES = 256 * 1024 * 1024;
// setTimeout's largest delay; a later expiry is re-armed when this one fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A stream's request. Held by the stream itself (no options object of its own): a server may hold ten thousand. */
export interface RestStreamRequest {
  namespace: Namespace;
  path: string[];
  query: QuerySpec | undefined;
  actor: Actor;
  /** `format=export`: objects stay objects (no array rendering), as the SDK's exportVal. */
  exportFormat?: boolean;
}

/** A stream answer's headers, as Firebase sends them. */
const STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "access-control-allow-origin": "*",
};

/** Where a stream's answer goes: a response of Node's HTTP server, or a connection's socket (plain-requests.ts). */
export interface StreamOutput {
  /** The status line and STREAM_HEADERS, sent before any event. */
  open(): void;
  write(text: string): void;
  end(): void;
  destroy(): void;
  /** Bytes written but not yet sent. */
  readonly writableLength: number;
  onClose(listener: () => void): void;
}

/** A stream answered through Node's HTTP server. */
export class ResponseOutput implements StreamOutput {
  constructor(private readonly res: http.ServerResponse) {}
  open(): void {
    this.res.socket?.setNoDelay(true);
    this.res.socket?.setTimeout(0);
    this.res.writeHead(200, STREAM_HEADERS);
    // Sent on their own: the header block, built as some twenty joined strings, becomes one flat
    // string when written (sent with the first event it stays in pieces, held as long as the stream).
    this.res.flushHeaders();
  }
  write(text: string): void {
    this.res.write(text);
  }
  end(): void {
    this.res.end();
  }
  destroy(): void {
    this.res.destroy();
  }
  get writableLength(): number {
    return this.res.writableLength;
  }
  onClose(listener: () => void): void {
    this.res.on("close", listener);
  }
}

/**
 * A stream answered on the socket itself (plain-requests.ts), framed in chunks as Node frames it; its
 * end closes the connection.
 */
export class SocketOutput implements StreamOutput {
  constructor(private readonly socket: net.Socket) {}
  open(): void {
    this.socket.setNoDelay(true);
    this.socket.setTimeout(0);
    const headers = Object.entries(STREAM_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
    this.socket.write(`HTTP/1.1 200 OK\r\n${headers.join("")}Date: ${new Date().toUTCString()}\r\nTransfer-Encoding: chunked\r\n\r\n`);
  }
  write(text: string): void {
    this.socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
  }
  end(): void {
    this.socket.end("0\r\n\r\n");
  }
  destroy(): void {
    this.socket.destroy();
  }
  get writableLength(): number {
    return this.socket.writableLength;
  }
  onClose(listener: () => void): void {
    this.socket.on("close", listener);
  }
}

function relPath(parts: readonly string[]): string {
  return "/" + parts.join("/");
}

export class RestStream implements ListenerSink {
  readonly listener: Listener;
  readonly namespace: Namespace;
  readonly actor: Actor;
  private readonly exportFormat: boolean;
  private closed = false;
  /** When the last event was written (the server's one keep-alive sweep reads it). */
  lastEventAt = 0;
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    private readonly out: StreamOutput,
    request: RestStreamRequest,
    private readonly streams: RestStreams,
  ) {
    this.namespace = request.namespace;
    this.actor = request.actor;
    this.exportFormat = request.exportFormat ?? false;
    this.listener = {
      sink: this,
      path: request.path,
      wirePath: request.path.join("/"),
      tag: undefined,
      query: request.query ? new CompiledQuery(request.query) : undefined,
      querySpec: request.query,
      lastSent: undefined,
    };
  }

  get query(): QuerySpec | undefined {
    return this.listener.querySpec;
  }

  /** Sends the headers and the first `put`, then follows changes. Rules were checked by the caller. */
  start(): void {
    this.out.open();
    this.out.onClose(() => this.close());
    this.lastEventAt = Date.now();
    this.armExpiry();
    // 'owner': the caller already evaluated the read rules for this actor.
    this.namespace.listen(this.listener, "owner");
  }

  sendRaw(): void {
    // Never used: the namespace calls sendData when a sink has it.
  }

  sendData(listener: Listener, action: "d" | "m", path: readonly string[], data: Json): void {
    const rel = path.slice(listener.path.length);
    const render = (v: Json) => toRestJson(v, this.exportFormat);
    if (action === "d") {
      this.event("put", { path: relPath(rel), data: render(data) });
      return;
    }
    const children = data as Record<string, Json>;
    const keys = Object.keys(children);
    if (keys.every((k) => !k.includes("/"))) {
      // The patch itself stays a map of child names (even "0", "1"): it is a list of
      // changes, not a value; each child's value is rendered.
      const patch = Object.fromEntries(keys.map((k) => [k, render(children[k]!)]));
      this.event("patch", { path: relPath(rel), data: patch });
      return;
    }
    // A multi-path update with deep keys: `patch` only carries direct children, so each
    // (non-overlapping) path goes as its own put; the end state is the same.
    for (const k of keys) this.event("put", { path: relPath([...rel, ...k.split("/")]), data: render(children[k]!) });
  }

  event(name: string, data: unknown): void {
    if (this.closed) return;
    if (this.out.writableLength > MAX_BUFFERED_BYTES) {
      this.streams.log(`dropping REST stream at /${this.listener.wirePath}: over ${MAX_BUFFERED_BYTES} bytes unread`);
      this.out.destroy();
      this.close();
      return;
    }
    this.out.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    this.lastEventAt = Date.now();
  }

  /** Sends a last event (`cancel`, `auth_revoked`) and ends the response. */
  end(name?: string, data: unknown = null): void {
    if (this.closed) return;
    if (name) this.event(name, data);
    this.close();
    this.out.end();
  }

  /** An ID token's `exp` (seconds) ends the stream with `auth_revoked` when it passes. */
  private armExpiry(): void {
    const actor = this.actor;
    if (!actor || actor === "owner") return;
    const exp = actor.token["exp"];
    if (typeof exp !== "number" || !Number.isFinite(exp)) return;
    const delay = Math.max(0, exp * 1000 - Date.now());
    this.expiry = setTimeout(
      () => {
        if (exp * 1000 > Date.now()) this.armExpiry();
        else this.end("auth_revoked", null);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.expiry.unref();
  }

  /** Stops listening (client gone, stream ended, server closing). Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
    this.namespace.unlisten(this.listener);
    this.streams.closed(this);
  }
}

/**
 * A server's open REST streams: started here, cancelled when new rules refuse them, ended on
 * close. One sweep sends `keep-alive` to every stream silent for `keepAliveMs` (a timer per
 * stream cost each of ten thousand readers its own).
 */
export class RestStreams {
  private readonly streams = new Set<RestStream>();
  private closing = false;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly keepAliveMs: number,
    readonly log: (line: string) => void,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts a stream (the caller has checked the read rules). */
  start(out: StreamOutput, ns: Namespace, path: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void {
    if (this.closing) throw new CodedError("unavailable", "Server is shutting down");
    const stream = new RestStream(out, { namespace: ns, path, query, actor, exportFormat }, this);
    this.streams.add(stream);
    ns.clients++;
    // Every tenth of the silence: a keep-alive goes out between 1 and 1.1 silences.
    this.sweep ??= setInterval(() => this.keepAlive(), Math.max(10, this.keepAliveMs / 10)).unref();
    stream.start();
  }

  /** A stream ended (its client went, it was ended, or the server is closing). */
  closed(stream: RestStream): void {
    if (!this.streams.delete(stream)) return;
    stream.namespace.clients--;
    if (this.streams.size === 0 && this.sweep) {
      clearInterval(this.sweep);
      this.sweep = null;
    }
  }

  private keepAlive(): void {
    const silentSince = Date.now() - this.keepAliveMs;
    for (const stream of this.streams) if (stream.lastEventAt <= silentSince) stream.event("keep-alive", null);
  }

  /** After a rules change in `changed`: streams whose read is now refused end with `cancel`, as Firebase does. */
  cancelRefused(changed: Namespace[]): void {
    for (const stream of [...this.streams]) {
      if (changed.includes(stream.namespace) && !stream.namespace.canRead(stream.listener.path, stream.actor, stream.query)) stream.end("cancel", null);
    }
  }

  /** Ends every stream; none starts afterwards. */
  endAll(): void {
    this.closing = true;
    for (const stream of [...this.streams]) stream.end();
  }
}
