// Resumable upload sessions (X-Goog-Upload-Protocol: resumable). A session holds the object's
// name and metadata from `start`, and the bytes received so far. With a data folder, sessions
// are kept on disk (uploads/<id>.json, and the bytes appended to uploads/<id>.part and fsync'd
// before each chunk is acknowledged), so an upload interrupted by a restart resumes where the
// server's `query` says it stopped. Finalizing hands the bytes to the object store.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { TEMP_SUFFIX, writeFileAtomic } from "./durable-file.js";
import { StorageError, badRequest, notFound } from "./errors.js";
import type { IncomingMetadata } from "./metadata.js";

export type UploadStatus = "active" | "final" | "cancelled";

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  metadata: IncomingMetadata;
  /** The Content-Type the client declared for the bytes (X-Goog-Upload-Header-Content-Type). */
  contentType?: string;
  /** The size the client declared (X-Goog-Upload-Header-Content-Length), if any. */
  declaredSize?: number;
  status: UploadStatus;
  received: number;
  /** The answer a finalized session gave (a repeated finalize answers the same). */
  final?: { status: number; body: unknown };
  createdAt: number;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;
/** Finalized and cancelled sessions are remembered this long (a late query still gets an answer). */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();
  private readonly memoryParts = new Map<string, Buffer[]>();
  /** One operation at a time per session: chunks append in order. */
  private readonly locks = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly dir: string | undefined,
    private readonly fsync: boolean,
    private readonly maxActive: number,
    private readonly maxObjectBytes: number,
  ) {}

  static async open(options: {
    dir?: string;
    fsync: boolean;
    maxActive: number;
    maxObjectBytes: number;
  }): Promise<{ uploads: UploadSessions; resumed: number }> {
    const uploads = new UploadSessions(options.dir, options.fsync, options.maxActive, options.maxObjectBytes);
    const resumed = await uploads.load();
    return { uploads, resumed };
  }

  get activeCount(): number {
    return [...this.sessions.values()].filter((s) => s.status === "active").length;
  }

  async start(init: Pick<UploadSession, "bucket" | "name" | "metadata" | "contentType" | "declaredSize">): Promise<UploadSession> {
    await this.forgetOldEnded();
    if (this.activeCount >= this.maxActive)
      throw new StorageError("unavailable", `Too many resumable uploads in progress (${this.maxActive}): finish or cancel some first`);
    const session: UploadSession = { ...init, id: randomBytes(16).toString("hex"), status: "active", received: 0, createdAt: Date.now() };
    this.sessions.set(session.id, session);
    if (this.dir) {
      await fs.writeFile(this.partPath(session.id), "");
      await this.save(session);
    } else this.memoryParts.set(session.id, []);
    return session;
  }

  /** The session, or a 404 naming the id. */
  get(id: string): UploadSession {
    const session = ID_PATTERN.test(id) ? this.sessions.get(id) : undefined;
    if (!session) throw notFound(`No resumable upload with id ${JSON.stringify(id.slice(0, 64))}`);
    return session;
  }

  /**
   * Appends a chunk sent at `offset`. A chunk that starts before what was received (a retry
   * whose first attempt arrived) adds only its new tail; one that starts after leaves a gap and
   * is refused, naming the offset to resume from.
   */
  append(id: string, offset: number, chunk: Buffer): Promise<UploadSession> {
    return this.locked(id, async () => {
      const session = this.active(id);
      if (offset > session.received)
        throw badRequest(`Upload offset ${offset} is past the ${session.received} bytes received: resume from ${session.received}`);
      const tail = chunk.subarray(session.received - offset);
      if (session.received + tail.length > this.maxObjectBytes)
        throw new StorageError("too_big", `Objects are limited to ${this.maxObjectBytes} bytes on this server`);
      if (tail.length === 0) return session;
      if (this.dir) {
        const handle = await fs.open(this.partPath(id), "a");
        try {
          await handle.write(tail);
          if (this.fsync) await handle.sync();
        } finally {
          await handle.close();
        }
      } else this.memoryParts.get(id)!.push(Buffer.from(tail));
      session.received += tail.length;
      return session;
    });
  }

  /** Ends the session and hands its bytes over; `commit` stores the object and says what to answer. */
  finalize(id: string, commit: (session: UploadSession, bytes: Buffer) => Promise<{ status: number; body: unknown }>) {
    return this.locked(id, async () => {
      const session = this.get(id);
      if (session.final) return session.final;
      const active = this.active(id);
      if (active.declaredSize !== undefined && active.received !== active.declaredSize)
        throw badRequest(`Upload finalized with ${active.received} bytes, but ${active.declaredSize} were announced`);
      const bytes = this.dir ? await fs.readFile(this.partPath(id)) : Buffer.concat(this.memoryParts.get(id)!);
      const answer = await commit(active, bytes);
      active.status = "final";
      active.final = answer;
      await this.dropBytes(active);
      return answer;
    });
  }

  cancel(id: string): Promise<void> {
    return this.locked(id, async () => {
      const session = this.get(id);
      if (session.status === "final") throw badRequest("This upload is already finalized and cannot be cancelled");
      session.status = "cancelled";
      await this.dropBytes(session);
    });
  }

  /** Ended sessions past KEEP_ENDED_MS are forgotten (their record too), so a long run does not grow. */
  private async forgetOldEnded(): Promise<void> {
    const cutoff = Date.now() - KEEP_ENDED_MS;
    for (const session of [...this.sessions.values()]) {
      if (session.status === "active" || session.createdAt > cutoff) continue;
      this.sessions.delete(session.id);
      if (this.dir) await fs.rm(this.recordPath(session.id), { force: true });
    }
  }

  /** Waits for chunks under way (close). */
  async flush(): Promise<void> {
    await Promise.all([...this.locks.values()].map((p) => p.catch(() => undefined)));
  }

  private active(id: string): UploadSession {
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

  /** An ended session keeps its record (for a late query or repeated finalize) but not its bytes. */
  private async dropBytes(session: UploadSession): Promise<void> {
    this.memoryParts.delete(session.id);
    if (!this.dir) return;
    await this.save(session);
    await fs.rm(this.partPath(session.id), { force: true });
  }

  private async save(session: UploadSession): Promise<void> {
    // For an active session the .part file's size is the truth (load reads it); an ended one keeps its count.
    await writeFileAtomic(this.recordPath(session.id), JSON.stringify(session), this.fsync);
  }

  private recordPath(id: string): string {
    return path.join(this.dir!, "uploads", `${id}.json`);
  }

  private partPath(id: string): string {
    return path.join(this.dir!, "uploads", `${id}.part`);
  }

  private async load(): Promise<number> {
    if (!this.dir) return 0;
    const dir = path.join(this.dir, "uploads");
    mkdirSync(dir, { recursive: true });
    let resumed = 0;
    for (const file of await fs.readdir(dir)) {
      const full = path.join(dir, file);
      if (file.endsWith(TEMP_SUFFIX)) {
        await fs.rm(full, { force: true });
        continue;
      }
      if (!file.endsWith(".json")) continue;
      const session = JSON.parse(await fs.readFile(full, "utf8")) as UploadSession;
      const part = this.partPath(session.id);
      if (session.status !== "active") {
        if (Date.now() - session.createdAt > KEEP_ENDED_MS) await fs.rm(full, { force: true });
        else this.sessions.set(session.id, session);
        continue;
      }
      if (!existsSync(part)) {
        await fs.rm(full, { force: true });
        continue;
      }
      // Bytes of a chunk cut off by the crash stay: they are a prefix of what the client sends,
      // and its next query learns where to go on from.
      session.received = (await fs.stat(part)).size;
      this.sessions.set(session.id, session);
      resumed += 1;
    }
    // Parts whose record never got written (a crash inside start) are dropped.
    for (const file of await fs.readdir(dir)) {
      if (file.endsWith(".part") && !this.sessions.has(file.slice(0, -".part".length))) await fs.rm(path.join(dir, file), { force: true });
    }
    return resumed;
  }
}
