// Resumable uploads interrupted and resumed: by a server restart (sessions persist in the data
// folder), by a connection cut in the middle of a chunk (the SDK retries; a chunk counts only
// when it arrived whole), and the protocol's commands by hand: query, gaps and repeats refused,
// finalize once, cancel.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { getBytes, ref, uploadBytesResumable } from "firebase/storage";
import type { StorageEmulator } from "../src/index.js";
import { BUCKET, makeStorage, pattern, sameBytes, startResumable, suiteResources, tempDir, until, uploadCommand as command } from "./helpers.js";

const { clients, dirs, server } = suiteResources();

describe("an interrupted resumable upload", () => {
  it("resumes after the server restarts, from the bytes the restarted server reports", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await server({ dataDir: dir });
    const client = makeStorage(first);
    clients.push(client);
    const bytes = pattern(1_500_000, 29);
    const task = uploadBytesResumable(ref(client.storage, "test/restart.jpg"), bytes, { contentType: "image/jpeg" });
    let paused = false;
    task.on("state_changed", (s) => {
      if (!paused && s.bytesTransferred > 0 && s.state === "running") {
        paused = true;
        task.pause();
      }
    });
    await until(() => task.snapshot.state === "paused", "the upload to pause after its first chunk");
    const sent = task.snapshot.bytesTransferred;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(bytes.length);
    const port = first.port;
    await first.close();
    const second = await server({ dataDir: dir, port });
    expect(second.recovery.uploadsResumed).toBe(1);
    task.resume();
    const done = await task;
    expect(done.metadata.size).toBe(bytes.length);
    expect(sameBytes(new Uint8Array(await getBytes(ref(client.storage, "test/restart.jpg"))), bytes)).toBe(true);
  });

  it("completes when a connection is cut in the middle of a chunk (the SDK retries the chunk)", async () => {
    const emu = await server();
    // A proxy that cuts the first connection carrying more than 300 kB of a request, once.
    let cut = 0;
    const proxy = net.createServer((client) => {
      const upstream = net.connect(emu.port, "127.0.0.1");
      let carried = 0;
      client.on("data", (chunk: Buffer) => {
        carried += chunk.length;
        if (cut === 0 && carried > 300_000) {
          cut += 1;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.on("data", (chunk) => client.write(chunk));
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyPort = (proxy.address() as net.AddressInfo).port;
    try {
      const client = makeStorage({ host: "127.0.0.1", port: proxyPort });
      clients.push(client);
      const bytes = pattern(1_200_000, 31);
      const done = await uploadBytesResumable(ref(client.storage, "test/cut.jpg"), bytes, { contentType: "image/jpeg" });
      expect(cut).toBe(1);
      expect(done.metadata.size).toBe(bytes.length);
      const direct = makeStorage(emu);
      clients.push(direct);
      expect(sameBytes(new Uint8Array(await getBytes(ref(direct.storage, "test/cut.jpg"))), bytes)).toBe(true);
    } finally {
      proxy.close();
    }
  });
});

describe("the resumable protocol by hand", () => {
  const start = (emu: StorageEmulator, name: string, size?: number) =>
    startResumable(emu, name, { size, contentType: "image/jpeg", metadata: { note: "by hand" } });

  it("queries, refuses a gap and a repeated chunk, finalizes once and answers a repeat the same", async () => {
    const emu = await server();
    const bytes = pattern(30);
    const url = await start(emu, "test/by-hand.jpg", 30);
    const first = await command(url, "upload", bytes.subarray(0, 10), 0);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-goog-upload-status")).toBe("active");
    expect(first.headers.get("x-goog-upload-size-received")).toBe("10");
    const query = await command(url, "query");
    expect(query.headers.get("x-goog-upload-status")).toBe("active");
    expect(query.headers.get("x-goog-upload-size-received")).toBe("10");
    // Out of order: a chunk past what arrived would leave a gap.
    const gap = await command(url, "upload", bytes.subarray(20, 30), 20);
    expect(gap.status).toBe(400);
    expect(gap.headers.get("x-goog-upload-status")).toBe("active");
    expect(gap.headers.get("x-goog-upload-size-received")).toBe("10");
    expect(((await gap.json()) as { error: { message: string } }).error.message).toMatch(/leave a gap.*resume from 10/);
    // A duplicate: the first chunk again, or one that overlaps what arrived.
    for (const [from, to] of [
      [0, 10],
      [5, 20],
    ] as const) {
      const repeat = await command(url, "upload", bytes.subarray(from, to), from);
      expect(repeat.status).toBe(400);
      expect(((await repeat.json()) as { error: { message: string } }).error.message).toMatch(/repeats bytes already received.*resume from 10/);
    }
    expect((await command(url, "query")).headers.get("x-goog-upload-size-received")).toBe("10");
    expect((await command(url, "upload", bytes.subarray(10, 20), 10)).headers.get("x-goog-upload-size-received")).toBe("20");
    // Past the size announced at start.
    expect((await command(url, "upload", pattern(11), 20)).status).toBe(400);
    const final = await command(url, "upload, finalize", bytes.subarray(20, 30), 20);
    expect(final.status).toBe(200);
    expect(final.headers.get("x-goog-upload-status")).toBe("final");
    const meta = (await final.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ name: "test/by-hand.jpg", size: "30", contentType: "image/jpeg", metadata: { note: "by hand" } });
    const again = await command(url, "finalize");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-goog-upload-status")).toBe("final");
    expect(await again.json()).toEqual(meta);
    // The last chunk and finalize sent again (as after a lost answer): the same outcome, nothing appended.
    const repeated = await command(url, "upload, finalize", bytes.subarray(20, 30), 20);
    expect([repeated.status, await repeated.json()]).toEqual([200, meta]);
    const finalQuery = await command(url, "query");
    expect(finalQuery.headers.get("x-goog-upload-status")).toBe("final");
    expect(finalQuery.headers.get("x-goog-upload-size-received")).toBe("30");
    expect((await command(url, "cancel")).status).toBe(400);
    expect((await command(url, "upload", pattern(1), 30)).status).toBe(400);
    const stored = await fetch(`${emu.url}/v0/b/${BUCKET}/o/${encodeURIComponent("test/by-hand.jpg")}?alt=media`);
    expect(sameBytes(new Uint8Array(await stored.arrayBuffer()), bytes)).toBe(true);
  });

  it("refuses to finalize fewer bytes than announced, and forgets a cancelled upload's bytes", async () => {
    const emu = await server();
    const url = await start(emu, "test/short.jpg", 10);
    await command(url, "upload", pattern(4), 0);
    const short = await command(url, "finalize");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toMatch(/4 bytes, but 10 were announced/);
    expect((await command(url, "cancel")).status).toBe(200);
    expect((await command(url, "upload", pattern(6), 4)).status).toBe(400);
    expect((await fetch(`${emu.url}/v0/b/${BUCKET}/o/${encodeURIComponent("test/short.jpg")}`)).status).toBe(404);
  });
});
