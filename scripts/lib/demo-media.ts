// The demo seed's pictures in a local stack. The seed (shared-content/scripts/generate-seed.ts)
// stores them as an upload would: share-JPEG URLs naming the default local Storage server, and a
// media record per picture; the variants are files in seed/storage/ (made by the admin's own
// pipeline: npm run demo-pictures -w remote-admin). Here the URLs are pointed at the Storage
// server this stack runs, and the variants of every picture the database has a record of are
// uploaded when missing (so a reset seeds both, and a picture deleted in the library stays gone).
import { readFileSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { RtdbEmulatorOptions } from "rtdb-emulator";
import { MEDIA_CACHE_CONTROL, MEDIA_FORMATS, mediaContentType, mediaObjectPath } from "shared-content/media";

/** A seed as the database server takes it: a JSON file's path, or the tree. */
type Seed = RtdbEmulatorOptions["seed"];

/** The Storage origin the seed's picture URLs name (generate-seed.ts's SEED_STORAGE; scripts/lib/demo-media.test.ts keeps them in step). */
export const SEED_STORAGE_ORIGIN = "http://127.0.0.1:9199";

/**
 * The seed (a JSON file's path or a tree) with its picture URLs on `storageOrigin`: the same
 * tree when they already are, else a rewritten copy.
 */
export function seedForStorage(seed: Seed, storageOrigin: string): Seed {
  if (storageOrigin === SEED_STORAGE_ORIGIN || seed === undefined) return seed;
  const text = typeof seed === "string" ? readFileSync(seed, "utf8") : JSON.stringify(seed);
  return JSON.parse(text.replaceAll(`${SEED_STORAGE_ORIGIN}/v0/b/`, `${storageOrigin}/v0/b/`)) as Seed;
}

const owner = { Authorization: "Bearer owner" };

/** Whether the object exists (its metadata, as the owner). */
async function exists(storageUrl: string, bucket: string, path: string) {
  const res = await fetch(`${storageUrl}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}`, { headers: owner });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`Storage ${path}: HTTP ${res.status} ${await res.text()}`);
  return true;
}

/** Stores one variant as the upload pipeline does (its content type, immutable caching), as the owner. */
async function put(storageUrl: string, bucket: string, path: string, bytes: Buffer, contentType: string) {
  const boundary = `demo-media-${Date.now()}`;
  const metadata = JSON.stringify({ name: path, contentType, cacheControl: MEDIA_CACHE_CONTROL });
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const res = await fetch(`${storageUrl}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(path)}`, {
    method: "POST",
    headers: { ...owner, "X-Goog-Upload-Protocol": "multipart", "Content-Type": `multipart/related; boundary=${boundary}` },
    body,
  });
  if (!res.ok) throw new Error(`Storage upload ${path}: HTTP ${res.status} ${await res.text()}`);
}

/**
 * Uploads the seed's variants (`<seedDir>/storage/media/{id}/...`) of every picture recorded in
 * the database's `media/` that the Storage server lacks. Returns the number of files uploaded.
 */
export async function uploadDemoMedia({
  databaseUrl,
  namespace,
  storageUrl,
  bucket,
  seedDir,
}: {
  databaseUrl: string;
  namespace: string;
  storageUrl: string;
  bucket: string;
  seedDir: string;
}): Promise<number> {
  const res = await fetch(`${databaseUrl}/media.json?ns=${encodeURIComponent(namespace)}`, { headers: owner });
  if (!res.ok) throw new Error(`Database media/: HTTP ${res.status} ${await res.text()}`);
  const records = ((await res.json()) ?? {}) as Record<string, { variants?: Record<string, unknown> } | null>;
  const seeded = new Set(await readdir(join(seedDir, "storage", "media")).catch((): string[] => []));
  let uploaded = 0;
  for (const [id, record] of Object.entries(records)) {
    if (!seeded.has(id)) continue; // an upload of the owner's, not a demo picture
    for (const width of Object.keys(record?.variants ?? {})) {
      for (const format of MEDIA_FORMATS) {
        const path = mediaObjectPath(id, Number(width), format);
        if (await exists(storageUrl, bucket, path)) continue;
        await put(storageUrl, bucket, path, await readFile(join(seedDir, "storage", path)), mediaContentType(format));
        uploaded++;
      }
    }
  }
  return uploaded;
}
