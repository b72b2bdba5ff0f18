// REST streaming (Server-Sent Events): `GET <path>.json` with `Accept: text/event-stream`.
// A stream is a listener on the namespace whose data messages become `put`/`patch` events at
// paths relative to the streamed location.
import type http from "node:http";
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
    private readonly res: http.ServerResponse,
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
    const { res } = this;
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "access-control-allow-origin": "*",
    });
    // Sent on their own: the header block, built as some twenty joined strings, becomes one flat
    // string when written (sent with the first event it stays in pieces, held as long as the stream).
    res.flushHeaders();
    res.on("close", () => this.close());
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
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.streams.log(`dropping REST stream at /${this.listener.wirePath}: over ${MAX_BUFFERED_BYTES} bytes unread`);
      this.res.destroy();
      this.close();
      return;
    }
    this.res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    this.lastEventAt = Date.now();
  }

  /** Sends a last event (`cancel`, `auth_revoked`) and ends the response. */
  end(name?: string, data: unknown = null): void {
    if (this.closed) return;
    if (name) this.event(name, data);
    this.close();
    this.res.end();
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
  start(res: http.ServerResponse, ns: Namespace, path: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void {
    if (this.closing) throw new CodedError("unavailable", "Server is shutting down");
    const stream = new RestStream(res, { namespace: ns, path, query, actor, exportFormat }, this);
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
