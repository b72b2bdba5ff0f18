// Resumable sessions never lock anyone out: the SDK never tells the server about an upload it
// cancelled or abandoned, so such sessions expire (their bytes removed on a timer and at start),
// the longest-idle give way to new ones instead of a 503, and a cancel command frees one at once.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getBytes, ref, uploadBytesResumable, type FirebaseStorage, type UploadTask } from "firebase/storage";
import type { StorageEmulator } from "../src/index.js";
import { makeStorage, pattern, sameBytes, startResumable, suiteResources, tempDir, until, uploadCommand } from "./helpers.js";

const { clients, dirs, server } = suiteResources();

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

function client(emu: StorageEmulator): FirebaseStorage {
  const c = makeStorage(emu);
  clients.push(c);
  // A server answering 503 would make the SDK retry for 10 minutes: fail within the test instead.
  c.storage.maxUploadRetryTime = 5000;
  return c.storage;
}

/** An upload the app gives up on after its first chunk arrived, the way the SDK cancels: without telling the server. */
async function abandon(storage: FirebaseStorage, name: string): Promise<void> {
  const task: UploadTask = uploadBytesResumable(ref(storage, name), pattern(300_000), { contentType: "image/jpeg" });
  task.on("state_changed", (s) => {
    if (s.bytesTransferred > 0 && s.state === "running") task.cancel();
  });
  await task.then(
    () => {
      throw new Error(`${name} was not abandoned`);
    },
    (e: { code?: string }) => expect(e.code).toBe("storage/canceled"),
  );
}

const partFiles = (dir: string) => fs.readdirSync(path.join(dir, "uploads")).filter((f) => f.endsWith(".part"));

describe("abandoned resumable uploads", () => {
  it("150 abandoned sessions, then a new upload succeeds; the oldest gave way and their bytes are gone", async () => {
    const dir = newDir();
    const emu = await server({ dataDir: dir, fsync: false });
    const storage = client(emu);
    for (let batch = 0; batch < 15; batch++) await Promise.all(Array.from({ length: 10 }, (_, i) => abandon(storage, `test/abandoned-${batch * 10 + i}.jpg`)));
    expect(partFiles(dir).length).toBeLessThanOrEqual(100);
    const bytes = pattern(700_000, 13);
    const done = await uploadBytesResumable(ref(storage, "test/after-150.jpg"), bytes, { contentType: "image/jpeg" });
    expect(done.metadata.size).toBe(bytes.length);
    expect(sameBytes(new Uint8Array(await getBytes(ref(storage, "test/after-150.jpg"))), bytes)).toBe(true);
    expect(partFiles(dir).length).toBeLessThanOrEqual(100);
  });

  it("the longest-idle session gives way past maxActiveUploads; the others go on", async () => {
    const emu = await server({ maxActiveUploads: 3 });
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      urls.push(await startResumable(emu, `test/bound-${i}.bin`, { size: 4 }));
      await uploadCommand(urls[i]!, "upload", pattern(2), 0);
    }
    const oldest = await uploadCommand(urls[0]!, "query");
    expect(oldest.status).toBe(404);
    expect(await oldest.text()).toMatch(/gave way to newer uploads/);
    for (const url of urls.slice(1)) expect((await uploadCommand(url, "upload, finalize", pattern(2, 9), 2)).status).toBe(200);
  });

  it("maxUploadBytes: bytes of partial uploads past the bound make the longest-idle session give way", async () => {
    const emu = await server({ maxUploadBytes: 1000 });
    const first = await startResumable(emu, "test/bytes-1.bin", { size: 800 });
    expect((await uploadCommand(first, "upload", pattern(600), 0)).status).toBe(200);
    const second = await startResumable(emu, "test/bytes-2.bin", { size: 800 });
    expect((await uploadCommand(second, "upload, finalize", pattern(800), 0)).status).toBe(200);
    expect((await uploadCommand(first, "query")).status).toBe(404);
  });

  it("a cancel command frees the session and its bytes at once", async () => {
    const dir = newDir();
    const emu = await server({ dataDir: dir });
    const url = await startResumable(emu, "test/cancelled.bin", { size: 10 });
    await uploadCommand(url, "upload", pattern(5), 0);
    expect(partFiles(dir)).toHaveLength(1);
    const cancelled = await uploadCommand(url, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get("x-goog-upload-status")).toBe("cancelled");
    expect(partFiles(dir)).toHaveLength(0);
    expect((await uploadCommand(url, "query")).headers.get("x-goog-upload-status")).toBe("cancelled");
    expect((await uploadCommand(url, "upload", pattern(5), 5)).status).toBe(400);
    expect((await uploadCommand(url, "cancel")).status).toBe(200);
  });
});

describe("at start", () => {
  it("an ended session's bytes that a crash left behind are removed; its record still answers", async () => {
    const dir = newDir();
    const first = await server({ dataDir: dir });
    const url = await startResumable(first, "test/ended.bin", { size: 10 });
    await uploadCommand(url, "upload", pattern(5), 0);
    await uploadCommand(url, "cancel");
    await first.close();
    // As if the process died after recording the cancel and before removing the bytes.
    const id = new URL(url).searchParams.get("upload_id")!;
    fs.writeFileSync(path.join(dir, "uploads", `${id}.part`), pattern(5));
    const second = await server({ dataDir: dir });
    expect(fs.readdirSync(path.join(dir, "uploads"))).toEqual([`${id}.json`]);
    const query = await uploadCommand(url.replace(first.url, second.url), "query");
    expect(query.headers.get("x-goog-upload-status")).toBe("cancelled");
  });
});

describe("idle sessions expire", () => {
  it("an expired session's bytes are gone, on the timer; the SDK's resumed upload is told it is gone; a new one succeeds", async () => {
    const dir = newDir();
    const emu = await server({ dataDir: dir, uploadIdleMs: 1000 });
    const storage = client(emu);
    const task = uploadBytesResumable(ref(storage, "test/expires.jpg"), pattern(600_000), { contentType: "image/jpeg" });
    let paused = false;
    task.on("state_changed", (s) => {
      if (!paused && s.bytesTransferred > 0 && s.state === "running") paused = task.pause();
    });
    const failed = task.then(
      () => "stored",
      (e: { status?: number }) => `failed with ${e.status}`,
    );
    await until(() => task.snapshot.state === "paused", "the upload to pause after its first chunk");
    expect(partFiles(dir)).toHaveLength(1);
    await until(() => fs.readdirSync(path.join(dir, "uploads")).length === 0, "the idle session's bytes and record to be removed");
    task.resume();
    expect(await failed).toBe("failed with 404");
    const bytes = pattern(600_000, 3);
    expect((await uploadBytesResumable(ref(storage, "test/expires.jpg"), bytes, { contentType: "image/jpeg" })).metadata.size).toBe(bytes.length);
  });

  it("a session in use does not expire; a session idle past the limit while the server was down is removed at start", async () => {
    const dir = newDir();
    const first = await server({ dataDir: dir, uploadIdleMs: 1500 });
    const url = await startResumable(first, "test/kept-busy.bin", { size: 6 });
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 600));
      expect((await uploadCommand(url, "upload", pattern(2), i * 2)).status).toBe(200);
    }
    const idle = await startResumable(first, "test/idle.bin", { size: 6 });
    await uploadCommand(idle, "upload", pattern(2), 0);
    await first.close();
    await new Promise((r) => setTimeout(r, 1600));
    const second = await server({ dataDir: dir, uploadIdleMs: 1500 });
    expect(second.recovery).toMatchObject({ uploadsResumed: 0, uploadsExpired: 2, uploadsLost: 0 });
    expect(fs.readdirSync(path.join(dir, "uploads"))).toEqual([]);
  });
});
