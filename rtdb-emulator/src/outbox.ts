// The sending side of one websocket client: messages go out in order, split into frames when
// long, coalesced per tick, and held back behind a write that is not yet durable.
import type { WebSocket } from "ws";
import { CodedError } from "./errors.js";

export const MAX_FRAME_CHARS = 16384;
const DEBUG = process.env["RTDB_EMULATOR_DEBUG"] === "1";
const MAX_BUFFERED_BYTES = 256 * 1024 * 1024;

/** Splits an outgoing message into frames of at most 16,384 UTF-16 units, never inside a surrogate pair. */
export function splitFrames(message: string): string[] {
  if (message.length <= MAX_FRAME_CHARS) return [message];
  const out: string[] = [];
  let i = 0;
  while (i < message.length) {
    let end = Math.min(i + MAX_FRAME_CHARS, message.length);
    const last = message.charCodeAt(end - 1);
    if (end < message.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(message.slice(i, end));
    i = end;
  }
  return out;
}

/** The answer to a write, filled in once the write is durable. */
interface AckSlot {
  message: string | undefined;
}

export function responseMessage(r: number, status: string, data: unknown): string {
  return JSON.stringify({ t: "d", d: { r, b: { s: status, d: data } } });
}

export class Outbox {
  /**
   * Messages held back behind a write that is not yet durable. A write's ack must reach its
   * client before any data event caused by a later write: the SDK sends its queued
   * transactions on the ack without re-running them, with the hash of the newest server value
   * it holds, so an event that overtook the ack makes stale output look current (a lost
   * update). Real Firebase answers in that order; so do we, whatever fsync costs.
   */
  private readonly held: Array<string | AckSlot> = [];
  private corked = false;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly log: (line: string) => void,
    private readonly sessionId: string,
  ) {}

  send(message: string): void {
    if (this.held.length > 0) this.held.push(message);
    else this.write(message);
  }

  /** Answers request `r` once `durable` settles; what is sent after waits for that answer. */
  ackWhenDurable(r: number, durable: Promise<void>): void {
    const slot: AckSlot = { message: undefined };
    this.held.push(slot);
    durable.then(
      () => {
        slot.message = responseMessage(r, "ok", "");
        this.releaseHeld();
      },
      (err: unknown) => {
        // A write that waited behind a large update, or was one, is refused here.
        if (err instanceof CodedError) {
          slot.message = responseMessage(r, err.code, err.message);
        } else {
          this.log(`persistence error: ${String(err)}`);
          slot.message = responseMessage(r, "internal_error", "Write could not be persisted");
        }
        this.releaseHeld();
      },
    );
  }

  /** The socket is gone: nothing more is sent, and what was held is dropped. */
  close(): void {
    this.closed = true;
    this.held.length = 0;
  }

  /** Sends what is held, in order, up to the first write that is still not durable. */
  private releaseHeld(): void {
    while (this.held.length > 0) {
      const next = this.held[0]!;
      if (typeof next === "string") this.write(next);
      else if (next.message !== undefined) this.write(next.message);
      else return;
      this.held.shift();
    }
  }

  private write(message: string): void {
    if (this.closed || this.ws.readyState !== 1) return;
    if (DEBUG) this.log(`-> ${this.sessionId.slice(0, 6)} ${message.slice(0, 300)}`);
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      // A client that does not read its socket is dropped rather than allowed to eat memory.
      this.log(`dropping connection ${this.sessionId}: over ${MAX_BUFFERED_BYTES} bytes unread`);
      this.ws.terminate();
      return;
    }
    this.cork();
    if (message.length <= MAX_FRAME_CHARS) {
      this.ws.send(message);
      return;
    }
    const frames = splitFrames(message);
    this.ws.send(String(frames.length));
    for (const f of frames) this.ws.send(f);
  }

  /** Coalesces everything sent in this tick (a batch of acks, a fan-out) into one socket write. */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!socket) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }
}
