// REST streaming (Server-Sent Events): `GET <path>.json` with `Accept: text/event-stream`.
// A stream is a listener on the namespace whose data messages become `put`/`patch` events at
// paths relative to the streamed location.
import type http from "node:http";
import type { Actor, Listener, ListenerSink, Namespace } from "./database.js";
import { CodedError } from "./errors.js";
import { CompiledQuery, type QuerySpec } from "./order.js";
import { toRestJson } from "./rest-json.js";
import type { Json } from "./tree.js";

const MAX_BUFFERED_BYTES = 256 * 1024 * 1024;
// setTimeout's largest delay; a later expiry is re-armed when this one fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RestStreamOptions {
  namespace: Namespace;
  path: string[];
  query: QuerySpec | undefined;
  actor: Actor;
  /** `format=export`: objects stay objects (no array rendering), as the SDK's exportVal. */
  exportFormat?: boolean;
  keepAliveMs: number;
  log: (line: string) => void;
  onClose: (stream: RestStream) => void;
}

function relPath(parts: readonly string[]): string {
  return "/" + parts.join("/");
}

export class RestStream implements ListenerSink {
  readonly listener: Listener;
  private closed = false;
  private keepAlive: NodeJS.Timeout | null = null;
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    private readonly res: http.ServerResponse,
    private readonly opts: RestStreamOptions,
  ) {
    this.listener = {
      sink: this,
      path: opts.path,
      wirePath: opts.path.join("/"),
      tag: undefined,
      query: opts.query ? new CompiledQuery(opts.query) : undefined,
      querySpec: opts.query,
      lastSent: undefined,
    };
  }

  get namespace(): Namespace {
    return this.opts.namespace;
  }

  get actor(): Actor {
    return this.opts.actor;
  }

  get query(): QuerySpec | undefined {
    return this.opts.query;
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
    res.on("close", () => this.close());
    this.keepAlive = setTimeout(() => this.onKeepAlive(), this.opts.keepAliveMs);
    this.keepAlive.unref();
    this.armExpiry();
    // 'owner': the caller already evaluated the read rules for this actor.
    this.opts.namespace.listen(this.listener, "owner");
  }

  sendRaw(): void {
    // Never used: the namespace calls sendData when a sink has it.
  }

  sendData(listener: Listener, action: "d" | "m", path: readonly string[], data: Json): void {
    const rel = path.slice(listener.path.length);
    const render = (v: Json) => toRestJson(v, this.opts.exportFormat);
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
      this.opts.log(`dropping REST stream at /${this.opts.path.join("/")}: over ${MAX_BUFFERED_BYTES} bytes unread`);
      this.res.destroy();
      this.close();
      return;
    }
    this.res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    this.keepAlive?.refresh();
  }

  /** Sends a last event (`cancel`, `auth_revoked`) and ends the response. */
  end(name?: string, data: unknown = null): void {
    if (this.closed) return;
    if (name) this.event(name, data);
    this.close();
    this.res.end();
  }

  private onKeepAlive(): void {
    if (this.closed) return;
    this.event("keep-alive", null);
  }

  /** An ID token's `exp` (seconds) ends the stream with `auth_revoked` when it passes. */
  private armExpiry(): void {
    const actor = this.opts.actor;
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
    if (this.keepAlive) clearTimeout(this.keepAlive);
    if (this.expiry) clearTimeout(this.expiry);
    this.opts.namespace.unlisten(this.listener);
    this.opts.onClose(this);
  }
}

/** A server's open REST streams: started here, cancelled when new rules refuse them, ended on close. */
export class RestStreams {
  private readonly streams = new Set<RestStream>();
  private closing = false;

  constructor(
    private readonly keepAliveMs: number,
    private readonly log: (line: string) => void,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts a stream (the caller has checked the read rules). */
  start(res: http.ServerResponse, ns: Namespace, path: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void {
    if (this.closing) throw new CodedError("unavailable", "Server is shutting down");
    const stream = new RestStream(res, {
      namespace: ns,
      path,
      query,
      actor,
      exportFormat,
      keepAliveMs: this.keepAliveMs,
      log: this.log,
      onClose: (s) => {
        this.streams.delete(s);
        ns.clients--;
      },
    });
    this.streams.add(stream);
    ns.clients++;
    stream.start();
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
