// Resumable uploads across kill -9 of the server's process (the real CLI in a child process):
// a chunk cut off resumes from the last acknowledged byte; an acknowledged finalize is there
// after the restart, bytes and metadata; no object is ever readable with missing bytes.
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getBytes, getMetadata, listAll, ref, uploadBytesResumable, type FirebaseStorage } from "firebase/storage";
import {
  OPEN_RULES,
  closeApps,
  makeStorage,
  objectUrl,
  pattern,
  sameBytes,
  spawnCli,
  startResumable,
  tempDir,
  until,
  uploadCommand,
  type TestStorage,
} from "./helpers.js";

const clients: TestStorage[] = [];
const children: ChildProcess[] = [];
const dirs: string[] = [];
const CHUNK = 256 * 1024;

afterAll(async () => {
  await closeApps(clients);
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

/** The CLI on `dir` (on `port` when given: a restart the SDK must find where it left it). */
async function cli(dir: string, port?: number, extra: string[] = []) {
  const spawned = await spawnCli(children, ["--rules", OPEN_RULES, "--data", dir, ...(port === undefined ? [] : ["--port", String(port)]), ...extra]);
  return { ...spawned, url: `http://127.0.0.1:${spawned.port}` };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function client(port: number): FirebaseStorage {
  const c = makeStorage({ host: "127.0.0.1", port });
  clients.push(c);
  return c.storage;
}

const onPort = (uploadUrl: string, base: string) => uploadUrl.replace(/^http:\/\/[^/]+/, base);

describe("kill -9 during a resumable upload", () => {
  it("a chunk cut off resumes from the last acknowledged byte (bytes past it are dropped at start)", async () => {
    const dir = newDir();
    const first = await cli(dir);
    const bytes = pattern(3 * CHUNK, 23);
    const url = await startResumable(first, "test/cut-chunk.bin", { size: bytes.length });
    expect((await uploadCommand(url, "upload", bytes.subarray(0, CHUNK), 0)).status).toBe(200);
    // The second chunk: headers and half its body, then the process dies under it.
    const socket = net.connect(first.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const target = new URL(url);
    socket.write(
      `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: 127.0.0.1:${first.port}\r\nX-Goog-Upload-Command: upload\r\n` +
        `X-Goog-Upload-Offset: ${CHUNK}\r\nContent-Length: ${CHUNK}\r\n\r\n`,
    );
    socket.write(bytes.subarray(CHUNK, CHUNK + CHUNK / 2));
    socket.on("error", () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    await kill9(first.child);
    // A crash between writing a chunk and recording it leaves bytes no client was told about.
    const part = fs.readdirSync(path.join(dir, "uploads")).find((f) => f.endsWith(".part"))!;
    fs.appendFileSync(path.join(dir, "uploads", part), bytes.subarray(CHUNK, CHUNK + 1000));

    const second = await cli(dir);
    expect(second.output()).toMatch(/1 resumable uploads in progress/);
    const resumed = onPort(url, second.url);
    const query = await uploadCommand(resumed, "query");
    expect(query.headers.get("x-goog-upload-status")).toBe("active");
    expect(query.headers.get("x-goog-upload-size-received")).toBe(String(CHUNK));
    expect(fs.statSync(path.join(dir, "uploads", part)).size).toBe(CHUNK);
    expect((await uploadCommand(resumed, "upload", bytes.subarray(CHUNK, 2 * CHUNK), CHUNK)).status).toBe(200);
    expect((await uploadCommand(resumed, "upload, finalize", bytes.subarray(2 * CHUNK), 2 * CHUNK)).status).toBe(200);
    const stored = await fetch(objectUrl(second, "test/cut-chunk.bin", "?alt=media"));
    expect(sameBytes(new Uint8Array(await stored.arrayBuffer()), bytes)).toBe(true);
  });

  it("the SDK's upload, with the server killed mid-upload and restarted on its port, completes whole", async () => {
    const dir = newDir();
    const first = await cli(dir);
    const storage = client(first.port);
    const bytes = pattern(4_000_000, 37);
    const task = uploadBytesResumable(ref(storage, "test/sdk-killed.jpg"), bytes, { contentType: "image/jpeg", customMetadata: { via: "sdk" } });
    await until(() => task.snapshot.bytesTransferred > 0, "a first acknowledged chunk");
    await kill9(first.child);
    const second = await cli(dir, first.port);
    const done = await task;
    expect(done.metadata.size).toBe(bytes.length);
    expect(sameBytes(new Uint8Array(await getBytes(ref(storage, "test/sdk-killed.jpg"))), bytes)).toBe(true);
    expect((await getMetadata(ref(client(second.port), "test/sdk-killed.jpg"))).customMetadata).toEqual({ via: "sdk" });
  });
});

describe("kill -9 after an acknowledged finalize", () => {
  it("the object and its metadata are there after the restart, and the session still answers final", async () => {
    const dir = newDir();
    const first = await cli(dir);
    const bytes = pattern(CHUNK + 5000, 41);
    const done = await uploadBytesResumable(ref(client(first.port), "test/acked.jpg"), bytes, {
      contentType: "image/jpeg",
      cacheControl: "public, max-age=60",
      customMetadata: { alt: "acked" },
    });
    const url = await startResumable(first, "test/acked-by-hand.bin", { size: 10 });
    const final = await uploadCommand(url, "upload, finalize", pattern(10), 0);
    expect(final.status).toBe(200);
    const finalBody: unknown = await final.json();
    await kill9(first.child);

    const second = await cli(dir);
    const storage = client(second.port);
    const meta = await getMetadata(ref(storage, "test/acked.jpg"));
    expect(meta).toMatchObject({ size: bytes.length, md5Hash: done.metadata.md5Hash, cacheControl: "public, max-age=60", customMetadata: { alt: "acked" } });
    expect(sameBytes(new Uint8Array(await getBytes(ref(storage, "test/acked.jpg"))), bytes)).toBe(true);
    const again = await uploadCommand(onPort(url, second.url), "finalize");
    expect(again.headers.get("x-goog-upload-status")).toBe("final");
    expect(await again.json()).toEqual(finalBody);
  });

  it("uploads killed at any point leave only whole objects: every acknowledged one, and nothing with missing bytes", async () => {
    const dir = newDir();
    const first = await cli(dir);
    const storage = client(first.port);
    storage.maxUploadRetryTime = 1000;
    const acknowledged: string[] = [];
    let killed = false;
    const writers = [0, 1, 2].map(async (writer) => {
      for (let i = 0; !killed; i++) {
        const name = `test/r${writer}-${i}.bin`;
        try {
          await uploadBytesResumable(ref(storage, name), pattern(CHUNK * 2 + i, writer + 3));
          if (!killed) acknowledged.push(name);
        } catch {
          return;
        }
      }
    });
    await until(() => acknowledged.length >= 6, "six acknowledged uploads");
    killed = true;
    const ackedBeforeKill = [...acknowledged];
    await kill9(first.child);
    await Promise.race([Promise.all(writers), new Promise((r) => setTimeout(r, 3000))]);

    const second = await cli(dir);
    const after = client(second.port);
    for (const name of ackedBeforeKill) {
      const [, writer, i] = /r(\d)-(\d+)/.exec(name)!;
      expect(sameBytes(new Uint8Array(await getBytes(ref(after, name))), pattern(CHUNK * 2 + Number(i), Number(writer) + 3))).toBe(true);
    }
    for (const item of (await listAll(ref(after, "test"))).items) {
      const meta = await getMetadata(item);
      const got = new Uint8Array(await getBytes(item));
      expect(got.length).toBe(meta.size);
      expect(createHash("md5").update(got).digest("base64")).toBe(meta.md5Hash);
    }
  });
});

describe("the CLI's --upload-idle", () => {
  it("expires untouched sessions after that many seconds, and refuses a value that is not a positive number", async () => {
    const dir = newDir();
    const { url } = await cli(dir, undefined, ["--upload-idle", "2"]);
    const upload = await startResumable({ url }, "test/cli-idle.bin", { size: 10 });
    await uploadCommand(upload, "upload", pattern(5), 0);
    expect(fs.readdirSync(path.join(dir, "uploads"))).toHaveLength(2);
    await until(() => fs.readdirSync(path.join(dir, "uploads")).length === 0, "the session to expire");
    expect((await uploadCommand(upload, "query")).status).toBe(404);
    await expect(spawnCli(children, ["--rules", OPEN_RULES, "--upload-idle", "soon"])).rejects.toThrow(/Invalid --upload-idle soon/);
  });
});
