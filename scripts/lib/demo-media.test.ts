// The demo seed's pictures: their URLs follow the stack's Storage server, their variant files are
// what the contract says (sizes, formats, no metadata), and a stack uploads them to a real
// Storage server for the pictures the real database server has records of.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { startStorageEmulator } from "storage-emulator";
import { MEDIA_CACHE_CONTROL, mediaObjectPath, mediaSize, mediaWidths, variantHeight, type MediaRecord } from "shared-content/media";
import { SEED_STORAGE_ORIGIN, seedForStorage, uploadDemoMedia } from "./demo-media";
import { NAMESPACE, STORAGE_BUCKET, repoRoot } from "dev-tools/stack-config";
import { hasMetadata, imageSize } from "dev-tools/test-images";

const seedDir = join(repoRoot, "seed");
const seedFile = join(seedDir, "demo-content.json");
const seedText = readFileSync(seedFile, "utf8");
const seed = JSON.parse(seedText) as { media: Record<string, MediaRecord> };
const count = (text: string, part: string) => text.split(part).length - 1;

describe("the demo seed's pictures", () => {
  it("name the default Storage server, and follow the stack's", () => {
    const urls = count(seedText, `${SEED_STORAGE_ORIGIN}/v0/b/`);
    // The avatar, five projects, three covers (each in its post and its list entry), three posters, and a picture in a post's markdown and HTML.
    expect(urls).toBeGreaterThanOrEqual(1 + 5 + 3 * 2 + 3 + 2);
    expect(seedForStorage(seedFile, SEED_STORAGE_ORIGIN)).toBe(seedFile);
    const moved = JSON.stringify(seedForStorage(seedFile, "http://127.0.0.1:9703"));
    expect(count(moved, `${SEED_STORAGE_ORIGIN}/`)).toBe(0);
    expect(count(moved, "http://127.0.0.1:9703/v0/b/")).toBe(urls);
  });

  it("have every variant the contract lists, at its size, without metadata", () => {
    const ids = Object.keys(seed.media);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(readdirSync(join(seedDir, "storage", "media")).sort()).toEqual([...ids].sort());
    for (const [id, record] of Object.entries(seed.media)) {
      const widths = mediaWidths(mediaSize(id).width);
      expect(Object.keys(record.variants).map(Number)).toEqual(widths);
      for (const width of widths) {
        for (const format of ["webp", "jpeg"] as const) {
          const bytes = readFileSync(join(seedDir, "storage", mediaObjectPath(id, width, format)));
          expect(bytes.length, `${id} ${width} ${format}`).toBe(record.variants[String(width)]![format]);
          expect(hasMetadata(bytes)).toBe(false);
          if (format === "jpeg") expect(imageSize(bytes)).toEqual({ width, height: variantHeight(id, width) });
          else expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
        }
      }
    }
  });
});

describe("uploadDemoMedia", () => {
  let db: RtdbEmulator;
  let storage: Awaited<ReturnType<typeof startStorageEmulator>>;
  const [id, record] = Object.entries(seed.media)[0]!;

  beforeAll(async () => {
    db = await startRtdbEmulator({ port: 0, rulesText: '{ "rules": { ".read": false, ".write": false } }', defaultNamespace: NAMESPACE });
    storage = await startStorageEmulator({ port: 0, rules: join(repoRoot, "storage.rules") });
  });
  afterAll(async () => {
    await storage?.close();
    await db?.close();
  });

  const options = () => ({ databaseUrl: db.url, namespace: NAMESPACE, storageUrl: storage.url, bucket: STORAGE_BUCKET, seedDir });

  it("uploads the variants of the demo pictures the database has records of, once, as the pipeline stores them", async () => {
    const put = (path: string, value: unknown) =>
      fetch(`${db.url}/${path}.json?ns=${NAMESPACE}`, { method: "PUT", headers: { Authorization: "Bearer owner" }, body: JSON.stringify(value) });
    // A demo picture, and a record of the owner's own upload that the seed has no files for.
    await put("media", { [id]: record, "0123456789abcdef-640x480": { ...record, variants: { "320": { webp: 1, jpeg: 1 } } } });
    expect(await uploadDemoMedia(options())).toBe(Object.keys(record.variants).length * 2);

    const width = Number(Object.keys(record.variants).at(-1));
    const path = mediaObjectPath(id, width, "webp");
    const res = await fetch(`${storage.url}/v0/b/${STORAGE_BUCKET}/o/${encodeURIComponent(path)}?alt=media`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(seedDir, "storage", path)))).toBe(true);

    // Nothing is missing any more; a picture deleted in the library (no record) is not uploaded again.
    expect(await uploadDemoMedia(options())).toBe(0);
    await put("media", null);
    await fetch(`${storage.url}/v0/b/${STORAGE_BUCKET}/o/${encodeURIComponent(path)}`, { method: "DELETE", headers: { Authorization: "Bearer owner" } });
    expect(await uploadDemoMedia(options())).toBe(0);
  });
});
