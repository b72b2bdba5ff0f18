// One websocket client: frames in (incl. multi-frame messages), requests, listens, auth and
// onDisconnect operations. What it sends goes through its Outbox (outbox.ts).
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { decodeIdToken } from "./auth.js";
import type { AuthContext } from "./rules.js";
import { CodedError } from "./errors.js";
import type { Actor, Namespace } from "./database.js";
import { wirePath, type Listener, type ListenerSink } from "./listeners.js";
import { CompiledQuery, type QuerySpec } from "./order.js";
import { isObject, isPrefix, parsePath, parseWritePath } from "./tree.js";
import { MAX_FRAME_CHARS, Outbox, responseMessage } from "./outbox.js";

const DEBUG = process.env["RTDB_EMULATOR_DEBUG"] === "1";

interface DisconnectOp {
  kind: "set" | "update";
  path: string[];
  data: unknown;
}

export interface ConnectionContext {
  namespace: Namespace;
  maxMessageBytes: number;
  isClosing: () => boolean;
  log: (line: string) => void;
}

function isDefaultQuery(q: unknown): boolean {
  if (!isObject(q)) return true;
  return !("sp" in q) && !("ep" in q) && !("l" in q);
}

export class ClientConnection implements ListenerSink {
  readonly sessionId = randomBytes(12).toString("hex");
  private actor: Actor = null;
  private readonly listens = new Map<string, Listener>();
  private disconnectOps: DisconnectOp[] = [];
  private frames: string[] | null = null;
  private framesExpected = 0;
  private frameChars = 0;
  private closed = false;
  private readonly outbox: Outbox;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
    host: string,
  ) {
    this.outbox = new Outbox(ws, ctx.log, this.sessionId);
    this.sendRaw(JSON.stringify({ t: "c", d: { t: "h", d: { ts: Date.now(), v: "5", h: host, s: this.sessionId } } }));
  }

  get namespace(): Namespace {
    return this.ctx.namespace;
  }

  sendRaw(message: string): void {
    this.outbox.send(message);
  }

  private failed = false;

  private fail(reason: string): void {
    this.failed = true;
    this.frames = null;
    this.ctx.log(`closing connection ${this.sessionId}: ${reason}`);
    this.sendRaw(JSON.stringify({ t: "c", d: { t: "e", d: reason } }));
    this.ws.close(1008, reason.slice(0, 100));
  }

  /** Handles one websocket text frame. */
  onFrame(data: string): void {
    if (this.failed) return; // closing after a protocol error: ignore what is still in flight
    if (this.frames !== null) {
      this.frames.push(data);
      this.frameChars += data.length;
      if (this.frameChars > this.ctx.maxMessageBytes) return this.fail("Message too large");
      if (this.frames.length === this.framesExpected) {
        const full = this.frames.join("");
        this.frames = null;
        this.frameChars = 0;
        this.onMessageText(full);
      }
      return;
    }
    if (data.length <= 6 && /^\d+$/.test(data)) {
      const count = Number(data);
      if (count === 0) return; // keepalive
      if (count > Math.ceil(this.ctx.maxMessageBytes / MAX_FRAME_CHARS) + 1) return this.fail("Too many frames");
      this.frames = [];
      this.framesExpected = count;
      return;
    }
    this.onMessageText(data);
  }

  private onMessageText(text: string): void {
    if (DEBUG) this.ctx.log(`<- ${this.sessionId.slice(0, 6)} ${text.slice(0, 300)}`);
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.fail("Malformed frame: not JSON");
    }
    if (!isObject(msg) || (msg["t"] !== "d" && msg["t"] !== "c") || !isObject(msg["d"])) {
      return this.fail("Malformed message");
    }
    const d = msg["d"];
    if (msg["t"] === "c") {
      if (d["t"] === "p") this.sendRaw(JSON.stringify({ t: "c", d: { t: "o", d: {} } }));
      return;
    }
    const r = d["r"];
    const a = d["a"];
    const b = d["b"];
    if (typeof r !== "number") return this.fail("Request without a request number");
    try {
      this.handleRequest(r, a, isObject(b) ? b : {});
    } catch (err) {
      this.respondError(r, err);
    }
  }

  private respond(r: number, status: string, data: unknown): void {
    this.sendRaw(responseMessage(r, status, data));
  }

  private respondError(r: number, err: unknown): void {
    if (err instanceof CodedError) return this.respond(r, err.code, err.message);
    this.ctx.log(`internal error: ${(err as Error)?.stack ?? String(err)}`);
    this.respond(r, "internal_error", "Internal error");
  }

  private handleRequest(r: number, action: unknown, b: Record<string, unknown>): void {
    const ns = this.ctx.namespace;
    switch (action) {
      case "s":
      case "appcheck":
      case "unappcheck":
      case "unappeck": // sic: what the SDK sends
        return this.respond(r, "ok", "");
      case "auth":
      case "gauth": {
        const cred = b["cred"];
        if (cred === "owner") {
          // The Admin SDK's databaseAuthVariableOverride: an owner credential acting as the
          // given uid (`authvar`) or as a visitor (`noauth`), checked by the rules like them.
          const override = ownerOverride(b);
          this.actor = override === undefined ? "owner" : override;
          this.respond(r, "ok", { auth: override ? override.token : null, expires: null });
          this.recheckListens();
          return;
        }
        const auth = decodeIdToken(cred);
        if (!auth) return this.respond(r, "invalid_token", "Could not decode the ID token");
        this.actor = auth;
        this.respond(r, "ok", { auth: auth.token, expires: typeof auth.token["exp"] === "number" ? auth.token["exp"] : null });
        this.recheckListens();
        return;
      }
      case "unauth":
        this.actor = null;
        this.respond(r, "ok", "");
        this.recheckListens();
        return;
      case "q": {
        const path = parsePath(b["p"]);
        const tag = typeof b["t"] === "number" ? b["t"] : undefined;
        const q = b["q"];
        const spec = isDefaultQuery(q) ? undefined : (q as QuerySpec);
        let query: CompiledQuery | undefined;
        if (spec) {
          try {
            query = new CompiledQuery(spec);
          } catch (err) {
            throw new CodedError("invalid_request", (err as Error).message);
          }
        }
        const key = this.listenKey(path, tag);
        const prev = this.listens.get(key);
        if (prev) ns.unlisten(prev);
        const listener: Listener = {
          sink: this,
          path,
          wirePath: wirePath(path),
          tag,
          query,
          querySpec: spec ?? (isObject(q) ? (q as QuerySpec) : undefined),
          lastSent: undefined,
        };
        ns.listen(listener, this.actor); // sends the data first; throws when denied
        this.listens.set(key, listener);
        return this.respond(r, "ok", {});
      }
      case "n": {
        const path = parsePath(b["p"]);
        const tag = typeof b["t"] === "number" ? b["t"] : undefined;
        const key = this.listenKey(path, tag);
        const l = this.listens.get(key);
        if (l) {
          ns.unlisten(l);
          this.listens.delete(key);
        }
        return this.respond(r, "ok", "");
      }
      case "g": {
        const path = parsePath(b["p"]);
        const q = b["q"];
        const spec = isDefaultQuery(q) ? undefined : (q as QuerySpec);
        if (spec) {
          try {
            new CompiledQuery(spec);
          } catch (err) {
            throw new CodedError("invalid_request", (err as Error).message);
          }
        }
        return this.respond(r, "ok", ns.read(path, this.actor, spec));
      }
      case "p": {
        const { parts, priority } = parseWritePath(b["p"]);
        if (!("d" in b)) throw new CodedError("invalid_request", "Missing data");
        const h = typeof b["h"] === "string" ? b["h"] : undefined;
        return this.outbox.ackWhenDurable(r, priority ? ns.setPriority(parts, b["d"], this.actor, h) : ns.set(parts, b["d"], this.actor, h));
      }
      case "m": {
        const path = parsePath(b["p"]);
        return this.outbox.ackWhenDurable(r, ns.update(path, b["d"], this.actor));
      }
      case "o":
      case "om": {
        const path = parsePath(b["p"]);
        const data = b["d"];
        this.checkDisconnectOp(path, data, action === "om");
        this.disconnectOps.push({ kind: action === "om" ? "update" : "set", path, data });
        return this.respond(r, "ok", "");
      }
      case "oc": {
        const path = parsePath(b["p"]);
        this.disconnectOps = this.disconnectOps.filter((op) => !isPrefix(path, op.path));
        return this.respond(r, "ok", "");
      }
      default:
        throw new CodedError("invalid_request", `Unknown action ${JSON.stringify(action)?.slice(0, 40)}`);
    }
  }

  private listenKey(path: string[], tag: number | undefined): string {
    return wirePath(path) + "|" + (tag ?? "");
  }

  /** Validates an onDisconnect write and checks the rules now, as Firebase does at registration. */
  private checkDisconnectOp(path: string[], data: unknown, isUpdate: boolean): void {
    const ns = this.ctx.namespace;
    if (isUpdate) void ns.update(path, data, this.actor, true);
    else void ns.set(path, data, this.actor, undefined, true);
  }

  /** After an auth change, revoke the listens the new identity may not read. */
  private recheckListens(): void {
    const ns = this.ctx.namespace;
    for (const [key, l] of this.listens) {
      if (!ns.canRead(l.path, this.actor, l.querySpec)) {
        ns.unlisten(l);
        this.listens.delete(key);
        const body: Record<string, unknown> = { p: l.wirePath };
        if (l.tag !== undefined && l.querySpec) body["q"] = l.querySpec;
        this.sendRaw(JSON.stringify({ t: "d", d: { a: "c", b: body } }));
      }
    }
  }

  /** Ends this session now: its onDisconnect writes have run when this returns. */
  end(reason: string): void {
    this.ctx.log(`closing connection ${this.sessionId}: ${reason}`);
    this.ws.terminate();
    this.onClose();
  }

  /** The socket is gone: drop listens and run the onDisconnect operations. */
  onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.frames = null;
    this.outbox.close();
    const ns = this.ctx.namespace;
    for (const l of this.listens.values()) ns.unlisten(l);
    this.listens.clear();
    if (this.ctx.isClosing()) return; // server shutting down: keep the data as it is
    for (const op of this.disconnectOps) {
      try {
        const p = op.kind === "set" ? ns.set(op.path, op.data, this.actor) : ns.update(op.path, op.data, this.actor);
        p.catch((err: unknown) => this.ctx.log(`onDisconnect write not persisted: ${String(err)}`));
      } catch (err) {
        this.ctx.log(`onDisconnect ${op.kind} at /${wirePath(op.path)} refused: ${(err as Error).message}`);
      }
    }
    this.disconnectOps = [];
  }
}

/** What an owner credential acts as: `authvar` (a uid and its claims), `noauth` (a visitor), or the owner itself (undefined). */
function ownerOverride(body: Record<string, unknown>): AuthContext | null | undefined {
  if (body["noauth"] === true) return null;
  const authvar = body["authvar"];
  if (typeof authvar !== "object" || authvar === null) return undefined;
  const uid = (authvar as Record<string, unknown>)["uid"];
  if (typeof uid !== "string" || uid.length === 0) return null;
  return { uid, provider: "custom", token: { ...(authvar as Record<string, unknown>), sub: uid } };
}
