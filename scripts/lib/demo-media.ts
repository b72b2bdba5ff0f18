// The demo seed's pictures in a local stack. The seed (shared-content/scripts/generate-seed.ts)
// stores them as an upload would: share-JPEG URLs naming the default local Storage server, and a
// media record per picture; the variants are files in seed/storage/ (made by the admin's own
// pipeline: npm run demo-pictures -w remote-admin). Here the URLs are pointed at the Storage
// server this stack runs, and the variants of every picture the database has a record of are
// uploaded when missing (so a reset seeds both, and a picture deleted in the library stays gone).
import { readFileSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { objectExists, putObject } from "dev-tools/storage-owner";
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
  // The database's owner token, as for Storage below: the media library is the admin's.
  const res = await fetch(`${databaseUrl}/media.json?ns=${encodeURIComponent(namespace)}`, { headers: { Authorization: "Bearer owner" } });
  if (!res.ok) throw new Error(`Database media/: HTTP ${res.status} ${await res.text()}`);
  const records = ((await res.json()) ?? {}) as Record<string, { variants?: Record<string, unknown> } | null>;
  const seeded = new Set(await readdir(join(seedDir, "storage", "media")).catch((): string[] => []));
  const storage = { origin: storageUrl, bucket };
  let uploaded = 0;
  for (const [id, record] of Object.entries(records)) {
    if (!seeded.has(id)) continue; // an upload of the owner's, not a demo picture
    for (const width of Object.keys(record?.variants ?? {})) {
      for (const format of MEDIA_FORMATS) {
        const path = mediaObjectPath(id, Number(width), format);
        if (await objectExists(storage, path)) continue;
        // As the upload pipeline stores a variant: its content type, immutable caching.
        await putObject(storage, path, await readFile(join(seedDir, "storage", path)), {
          contentType: mediaContentType(format),
          cacheControl: MEDIA_CACHE_CONTROL,
        });
        uploaded++;
      }
    }
  }
  return uploaded;
}
