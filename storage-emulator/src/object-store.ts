// The objects: metadata in memory (an index per bucket), bytes in content-addressed blobs.
//
// On disk (with a data folder):
//   blobs/<sha256 of the bytes>          the bytes, written before any metadata names them
//   objects/<sha256 of bucket + name>.json  the metadata, whose atomic rename commits the object
// An upload is acknowledged only after both are durable, so an acknowledged upload survives
// kill -9, and a crash in between leaves at worst an unreferenced blob (removed at the next start),
// never an object with missing or torn bytes. Without a data folder everything stays in memory.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { TEMP_SUFFIX, syncDir, writeFileAtomic } from "local-server-kit";
import type { StoredMetadata } from "./metadata.js";

export interface ListOptions {
  prefix: string;
  delimiter: string;
  pageToken?: string;
  maxResults: number;
}

export interface ListPage {
  items: StoredMetadata[];
  prefixes: string[];
  nextPageToken?: string;
}

export interface StoreRecovery {
  objects: number;
  /** Blobs no object named (a crash between writing the bytes and the metadata), removed. */
  orphanBlobsRemoved: number;
  /** Half-written temp files, removed. */
  tempFilesRemoved: number;
}

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredMetadata>>();
  private readonly memoryBlobs = new Map<string, Buffer>();
  /** How many objects name each blob (identical uploads share one). */
  private readonly blobRefs = new Map<string, number>();
  /** Commits run one at a time, so blob reference counts and renames never interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string | undefined,
    private readonly fsync: boolean,
  ) {}

  static async open(dir: string | undefined, fsync = true): Promise<{ store: ObjectStore; recovery: StoreRecovery }> {
    const store = new ObjectStore(dir, fsync);
    const recovery = await store.load();
    return { store, recovery };
  }

  get(bucket: string, name: string): StoredMetadata | undefined {
    return this.buckets.get(bucket)?.get(name);
  }

  async readBytes(meta: StoredMetadata): Promise<Buffer> {
    if (!this.dir) return this.memoryBlobs.get(meta.blob) ?? Buffer.alloc(0);
    return fs.readFile(this.blobPath(meta.blob));
  }

  /** Stores the object (bytes and metadata), replacing any object of that name; resolves once durable. */
  put(meta: StoredMetadata, bytes: Buffer): Promise<StoredMetadata> {
    return this.serial(async () => {
      if (this.dir) {
        const file = this.blobPath(meta.blob);
        if (!existsSync(file)) await writeFileAtomic(file, bytes, this.fsync);
        await this.writeMeta(meta);
      } else {
        this.memoryBlobs.set(meta.blob, bytes);
      }
      this.blobRefs.set(meta.blob, (this.blobRefs.get(meta.blob) ?? 0) + 1);
      const previous = this.index(meta.bucket).get(meta.name);
      this.index(meta.bucket).set(meta.name, meta);
      if (previous) await this.release(previous.blob);
      return meta;
    });
  }

  /** Replaces the metadata of an existing object (same bytes). */
  updateMetadata(meta: StoredMetadata): Promise<StoredMetadata> {
    return this.serial(async () => {
      if (this.dir) await this.writeMeta(meta);
      this.index(meta.bucket).set(meta.name, meta);
      return meta;
    });
  }

  delete(meta: StoredMetadata): Promise<void> {
    return this.serial(async () => {
      if (this.index(meta.bucket).get(meta.name) !== meta) return;
      if (this.dir) {
        await fs.rm(this.metaPath(meta.bucket, meta.name), { force: true });
        if (this.fsync) await syncDir(path.join(this.dir, "objects"));
      }
      this.index(meta.bucket).delete(meta.name);
      await this.release(meta.blob);
    });
  }

  /** Removes every object, in every bucket (POST /internal/reset); resolves with how many. */
  clear(): Promise<number> {
    return this.serial(async () => {
      let removed = 0;
      for (const index of this.buckets.values()) {
        for (const meta of [...index.values()]) {
          if (this.dir) await fs.rm(this.metaPath(meta.bucket, meta.name), { force: true });
          index.delete(meta.name);
          await this.release(meta.blob);
          removed += 1;
        }
      }
      if (this.dir && this.fsync) await syncDir(path.join(this.dir, "objects"));
      return removed;
    });
  }

  /**
   * One page of a listing, as GCS answers it: names under `prefix`; with a delimiter, the names
   * with the delimiter after the prefix are folded into `prefixes`. Items and prefixes share
   * one sorted sequence, and `pageToken` names the last entry the previous page gave.
   */
  list(bucket: string, options: ListOptions): ListPage {
    const { prefix, delimiter, pageToken, maxResults } = options;
    const entries = new Map<string, StoredMetadata | null>();
    for (const [name, meta] of this.index(bucket)) {
      if (!name.startsWith(prefix)) continue;
      const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
      if (cut === -1) entries.set(name, meta);
      else entries.set(name.slice(0, cut + delimiter.length), null);
    }
    const sorted = [...entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).filter((key) => pageToken === undefined || key > pageToken);
    const page = sorted.slice(0, maxResults);
    const result: ListPage = { items: [], prefixes: [] };
    for (const key of page) {
      const meta = entries.get(key);
      if (meta) result.items.push(meta);
      else result.prefixes.push(key);
    }
    if (sorted.length > page.length) result.nextPageToken = page[page.length - 1];
    return result;
  }

  /** Waits for commits under way (close). */
  async flush(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private index(bucket: string): Map<string, StoredMetadata> {
    let index = this.buckets.get(bucket);
    if (!index) this.buckets.set(bucket, (index = new Map()));
    return index;
  }

  private async release(blob: string): Promise<void> {
    const refs = (this.blobRefs.get(blob) ?? 1) - 1;
    if (refs > 0) {
      this.blobRefs.set(blob, refs);
      return;
    }
    this.blobRefs.delete(blob);
    if (this.dir) await fs.rm(this.blobPath(blob), { force: true });
    else this.memoryBlobs.delete(blob);
  }

  private async writeMeta(meta: StoredMetadata): Promise<void> {
    await writeFileAtomic(this.metaPath(meta.bucket, meta.name), JSON.stringify(meta), this.fsync);
  }

  private blobPath(blob: string): string {
    return path.join(this.dir!, "blobs", blob);
  }

  private metaPath(bucket: string, name: string): string {
    const key = createHash("sha256").update(`${bucket}\n${name}`).digest("hex");
    return path.join(this.dir!, "objects", `${key}.json`);
  }

  private async load(): Promise<StoreRecovery> {
    const recovery: StoreRecovery = { objects: 0, orphanBlobsRemoved: 0, tempFilesRemoved: 0 };
    if (!this.dir) return recovery;
    for (const sub of ["objects", "blobs"]) mkdirSync(path.join(this.dir, sub), { recursive: true });
    for (const file of await fs.readdir(path.join(this.dir, "objects"))) {
      const full = path.join(this.dir, "objects", file);
      if (file.endsWith(TEMP_SUFFIX)) {
        await fs.rm(full, { force: true });
        recovery.tempFilesRemoved += 1;
        continue;
      }
      if (!file.endsWith(".json")) continue;
      const meta = JSON.parse(await fs.readFile(full, "utf8")) as StoredMetadata;
      this.index(meta.bucket).set(meta.name, meta);
      this.blobRefs.set(meta.blob, (this.blobRefs.get(meta.blob) ?? 0) + 1);
      recovery.objects += 1;
    }
    for (const file of await fs.readdir(path.join(this.dir, "blobs"))) {
      if (file.endsWith(TEMP_SUFFIX)) recovery.tempFilesRemoved += 1;
      else if (!this.blobRefs.has(file)) recovery.orphanBlobsRemoved += 1;
      else continue;
      await fs.rm(path.join(this.dir, "blobs", file), { force: true });
    }
    return recovery;
  }
}
