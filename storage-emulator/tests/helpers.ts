// What the test files share: servers, SDK clients, a child-process CLI, raw requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliSpawner } from "local-server-kit/testing";
import { afterAll } from "vitest";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectStorageEmulator, getStorage, type FirebaseStorage } from "firebase/storage";
import { startStorageEmulator, type StorageEmulator, type StorageEmulatorOptions } from "../src/index.js";

export const BUCKET = "demo-portfolio.appspot.com";
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PROJECT_RULES = path.join(repoRoot, "storage.rules");

/** Rules that let anyone do anything under test/ (protocol tests; the project's rules are tested apart). */
export const OPEN_RULES = path.join(repoRoot, "storage-emulator", "tests", "fixtures", "open.rules");

let counter = 0;

export function startServer(options: Partial<StorageEmulatorOptions> = {}): Promise<StorageEmulator> {
  return startStorageEmulator({ port: 0, host: "127.0.0.1", rules: OPEN_RULES, ...options });
}

export interface TestStorage {
  app: FirebaseApp;
  storage: FirebaseStorage;
}

/** A firebase app with Storage on the server; `owner` acts as the owner (rules bypassed). */
export function makeStorage(emu: { host: string; port: number }, { owner = false, app }: { owner?: boolean; app?: FirebaseApp } = {}): TestStorage {
  const firebaseApp =
    app ?? initializeApp({ projectId: "demo-portfolio", apiKey: "demo-api-key", storageBucket: BUCKET }, `storage-test-${process.pid}-${++counter}`);
  const storage = getStorage(firebaseApp, `gs://${BUCKET}`);
  connectStorageEmulator(storage, emu.host, emu.port, owner ? { mockUserToken: "owner" } : {});
  return { app: firebaseApp, storage };
}

export async function closeApps(clients: TestStorage[]): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => deleteApp(c.app)));
}

export function tempDir(prefix = "storage-emulator-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export { until } from "local-server-kit/testing";

/** Bytes that are not all alike, so a misplaced chunk shows. */
export function pattern(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * seed + (i >> 8)) & 0xff;
  return bytes;
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** The object's REST URL (`name` unencoded). */
export const objectUrl = (emu: { url: string }, name: string, query = "") => `${emu.url}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}${query}`;

/** The CLI in a child process (through tsx), on a free port. */
export const spawnCli = cliSpawner(path.join(repoRoot, "storage-emulator", "src", "cli.ts"), repoRoot);

/** Starts a resumable upload by hand, as the SDK does; resolves with the upload URL. */
export async function startResumable(
  emu: { url: string },
  name: string,
  {
    size,
    contentType,
    metadata,
    headers = {},
  }: { size?: number; contentType?: string; metadata?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<string> {
  const res = await fetch(`${emu.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: {
      "X-Goog-Upload-Protocol": "resumable",
      "X-Goog-Upload-Command": "start",
      "Content-Type": "application/json",
      ...(size === undefined ? {} : { "X-Goog-Upload-Header-Content-Length": String(size) }),
      ...(contentType === undefined ? {} : { "X-Goog-Upload-Header-Content-Type": contentType }),
      ...headers,
    },
    body: JSON.stringify({ name, contentType, ...(metadata ? { metadata } : {}) }),
  });
  if (res.status !== 200 || res.headers.get("x-goog-upload-status") !== "active") throw new Error(`start answered ${res.status}: ${await res.text()}`);
  return res.headers.get("x-goog-upload-url")!;
}

/** One command of a resumable upload (`upload` with its offset, `finalize`, `query`, `cancel`). */
export const uploadCommand = (url: string, cmd: string, body?: Uint8Array<ArrayBuffer>, offset?: number, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "X-Goog-Upload-Command": cmd, ...(offset === undefined ? {} : { "X-Goog-Upload-Offset": String(offset) }), ...headers },
    body,
  });

/** The status and the error message of an answer. */
export async function answer(res: Response): Promise<[number, string]> {
  const text = await res.text();
  try {
    return [res.status, (JSON.parse(text) as { error: { message: string } }).error.message];
  } catch {
    return [res.status, text];
  }
}

/** What a suite starts (servers, SDK apps, temporary folders), each closed or removed after it. */
export function suiteResources() {
  const clients: TestStorage[] = [];
  const servers: StorageEmulator[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await closeApps(clients);
    await Promise.all(servers.map((s) => s.close()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const server = async (options: Parameters<typeof startServer>[0] = {}): Promise<StorageEmulator> => {
    const emu = await startServer(options);
    servers.push(emu);
    return emu;
  };
  return { clients, dirs, server };
}
