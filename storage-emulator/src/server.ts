// The server, composed: the object store (object-store.ts), resumable sessions (uploads.ts),
// the rules (rules/), the HTTP API (http-handler.ts, firebase-api.ts), the rules file watcher
// and an orderly shutdown.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { serveInstance, watchRulesFile, type LocalServerInstance } from "local-server-kit";
import { createHttpHandler } from "./http-handler.js";
import { ObjectStore, type StoreRecovery } from "./object-store.js";
import { compileRules, type CompiledRules } from "./rules/index.js";
import { DEFAULT_UPLOAD_IDLE_MS, UploadSessions, type UploadRecovery } from "./uploads.js";

export interface StorageEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Path of a storage.rules file. One of `rules` and `rulesText` is required: there is no "allow all" default. */
  rules?: string;
  /** Rules as text (used when `rules` is absent). */
  rulesText?: string;
  /** Folder for objects and upload sessions. Without it everything lives in memory only. */
  dataDir?: string;
  /** fsync before acknowledging (default true). Without it uploads still survive kill -9, not a power cut. */
  fsync?: boolean;
  /** Largest object accepted, in bytes (default 100 MiB). The rules set the project's own limits. */
  maxObjectBytes?: number;
  /** A resumable upload nobody touched for this long expires and its bytes are removed (default one hour). */
  uploadIdleMs?: number;
  /** Resumable uploads in progress past which the longest-idle give way to a new one (default 100; never a refusal). */
  maxActiveUploads?: number;
  /** Bytes of unfinished resumable uploads past which the longest-idle give way (default 2 GiB). */
  maxUploadBytes?: number;
  /** Reload the rules file when it changes (default false; the CLI turns it on). */
  watchRules?: boolean;
  /** Receives log lines (default: silent). */
  log?: (line: string) => void;
}

/** A started Storage server: local-server-kit's instance (address, data folder, ready, close), and its own parts. */
export interface StorageEmulator extends LocalServerInstance {
  /** What was found on disk at start. */
  recovery: StoreRecovery & UploadRecovery;
  /** Replaces the rules; throws (keeping the old ones) when they do not parse. */
  setRules(text: string): void;
}

export async function startStorageEmulator(options: StorageEmulatorOptions): Promise<StorageEmulator> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const fsync = options.fsync ?? true;
  const maxObjectBytes = options.maxObjectBytes ?? 100 * 1024 * 1024;
  if (options.rules === undefined && options.rulesText === undefined)
    throw new Error("storage-emulator needs rules (a storage.rules file or its text): it never allows by default");
  let rules: CompiledRules = compileRules(options.rules !== undefined ? fs.readFileSync(options.rules, "utf8") : options.rulesText!);
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const { store, recovery } = await ObjectStore.open(dataDir, fsync);
  const limits = {
    idleMs: options.uploadIdleMs ?? DEFAULT_UPLOAD_IDLE_MS,
    maxActive: options.maxActiveUploads ?? 100,
    maxBytes: options.maxUploadBytes ?? 2 * 1024 * 1024 * 1024,
    maxObjectBytes,
  };
  if (!(limits.idleMs > 0)) throw new Error("uploadIdleMs must be a positive number of milliseconds");
  const { uploads, recovery: uploadRecovery } = await UploadSessions.open({ dir: dataDir, fsync, limits, log });

  const setRules = (text: string) => {
    rules = compileRules(text);
  };
  const unwatch = options.watchRules && options.rules ? watchRulesFile(options.rules, setRules, log) : () => {};
  const server = http.createServer(createHttpHandler({ store, uploads, rules: () => rules, setRules, maxObjectBytes, log }));
  // A malformed request line or oversized headers: Node answers 400/431 and closes; never a crash.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  // Stopping: no more connections, then the writes under way finish.
  const instance = await serveInstance(
    server,
    { host, port: options.port ?? 0, dataDir },
    {
      before: unwatch,
      after: async () => {
        await uploads.close();
        await store.flush();
      },
    },
  );
  return { ...instance, recovery: { ...recovery, ...uploadRecovery }, setRules };
}
