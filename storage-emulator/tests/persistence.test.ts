// Persistence: objects, metadata updates and deletes survive a restart; every acknowledged
// upload survives kill -9 of the server's process, whole (bytes and metadata never torn); the
// leftovers of a crash (temp files, unreferenced blobs) are cleaned at the next start.
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deleteObject, getBytes, getMetadata, listAll, ref, updateMetadata, uploadBytes } from "firebase/storage";
import type { StorageEmulator } from "../src/index.js";
import { OPEN_RULES, closeApps, makeStorage, pattern, sameBytes, spawnCli, startServer, tempDir, type TestStorage } from "./helpers.js";

const clients: TestStorage[] = [];
const children: ChildProcess[] = [];
const servers: StorageEmulator[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await closeApps(clients);
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await Promise.all(servers.map((s) => s.close()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

async function server(dataDir: string): Promise<StorageEmulator> {
  const emu = await startServer({ dataDir });
  servers.push(emu);
  return emu;
}

function client(emu: { host: string; port: number }) {
  const c = makeStorage(emu);
  clients.push(c);
  return c.storage;
}

describe("persistence", () => {
  it("keeps objects, metadata updates and deletes across a restart", async () => {
    const dir = newDir();
    const first = await server(dir);
    const storage = client(first);
    await uploadBytes(ref(storage, "test/kept.webp"), pattern(2000), { contentType: "image/webp", customMetadata: { alt: "kept" } });
    await uploadBytes(ref(storage, "test/same-bytes.webp"), pattern(2000), { contentType: "image/webp" });
    await updateMetadata(ref(storage, "test/kept.webp"), { cacheControl: "public, max-age=31536000, immutable" });
    await uploadBytes(ref(storage, "test/deleted.webp"), pattern(10), { contentType: "image/webp" });
    await deleteObject(ref(storage, "test/deleted.webp"));
    const before = await getMetadata(ref(storage, "test/kept.webp"));
    await first.close();

    const second = await server(dir);
    expect(second.recovery).toMatchObject({ objects: 2, orphanBlobsRemoved: 0, tempFilesRemoved: 0 });
    const again = client(second);
    const after = await getMetadata(ref(again, "test/kept.webp"));
    expect(after).toMatchObject({
      cacheControl: before.cacheControl,
      customMetadata: { alt: "kept" },
      md5Hash: before.md5Hash,
      generation: before.generation,
      metageneration: "2",
    });
    expect(sameBytes(new Uint8Array(await getBytes(ref(again, "test/kept.webp"))), pattern(2000))).toBe(true);
    expect((await listAll(ref(again, "test"))).items.map((i) => i.name)).toEqual(["kept.webp", "same-bytes.webp"]);
    // Identical bytes share one blob, which outlives the first of its objects to go.
    await deleteObject(ref(again, "test/kept.webp"));
    expect(sameBytes(new Uint8Array(await getBytes(ref(again, "test/same-bytes.webp"))), pattern(2000))).toBe(true);
    expect(fs.readdirSync(path.join(dir, "blobs"))).toHaveLength(1);
  });

  it("keeps every acknowledged upload whole when the server is killed with SIGKILL mid-stream", async () => {
    const dir = newDir();
    const { child, port } = await spawnCli(children, ["--rules", OPEN_RULES, "--data", dir, "--quiet"]);
    const storage = client({ host: "127.0.0.1", port });
    const acknowledged: string[] = [];
    const uploads: Promise<unknown>[] = [];
    let killed = false;
    // Four writers upload one after another until the process dies under them.
    for (let writer = 0; writer < 4; writer++) {
      uploads.push(
        (async () => {
          for (let i = 0; !killed; i++) {
            const name = `test/w${writer}-${i}.bin`;
            try {
              await uploadBytes(ref(storage, name), pattern(20_000 + i, writer * 2 + 3), {
                contentType: "application/octet-stream",
                customMetadata: { i: String(i) },
              });
              if (!killed) acknowledged.push(name);
            } catch {
              return;
            }
          }
        })(),
      );
    }
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    child.kill("SIGKILL");
    const ackedBeforeKill = [...acknowledged];
    await Promise.race([Promise.all(uploads), new Promise((r) => setTimeout(r, 5000))]);

    const restarted = await server(dir);
    const after = client(restarted);
    for (const name of ackedBeforeKill) {
      const [, writer, i] = /w(\d)-(\d+)/.exec(name)!;
      const meta = await getMetadata(ref(after, name));
      expect(meta.customMetadata).toEqual({ i });
      expect(sameBytes(new Uint8Array(await getBytes(ref(after, name))), pattern(20_000 + Number(i), Number(writer) * 2 + 3))).toBe(true);
    }
    // Whatever else is there (an upload the kill interrupted after it was stored) is whole too.
    for (const item of (await listAll(ref(after, "test"))).items) {
      const meta = await getMetadata(item);
      const bytes = new Uint8Array(await getBytes(item));
      expect(createHash("md5").update(bytes).digest("base64")).toBe(meta.md5Hash);
    }
  });

  it("removes a crash's leftovers at start: half-written temp files and blobs no object names", async () => {
    const dir = newDir();
    const first = await server(dir);
    await uploadBytes(ref(client(first), "test/one.bin"), pattern(100));
    await first.close();
    fs.writeFileSync(path.join(dir, "objects", "abc.json.123456.tmp"), '{"torn":');
    fs.writeFileSync(path.join(dir, "blobs", "f".repeat(64)), "bytes whose metadata never landed");
    const second = await server(dir);
    expect(second.recovery).toMatchObject({ objects: 1, orphanBlobsRemoved: 1, tempFilesRemoved: 1 });
    expect(fs.readdirSync(path.join(dir, "objects"))).toHaveLength(1);
    expect(sameBytes(new Uint8Array(await getBytes(ref(client(second), "test/one.bin"))), pattern(100))).toBe(true);
  });
});
