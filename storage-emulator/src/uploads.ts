// Resumable upload sessions (X-Goog-Upload-Protocol: resumable): their life from `start` to
// `finalize` or `cancel`, kept by upload-store.ts. The rules that make them strict and bounded:
// - a chunk must start exactly at the bytes received so far (a gap or a repeat is refused, with
//   the count to resume from), and never go past the size announced at `start`;
// - a session nobody touched for `idleMs` expires, its bytes removed (a timer, and at start);
// - there is no hard cap: past `maxActive` sessions, or `maxBytes` of partial uploads, the
//   sessions idle the longest give way to the new one;
// - a finalized or cancelled session keeps a small record for a day, so a late query or a
//   repeated finalize gets the same answer.
import { randomBytes } from "node:crypto";
import { StorageError, badRequest, notFound } from "./errors.js";
import { UploadStore, type UploadSession } from "./upload-store.js";

export type { UploadSession } from "./upload-store.js";

const ID_PATTERN = /^[0-9a-f]{32}$/;
/** Finalized and cancelled sessions are remembered this long (a late query still gets an answer). */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;
/** Production GCS keeps a session 7 days; locally an hour is plenty and keeps the disk clean. */
export const DEFAULT_UPLOAD_IDLE_MS = 60 * 60 * 1000;

export interface UploadLimits {
  /** A session untouched this long expires (default one hour). */
  idleMs: number;
  /** Sessions in progress beyond which the longest-idle ones give way. */
  maxActive: number;
  /** Bytes of partial uploads beyond which the longest-idle sessions give way. */
  maxBytes: number;
  maxObjectBytes: number;
}

export interface UploadRecovery {
  uploadsResumed: number;
  /** Sessions idle past the limit (or written by a server that kept no activity time), removed at start. */
  uploadsExpired: number;
  /** Sessions whose acknowledged bytes were missing (a power cut without fsync), removed: the client starts again. */
  uploadsLost: number;
}

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();
  /** One operation at a time per session: chunks append in order. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Requests under way per session (a session being used never gives way). */
  private readonly busy = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly store: UploadStore,
    private readonly limits: UploadLimits,
    private readonly log: (line: string) => void,
  ) {
    this.timer = setInterval(() => void this.sweep().catch((e: unknown) => log(`error: upload expiry: ${String(e)}`)), sweepEvery(limits.idleMs));
    this.timer.unref();
  }

  static async open(options: {
    dir?: string;
    fsync: boolean;
    limits: UploadLimits;
    log: (line: string) => void;
  }): Promise<{ uploads: UploadSessions; recovery: UploadRecovery }> {
    const uploads = new UploadSessions(new UploadStore(options.dir, options.fsync), options.limits, options.log);
    const recovery = await uploads.load();
    return { uploads, recovery };
  }

  async start(init: Pick<UploadSession, "bucket" | "name" | "metadata" | "contentType" | "declaredSize">): Promise<UploadSession> {
    await this.sweep();
    await this.makeRoom(1, 0, null);
    const now = Date.now();
    const session: UploadSession = { ...init, id: randomBytes(16).toString("hex"), status: "active", received: 0, createdAt: now, lastActivity: now };
    this.sessions.set(session.id, session);
    await this.store.create(session);
    return session;
  }

  /** The session, or a 404 naming the id. */
  get(id: string): UploadSession {
    const session = ID_PATTERN.test(id) ? this.sessions.get(id) : undefined;
    if (!session)
      throw notFound(
        `No resumable upload with id ${JSON.stringify(id.slice(0, 64))}: it was never started, or it expired after ${describeMs(this.limits.idleMs)} idle, or it gave way to newer uploads`,
      );
    return session;
  }

  /** Runs a request's work on a session, which meanwhile counts as in use (it neither expires nor gives way). */
  async using<T>(id: string, work: (session: UploadSession) => Promise<T>): Promise<T> {
    const session = this.get(id);
    session.lastActivity = Date.now();
    this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
    try {
      return await work(session);
    } finally {
      const left = (this.busy.get(id) ?? 1) - 1;
      if (left > 0) this.busy.set(id, left);
      else this.busy.delete(id);
    }
  }

  /** Appends a chunk that must start at the bytes received so far; anything else is refused with the count to resume from. */
  append(id: string, offset: number, chunk: Buffer): Promise<UploadSession> {
    return this.locked(id, async () => {
      const session = this.activeSession(id);
      if (offset !== session.received) throw wrongOffset(session, offset, chunk.length);
      const end = session.received + chunk.length;
      if (session.declaredSize !== undefined && end > session.declaredSize)
        throw badRequest(`This chunk would end at byte ${end}, past the ${session.declaredSize} bytes announced at start`);
      if (end > this.limits.maxObjectBytes) throw new StorageError("too_big", `Objects are limited to ${this.limits.maxObjectBytes} bytes on this server`);
      if (chunk.length === 0) return session;
      await this.makeRoom(0, chunk.length, id);
      await this.store.append(session, chunk);
      session.received = end;
      session.lastActivity = Date.now();
      await this.store.save(session);
      return session;
    });
  }

  /**
   * Ends the session and hands its bytes to `commit`, whose answer (stored, or refused by the
   * rules or a checksum) becomes the session's final one. A size short of the announced one is
   * refused and the session stays open for the rest.
   */
  finalize(id: string, commit: (session: UploadSession, bytes: Buffer) => Promise<{ status: number; body: unknown }>) {
    return this.locked(id, async () => {
      const session = this.get(id);
      if (session.final) return session.final;
      const active = this.activeSession(id);
      if (active.declaredSize !== undefined && active.received !== active.declaredSize)
        throw badRequest(`Upload finalized with ${active.received} bytes, but ${active.declaredSize} were announced`);
      const answer = await commit(active, await this.store.readBytes(active));
      active.status = "final";
      active.final = answer;
      active.lastActivity = Date.now();
      await this.store.dropBytes(active);
      return answer;
    });
  }

  cancel(id: string): Promise<void> {
    return this.locked(id, async () => {
      const session = this.get(id);
      if (session.status === "final") throw badRequest("This upload is already finalized and cannot be cancelled");
      session.status = "cancelled";
      session.lastActivity = Date.now();
      await this.store.dropBytes(session);
    });
  }

  /** Removes sessions idle past the limit (bytes and record) and ended records past a day. */
  async sweep(): Promise<number> {
    const now = Date.now();
    let expired = 0;
    for (const session of [...this.sessions.values()]) {
      if (this.busy.has(session.id) || this.locks.has(session.id)) continue;
      const keep = session.status === "active" ? this.limits.idleMs : KEEP_ENDED_MS;
      if (now - session.lastActivity <= keep) continue;
      if (session.status === "active") expired += 1;
      await this.forget(session, "expired");
    }
    return expired;
  }

  /** Forgets every session, open or ended (POST /internal/reset). */
  async clear(): Promise<void> {
    for (const session of [...this.sessions.values()]) await this.forget(session, "removed by a reset");
  }

  /** Waits for chunks under way, then stops the expiry timer (close). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.locks.values()].map((p) => p.catch(() => undefined)));
  }

  private active(): UploadSession[] {
    return [...this.sessions.values()].filter((s) => s.status === "active");
  }

  /** Frees room for `sessions` more sessions and `bytes` more bytes: the longest-idle sessions not in use give way. */
  private async makeRoom(sessions: number, bytes: number, keep: string | null): Promise<void> {
    const active = this.active();
    let count = active.length + sessions;
    let total = active.reduce((sum, s) => sum + s.received, 0) + bytes;
    const candidates = active.filter((s) => s.id !== keep && !this.busy.has(s.id) && !this.locks.has(s.id)).sort((a, b) => a.lastActivity - b.lastActivity);
    for (const session of candidates) {
      if (count <= this.limits.maxActive && total <= this.limits.maxBytes) break;
      // A request may have taken it up while an earlier one was being removed.
      if (this.busy.has(session.id) || this.locks.has(session.id) || !this.sessions.has(session.id)) continue;
      count -= 1;
      total -= session.received;
      await this.forget(session, "gave way to a newer upload");
    }
    // Sessions all in use at once may go past the bounds: refusing would lock the client out.
  }

  private async forget(session: UploadSession, why: string): Promise<void> {
    this.sessions.delete(session.id);
    await this.store.remove(session.id);
    if (session.status === "active") this.log(`resumable upload ${session.id} of ${session.name} ${why} (${session.received} bytes removed)`);
  }

  private activeSession(id: string): UploadSession {
    const session = this.get(id);
    if (session.status === "cancelled") throw badRequest("This upload was cancelled");
    if (session.status === "final") throw badRequest("This upload is already finalized");
    return session;
  }

  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return next;
  }

  private async load(): Promise<UploadRecovery> {
    const recovery: UploadRecovery = { uploadsResumed: 0, uploadsExpired: 0, uploadsLost: 0 };
    const now = Date.now();
    for (const { session, partSize } of await this.store.load()) {
      const ended = session.status !== "active";
      const idle = now - (session.lastActivity ?? 0);
      if (!ID_PATTERN.test(session.id) || idle > (ended ? KEEP_ENDED_MS : this.limits.idleMs)) {
        if (!ended) recovery.uploadsExpired += 1;
        await this.store.remove(session.id);
        continue;
      }
      if (!ended && (partSize === null || partSize < session.received)) {
        recovery.uploadsLost += 1;
        await this.store.remove(session.id);
        continue;
      }
      // Bytes of a chunk the crash cut off before it was acknowledged: the client sends them again.
      if (!ended && partSize! > session.received) await this.store.truncate(session);
      // An ended session whose bytes a crash left behind.
      if (ended && partSize !== null) await this.store.dropBytes(session);
      this.sessions.set(session.id, session);
      if (!ended) recovery.uploadsResumed += 1;
    }
    return recovery;
  }
}

function wrongOffset(session: UploadSession, offset: number, length: number): StorageError {
  const what = offset < session.received ? "repeats bytes already received" : "would leave a gap";
  return new StorageError(
    "bad_request",
    `This chunk starts at byte ${offset} (${length} bytes) but ${session.received} bytes were received: it ${what}. Query the upload and resume from ${session.received}`,
    { "X-Goog-Upload-Status": "active", "X-Goog-Upload-Size-Received": String(session.received) },
  );
}

/** Often enough that a session goes at most a little past its limit; at most once a minute. */
const sweepEvery = (idleMs: number) => Math.max(10, Math.min(60_000, Math.floor(idleMs / 4)));

const describeMs = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
