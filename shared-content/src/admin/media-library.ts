// The media library's writes: store a processed picture (every variant, then its record), and
// the library's operations on stored pictures (alt text, replace, delete, orphans). The order is
// what keeps a page from referencing half a picture: a record is written only after every
// variant is stored, and content points at a picture only after its record exists (the editors
// set the field from storeMedia's answer). docs/media.md.
import type { UploadTask } from "firebase/storage";
import { mediaRecordPath } from "../paths";
import { readingMinutes, toContentError, type StoredPost } from "shared-content";
import { ContentError } from "../errors";
import {
  MEDIA_CACHE_CONTROL,
  MEDIA_FORMATS,
  MEDIA_PREFIX,
  MediaRecordFieldsSchema,
  mediaContentType,
  mediaObjectPath,
  shareImage,
  type Focus,
  type MediaFormat,
  type MediaRecord,
  type MediaRecordFields,
  type MediaStorage,
  type VariantBytes,
} from "../media";
import { postUpdates } from "../blog";
import { validate } from "../schemas";
import { SERVER_TIME, connection, type Connection } from "./db";
import { describeUses, mediaUses, rewriteUses, USE_SOURCES, type MediaUse, type UseChange, type UseSources } from "./media-uses";
import { storageConnection } from "./storage";
import { sendUpdates } from "./writes";

/** A picture ready to store: what remote-admin's pipeline made of one file. */
export interface MediaUpload {
  id: string;
  /** The original file's name. */
  name: string;
  alt: string;
  placeholder: string;
  focus?: Focus;
  variants: { width: number; blobs: Record<MediaFormat, Blob> }[];
}

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

export interface StoreOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels every running upload; nothing is recorded. */
  signal?: AbortSignal;
}

/** How long the SDK keeps retrying (resuming) an upload through a dropped connection before it gives up. */
export const UPLOAD_RETRY_MS = 120_000;

/** The upload failure in plain words. */
export function uploadFailureMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "storage/canceled":
      return "The upload was cancelled; nothing was saved.";
    case "storage/retry-limit-exceeded":
      return "The connection dropped and the upload could not resume within two minutes; nothing was saved. Check your connection and upload the picture again.";
    case "storage/unauthorized":
    case "storage/unauthenticated":
      return "The server refused the upload: only the signed-in site owner may upload pictures. Sign in again and retry.";
    case "storage/quota-exceeded":
      return "The storage bucket is full (its quota is used up); nothing was saved.";
    default:
      return toContentError(error).message;
  }
}

const cancelled = () => new ContentError("unknown", "The upload was cancelled; nothing was saved.");

const readValue = async ({ db, sdk }: Connection, path: string): Promise<unknown> => (await sdk.get(sdk.ref(db, path))).val();

/** The stored record of a picture, or null. */
export async function readMediaRecord(id: string): Promise<MediaRecord | null> {
  const raw = await readValue(await connection(), mediaRecordPath(id));
  return raw === null ? null : (raw as MediaRecord);
}

/**
 * Stores a picture: every variant (resumable uploads, immutable cache headers), then its record.
 * The same file uploaded again has the same id: its stored record is returned, nothing is sent.
 */
export async function storeMedia(upload: MediaUpload, { onProgress, signal }: StoreOptions = {}): Promise<{ record: MediaRecordFields; reused: boolean }> {
  const existing = await readMediaRecord(upload.id);
  if (existing) return { record: existing, reused: true };
  signal?.throwIfAborted();
  const { storage, sdk } = await storageConnection();
  storage.maxUploadRetryTime = UPLOAD_RETRY_MS;
  // Variants stored by an earlier attempt (cancelled, or cut off before its record) stay: a
  // variant is never overwritten (storage.rules allows create only), and the same id means the
  // same original, so they are the same pictures.
  const stored = new Set((await sdk.listAll(sdk.ref(storage, `${MEDIA_PREFIX}${upload.id}`)).catch(() => ({ items: [] }))).items.map((i) => i.fullPath));
  const files = upload.variants
    .flatMap((v) => MEDIA_FORMATS.map((format) => ({ width: v.width, format, blob: v.blobs[format] })))
    .filter((f) => !stored.has(mediaObjectPath(upload.id, f.width, f.format)));
  const totalBytes = files.reduce((sum, f) => sum + f.blob.size, 0);
  const sent = new Map<string, number>();
  const report = () => onProgress?.({ sentBytes: [...sent.values()].reduce((a, b) => a + b, 0), totalBytes });
  const tasks: UploadTask[] = [];
  const abort = () => tasks.forEach((t) => t.cancel());
  signal?.addEventListener("abort", abort);
  try {
    // Two at a time: the variants are small, a pair keeps the connection busy without starving the big ones.
    const queue = [...files];
    const next = async (): Promise<void> => {
      const file = queue.shift();
      if (!file) return;
      signal?.throwIfAborted();
      const path = mediaObjectPath(upload.id, file.width, file.format);
      const task = sdk.uploadBytesResumable(sdk.ref(storage, path), file.blob, {
        contentType: mediaContentType(file.format),
        cacheControl: MEDIA_CACHE_CONTROL,
      });
      tasks.push(task);
      task.on("state_changed", (snap) => {
        sent.set(path, snap.bytesTransferred);
        report();
      });
      await task;
      sent.set(path, file.blob.size);
      report();
      return next();
    };
    await Promise.all([next(), next()]);
  } catch (error) {
    if (signal?.aborted) {
      await removeCancelled(upload.id);
      throw cancelled();
    }
    throw new ContentError("unavailable", uploadFailureMessage(error), { cause: error });
  } finally {
    signal?.removeEventListener("abort", abort);
  }
  const variants: Record<string, VariantBytes> = {};
  for (const v of upload.variants) variants[String(v.width)] = { webp: v.blobs.webp.size, jpeg: v.blobs.jpeg.size };
  const fields = {
    alt: upload.alt,
    placeholder: upload.placeholder,
    ...(upload.focus ? { focus: upload.focus } : {}),
    name: upload.name.slice(0, 200),
    variants,
    createdAt: Date.now(),
  };
  const checked = validate(MediaRecordFieldsSchema, fields);
  if (!checked.ok) throw new ContentError("invalid", Object.values(checked.errors)[0] ?? "The picture's record is not valid.");
  try {
    await sendUpdates({ [mediaRecordPath(upload.id)]: { ...checked.value, rev: 1, updatedAt: SERVER_TIME } }, [
      { path: mediaRecordPath(upload.id), expectedRev: null },
    ]);
  } catch (error) {
    // The same file, stored from another tab meanwhile: the same picture.
    const stored = await readMediaRecord(upload.id);
    if (stored) return { record: stored, reused: true };
    throw error;
  }
  return { record: checked.value, reused: false };
}

/**
 * After Cancel, the variants stored so far go too, so that "nothing was saved" holds and the
 * library lists no orphan (a dropped connection keeps them instead, for the retry). Only while
 * the picture has no record: the same file finished from another tab meanwhile keeps its files.
 * Best effort: what cannot be removed now stays an orphan the library lists.
 */
async function removeCancelled(id: string): Promise<void> {
  try {
    if (await readMediaRecord(id)) return;
    const { storage, sdk } = await storageConnection();
    const listing = await sdk.listAll(sdk.ref(storage, `${MEDIA_PREFIX}${id}`));
    await Promise.all(listing.items.map((item) => sdk.deleteObject(item).catch(() => undefined)));
  } catch {
    // Offline or refused: the orphans check of the library offers the cleanup.
  }
}

// --- where used -----------------------------------------------------------------------------

async function readUseSources(c: Connection): Promise<UseSources> {
  const values = await Promise.all(USE_SOURCES.map((s) => readValue(c, s.path)));
  return Object.fromEntries(USE_SOURCES.map((s, i) => [s.key, values[i]])) as unknown as UseSources;
}

/** Every use of every picture, read from the content now (admin: drafts included). */
export async function findMediaUses(storage: MediaStorage): Promise<Map<string, MediaUse[]>> {
  try {
    return mediaUses(await readUseSources(await connection()), storage);
  } catch (error) {
    throw toContentError(error);
  }
}

/**
 * The update that applies `change` to every record using picture `id`, each with its rev + 1
 * (compare-and-set on the rev read); a published post's list entry follows in the same update.
 */
function useUpdates(sources: UseSources, storage: MediaStorage, id: string, change: UseChange) {
  const updates: Record<string, unknown> = {};
  const checks: { path: string; expectedRev: number | null }[] = [];
  const uses = mediaUses(sources, storage).get(id) ?? [];
  for (const use of uses) {
    const source = USE_SOURCES.find((s) => s.kind === use.kind);
    const node = source ? sources[source.key] : null;
    const key = use.path.split("/").at(-1) ?? "";
    const record = (source?.single ? node : (node as Record<string, unknown> | null)?.[key]) as Record<string, unknown>;
    const { movedFrom: _moved, ...rewritten } = rewriteUses(record, id, storage, change);
    const rev = typeof record.rev === "number" ? record.rev : 0;
    checks.push({ path: use.path, expectedRev: rev });
    if (use.kind === "post" || use.kind === "draft") {
      const body = typeof rewritten.body === "string" ? rewritten.body : "";
      const post = { ...rewritten, readingMinutes: readingMinutes(body), rev: rev + 1, updatedAt: SERVER_TIME } as unknown as StoredPost;
      Object.assign(updates, postUpdates(key, post));
    } else {
      updates[use.path] = { ...rewritten, rev: rev + 1, updatedAt: SERVER_TIME };
    }
  }
  return { updates, checks, uses };
}

/** A new alt text for a picture: its record and every use, in one update. Returns the uses changed. */
export async function updateMediaAlt(storage: MediaStorage, id: string, alt: string, expectedRev: number): Promise<MediaUse[]> {
  const checked = validate(MediaRecordFieldsSchema.entries.alt, alt);
  if (!checked.ok)
    throw new ContentError("invalid", Object.values(checked.errors)[0] ?? "Describe the image in the alt text", {
      fields: { alt: Object.values(checked.errors)[0] ?? "" },
    });
  const c = await connection();
  const { updates, checks, uses } = useUpdates(await readUseSources(c), storage, id, { alt: checked.value });
  const path = mediaRecordPath(id);
  Object.assign(updates, { [`${path}/alt`]: checked.value, [`${path}/rev`]: expectedRev + 1, [`${path}/updatedAt`]: SERVER_TIME });
  await sendUpdates(updates, [{ path, expectedRev }, ...checks]);
  return uses;
}

/**
 * Another file in the place of picture `oldId`: the new one is stored first (storeMedia), then
 * every use is pointed at it in one update; the old picture, now unused, is deleted.
 */
export async function replaceMedia(
  storage: MediaStorage,
  oldId: string,
  upload: MediaUpload,
  options: StoreOptions = {},
): Promise<{ record: MediaRecordFields; uses: MediaUse[] }> {
  if (upload.id === oldId) throw new ContentError("invalid", "This is the same file as the picture it would replace; nothing to change.");
  const { record } = await storeMedia(upload, options);
  const c = await connection();
  const url = shareImage(storage, upload.id).url;
  const { updates, checks, uses } = useUpdates(await readUseSources(c), storage, oldId, {
    replaceWith: { id: upload.id, url, ...(record.placeholder ? { placeholder: record.placeholder } : {}) },
  });
  if (Object.keys(updates).length > 0) await sendUpdates(updates, checks);
  // Best effort: if this fails the old picture stays in the library, unused, to delete by hand.
  await deleteMedia(storage, oldId).catch(() => undefined);
  return { record, uses };
}

// --- delete and orphans ---------------------------------------------------------------------

/** Deletes every file under media/{id}/ (the variants), whatever their names. */
async function deleteFiles(id: string): Promise<void> {
  const { storage, sdk } = await storageConnection();
  const listing = await sdk.listAll(sdk.ref(storage, `${MEDIA_PREFIX}${id}`));
  await Promise.all(listing.items.map((item) => sdk.deleteObject(item)));
}

/** Deletes an unused picture: its files, then its record. Refused, naming the uses, while anything uses it. */
export async function deleteMedia(storage: MediaStorage, id: string): Promise<void> {
  const uses = (await findMediaUses(storage)).get(id) ?? [];
  if (uses.length > 0) throw new ContentError("invalid", `This picture is still used by ${describeUses(uses)}. Remove it there first.`);
  try {
    await deleteFiles(id);
  } catch (error) {
    throw new ContentError("unavailable", uploadFailureMessage(error), { cause: error });
  }
  await sendUpdates({ [mediaRecordPath(id)]: null }, []);
}

export interface MediaOrphans {
  /** Folders under media/ with files but no record (an upload that stopped before its record). */
  filesWithoutRecord: { id: string; files: number }[];
  /** Records whose folder holds no file (files deleted by hand). */
  recordsWithoutFiles: string[];
}

/** Files and records that do not match up; `recordIds` are the library's records. */
export async function findMediaOrphans(recordIds: readonly string[]): Promise<MediaOrphans> {
  const { storage, sdk } = await storageConnection();
  try {
    const top = await sdk.listAll(sdk.ref(storage, MEDIA_PREFIX.replace(/\/$/, "")));
    const folders = await Promise.all(top.prefixes.map(async (p) => ({ id: p.name, files: (await sdk.listAll(p)).items.length })));
    const withFiles = new Set(folders.filter((f) => f.files > 0).map((f) => f.id));
    return {
      filesWithoutRecord: folders.filter((f) => f.files > 0 && !recordIds.includes(f.id)),
      recordsWithoutFiles: recordIds.filter((id) => !withFiles.has(id)),
    };
  } catch (error) {
    throw new ContentError("unavailable", uploadFailureMessage(error), { cause: error });
  }
}

/** Cleans up an orphan: the files of a folder with no record, or a record with no files. */
export async function removeOrphan(kind: "files" | "record", id: string): Promise<void> {
  if (kind === "files") await deleteFiles(id);
  else await sendUpdates({ [mediaRecordPath(id)]: null }, []);
}
