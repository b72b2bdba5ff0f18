// Durable storage of one namespace: a JSON snapshot plus an append-only log of resolved
// writes (one JSON array per line). Writes are grouped: everything queued while the previous
// fsync runs goes out in one write + one fdatasync, then all of it is acknowledged.
import fs from "node:fs";
import path from "node:path";
import { parseJsonTree, setAt, type Json } from "./tree.js";

export type LogEntry = [path: string[], value: Json] | [path: string[], children: Record<string, Json>, kind: "m"];

export interface RecoveryReport {
  entriesReplayed: number;
  /** Bytes of a torn final line that were dropped (0 when the log ended cleanly). */
  tornBytes: number;
  snapshotLoaded: boolean;
}

export interface PersistenceOptions {
  /** fdatasync before acknowledging (default true). Without it writes survive kill -9 but not power loss. */
  fsync?: boolean;
  /** Compact into the snapshot once the log grows past this many bytes (default 16 MiB). */
  compactBytes?: number;
  onError?: (err: Error) => void;
}

export function applyEntry(root: Json, entry: LogEntry): Json {
  const [p, value] = entry;
  if (entry.length === 3) {
    let r = root;
    for (const rel of Object.keys(value as Record<string, Json>)) {
      r = setAt(r, [...p, ...rel.split("/").filter(Boolean)], (value as Record<string, Json>)[rel]!);
    }
    return r;
  }
  return setAt(root, p, value as Json);
}

export class NamespaceStore {
  private fd: number;
  private logBytes: number;
  private queue: string[] = [];
  private waiters: Array<(err: Error | null) => void> = [];
  private flushing = false;
  private scheduled = false;
  private closed = false;
  private readonly fsyncEnabled: boolean;
  private readonly compactBytes: number;
  private readonly snapshotPath: string;
  private readonly logPath: string;

  private constructor(
    private readonly dir: string,
    fd: number,
    logBytes: number,
    private readonly getRoot: () => Json,
    private readonly options: PersistenceOptions,
  ) {
    this.fd = fd;
    this.logBytes = logBytes;
    this.fsyncEnabled = options.fsync !== false;
    this.compactBytes = options.compactBytes ?? 16 * 1024 * 1024;
    this.snapshotPath = path.join(dir, "snapshot.json");
    this.logPath = path.join(dir, "log.jsonl");
  }

  /** Loads snapshot + log from `dir` (created if missing) and opens the log for appending. */
  static open(dir: string, getRoot: () => Json, options: PersistenceOptions = {}): { store: NamespaceStore; root: Json; report: RecoveryReport } {
    fs.mkdirSync(dir, { recursive: true });
    const snapshotPath = path.join(dir, "snapshot.json");
    const logPath = path.join(dir, "log.jsonl");
    let root: Json = null;
    let snapshotLoaded = false;
    if (fs.existsSync(snapshotPath)) {
      try {
        root = parseJsonTree(fs.readFileSync(snapshotPath, "utf8")) as Json;
      } catch (err) {
        throw new Error(`Snapshot ${snapshotPath} is unreadable (${(err as Error).message}); refusing to start so nothing is overwritten`, { cause: err });
      }
      snapshotLoaded = true;
    }
    let entriesReplayed = 0;
    let tornBytes = 0;
    let goodBytes = 0;
    if (fs.existsSync(logPath)) {
      const buf = fs.readFileSync(logPath);
      let start = 0;
      let lineNo = 0;
      while (start < buf.length) {
        const nl = buf.indexOf(0x0a, start);
        lineNo++;
        if (nl === -1) {
          // No newline: the last write was torn by a crash. Drop it.
          tornBytes = buf.length - start;
          break;
        }
        const line = buf.subarray(start, nl).toString("utf8");
        if (line.length > 0) {
          let entry: LogEntry;
          try {
            entry = parseJsonTree(line) as LogEntry;
          } catch (err) {
            if (nl === buf.length - 1) {
              tornBytes = buf.length - start;
              break;
            }
            throw new Error(`Log ${logPath} line ${lineNo} is corrupt (${(err as Error).message}); refusing to start`, { cause: err });
          }
          root = applyEntry(root, entry);
          entriesReplayed++;
        }
        start = nl + 1;
        goodBytes = start;
      }
      if (tornBytes > 0) fs.truncateSync(logPath, goodBytes);
    }
    const fd = fs.openSync(logPath, "a");
    const store = new NamespaceStore(dir, fd, goodBytes, getRoot, options);
    return { store, root, report: { entriesReplayed, tornBytes, snapshotLoaded } };
  }

  /** Queues a resolved write; resolves once it is durable. */
  append(entry: LogEntry): Promise<void> {
    if (this.closed) return Promise.reject(new Error("store closed"));
    this.queue.push(JSON.stringify(entry) + "\n");
    return new Promise((resolve, reject) => {
      this.waiters.push((err) => (err ? reject(err) : resolve()));
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.flushing || this.queue.length === 0) return;
    const data = this.queue.join("");
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    this.flushing = true;
    const done = (err: Error | null) => {
      this.flushing = false;
      if (!err && this.logBytes >= this.compactBytes) {
        try {
          this.compact();
        } catch (e) {
          this.options.onError?.(e as Error);
        }
      }
      for (const w of waiters) w(err);
      if (this.queue.length) this.schedule();
    };
    try {
      // Synchronous write: once it returns the bytes are in the OS and survive kill -9.
      writeAll(this.fd, data);
      this.logBytes += Buffer.byteLength(data);
    } catch (err) {
      this.options.onError?.(err as Error);
      done(err as Error);
      return;
    }
    if (!this.fsyncEnabled) {
      done(null);
      return;
    }
    fs.fdatasync(this.fd, (err) => done(err));
  }

  /** Writes the whole current tree as the snapshot and empties the log. */
  compact(): void {
    const tmp = this.snapshotPath + ".tmp";
    const fd = fs.openSync(tmp, "w");
    try {
      writeAll(fd, JSON.stringify(this.getRoot()));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.snapshotPath);
    syncDir(this.dir);
    // A crash between rename and truncate replays the log over a snapshot that already holds
    // it; entries are plain overwrites, so replaying them again gives the same tree.
    fs.ftruncateSync(this.fd, 0);
    this.logBytes = 0;
  }

  /** Flushes pending writes, compacts, closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing || this.queue.length || this.scheduled) {
      await new Promise<void>((r) => setTimeout(r, 2));
      if (!this.flushing && this.queue.length) this.flush();
    }
    this.closed = true;
    try {
      if (this.logBytes > 0) this.compact();
    } finally {
      fs.closeSync(this.fd);
    }
  }
}

function writeAll(fd: number, data: string): void {
  const buf = Buffer.from(data, "utf8");
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  }
}
