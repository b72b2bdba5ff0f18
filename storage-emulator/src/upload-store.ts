// Where resumable sessions keep their record and their bytes: in memory, or in a data folder as
//   uploads/<id>.json   the record, rewritten atomically after every acknowledged chunk
//   uploads/<id>.part   the bytes received
// The record's `received` is what was acknowledged. The chunk's bytes are written and fsync'd
// before the record names them, so a crash in between leaves bytes past `received` that no client
// was told about: they are cut off at the next start, and the client's query resumes from there.
import { existsSync, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { TEMP_SUFFIX, writeFileAtomic } from "local-server-kit";
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
  /** Bytes acknowledged so far. */
  received: number;
  /** The answer a finalized session gave (a repeated finalize answers the same). */
  final?: { status: number; body: unknown };
  createdAt: number;
  /** When a client last did something with the session (expiry counts from here). */
  lastActivity: number;
}

/** A record found at start, with the size of its bytes on disk (null: no .part file). */
export interface StoredSession {
  session: UploadSession;
  partSize: number | null;
}

export class UploadStore {
  private readonly memoryParts = new Map<string, Buffer[]>();

  constructor(
    private readonly dir: string | undefined,
    private readonly fsync: boolean,
  ) {}

  async create(session: UploadSession): Promise<void> {
    if (!this.dir) {
      this.memoryParts.set(session.id, []);
      return;
    }
    await fs.writeFile(this.partPath(session.id), "");
    await this.save(session);
  }

  /** Makes `tail` durable after the session's `received` bytes; the caller then records the new count. */
  async append(session: UploadSession, tail: Buffer): Promise<void> {
    if (!this.dir) {
      this.memoryParts.get(session.id)!.push(Buffer.from(tail));
      return;
    }
    const handle = await fs.open(this.partPath(session.id), "r+");
    try {
      await handle.write(tail, 0, tail.length, session.received);
      if (this.fsync) await handle.sync();
    } catch (error) {
      // A failed write (a full disk) must not leave bytes that a later chunk would follow.
      await handle.truncate(session.received).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
  }

  async readBytes(session: UploadSession): Promise<Buffer> {
    if (!this.dir) return Buffer.concat(this.memoryParts.get(session.id) ?? []);
    const bytes = await fs.readFile(this.partPath(session.id));
    return bytes.subarray(0, session.received);
  }

  async save(session: UploadSession): Promise<void> {
    if (this.dir) await writeFileAtomic(this.recordPath(session.id), JSON.stringify(session), this.fsync);
  }

  /** An ended session keeps its record (a late query or a repeated finalize) but not its bytes. */
  async dropBytes(session: UploadSession): Promise<void> {
    this.memoryParts.delete(session.id);
    if (!this.dir) return;
    await this.save(session);
    await fs.rm(this.partPath(session.id), { force: true });
  }

  /** Forgets a session whole: its bytes first, so a crash in between leaves a record without bytes (dropped at start). */
  async remove(id: string): Promise<void> {
    this.memoryParts.delete(id);
    if (!this.dir) return;
    await fs.rm(this.partPath(id), { force: true });
    await fs.rm(this.recordPath(id), { force: true });
  }

  /** Cuts a .part file back to what its record acknowledged. */
  async truncate(session: UploadSession): Promise<void> {
    if (this.dir) await fs.truncate(this.partPath(session.id), session.received);
  }

  /** Every record on disk with its bytes' size; temp files, unreadable records and bytes without a record are removed. */
  async load(): Promise<StoredSession[]> {
    if (!this.dir) return [];
    const dir = path.join(this.dir, "uploads");
    mkdirSync(dir, { recursive: true });
    const found: StoredSession[] = [];
    for (const file of await fs.readdir(dir)) {
      const full = path.join(dir, file);
      if (file.endsWith(TEMP_SUFFIX)) await fs.rm(full, { force: true });
      if (!file.endsWith(".json")) continue;
      let session: UploadSession | undefined;
      try {
        session = JSON.parse(await fs.readFile(full, "utf8")) as UploadSession;
      } catch {
        session = undefined;
      }
      // A record that does not name its own file is not one this server wrote.
      if (typeof session?.id !== "string" || `${session.id}.json` !== file) {
        await fs.rm(full, { force: true });
        continue;
      }
      const part = this.partPath(session.id);
      found.push({ session, partSize: existsSync(part) ? (await fs.stat(part)).size : null });
    }
    const known = new Set(found.map((f) => f.session.id));
    // Bytes whose record never got written (a crash inside start) are dropped.
    for (const file of await fs.readdir(dir))
      if (file.endsWith(".part") && !known.has(file.slice(0, -".part".length))) await fs.rm(path.join(dir, file), { force: true });
    return found;
  }

  private recordPath(id: string): string {
    return path.join(this.dir!, "uploads", `${id}.json`);
  }

  private partPath(id: string): string {
    return path.join(this.dir!, "uploads", `${id}.part`);
  }
}
