// An object's metadata: what is stored, what a client may send (validated here, one place),
// what the REST API answers (the shape the SDK's fromResource reads) and what the rules see.
import { createHash, randomUUID } from "node:crypto";
import { checkHashValue, crc32c, md5Base64, type ExpectedHashes } from "./checksums.js";
import { badRequest } from "./errors.js";

/** The metadata fields a client may set, besides the custom `metadata` map. */
const WRITABLE = ["contentType", "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage"] as const;
type Writable = (typeof WRITABLE)[number];

export interface StoredMetadata {
  bucket: string;
  name: string;
  /** Microseconds-like counter as a string, new for every upload of the name. */
  generation: string;
  metageneration: number;
  size: number;
  /** Base64 MD5 of the bytes, as GCS reports it. */
  md5Hash: string;
  /** Base64 CRC32C of the bytes (objects stored before it was kept have none). */
  crc32c?: string;
  /** SHA-256 hex of the bytes: the name of the blob that holds them (object-store.ts). */
  blob: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata: Record<string, string>;
  /** Tokens that let anyone holding the URL download the object (getDownloadURL). */
  downloadTokens: string[];
  timeCreated: string;
  updated: string;
}

/** What a client sends with an upload or a metadata update; null clears a field. */
export interface IncomingMetadata {
  name?: string;
  fields: Partial<Record<Writable, string | null>>;
  /** undefined: unchanged; null: clear all; entries set to null are removed. */
  customMetadata?: Record<string, string | null> | null;
  /** Checksums the client computed (`md5Hash`, `crc32c`): the upload is stored only if its bytes match. */
  hashes?: ExpectedHashes;
}

const MAX_CUSTOM_METADATA_BYTES = 8 * 1024;

/** Validates a JSON body (already parsed) as object metadata, with messages naming the field. */
export function parseIncomingMetadata(body: unknown): IncomingMetadata {
  if (body === null || body === undefined) return { fields: {} };
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("Object metadata must be a JSON object");
  const record = body as Record<string, unknown>;
  const result: IncomingMetadata = { fields: {} };
  if (record["name"] !== undefined && record["name"] !== null) {
    if (typeof record["name"] !== "string") throw badRequest("Metadata field name must be a string");
    result.name = record["name"];
  }
  for (const field of WRITABLE) {
    const value = record[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== "string") throw badRequest(`Metadata field ${field} must be a string or null`);
    result.fields[field] = value;
  }
  for (const field of ["md5Hash", "crc32c"] as const)
    if (record[field] !== undefined && record[field] !== null) (result.hashes ??= {})[field] = checkHashValue(field, record[field]);
  const custom = record["metadata"];
  if (custom === null) result.customMetadata = null;
  else if (custom !== undefined) {
    if (typeof custom !== "object" || Array.isArray(custom)) throw badRequest("Metadata field metadata (custom metadata) must be an object of strings");
    const entries: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
      if (value !== null && typeof value !== "string") throw badRequest(`Custom metadata ${JSON.stringify(key)} must be a string or null`);
      entries[key] = value;
    }
    if (Buffer.byteLength(JSON.stringify(entries)) > MAX_CUSTOM_METADATA_BYTES)
      throw badRequest(`Custom metadata must be at most ${MAX_CUSTOM_METADATA_BYTES} bytes`);
    result.customMetadata = entries;
  }
  return result;
}

let lastGeneration = 0;
/** Increasing per process and across restarts (a clock in microseconds). */
function nextGeneration(): string {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return String(lastGeneration);
}

/** The metadata of a new upload of `bytes` under `name`. */
export function newObjectMetadata(bucket: string, name: string, bytes: Buffer, incoming: IncomingMetadata, uploadContentType?: string): StoredMetadata {
  const now = new Date().toISOString();
  const stored: StoredMetadata = {
    bucket,
    name,
    generation: nextGeneration(),
    metageneration: 1,
    size: bytes.length,
    md5Hash: md5Base64(bytes),
    crc32c: crc32c(bytes),
    blob: createHash("sha256").update(bytes).digest("hex"),
    contentType: uploadContentType || "application/octet-stream",
    customMetadata: {},
    downloadTokens: [],
    timeCreated: now,
    updated: now,
  };
  applyIncoming(stored, incoming);
  // Every upload through the Firebase API gets a download token unless it brought its own.
  if (stored.downloadTokens.length === 0) stored.downloadTokens = [randomUUID()];
  return stored;
}

/** The metadata after an update (a new metageneration); the stored copy is not changed. */
export function updatedMetadata(current: StoredMetadata, incoming: IncomingMetadata): StoredMetadata {
  const next: StoredMetadata = { ...current, customMetadata: { ...current.customMetadata }, downloadTokens: [...current.downloadTokens] };
  applyIncoming(next, incoming);
  next.metageneration += 1;
  next.updated = new Date().toISOString();
  return next;
}

function applyIncoming(target: StoredMetadata, incoming: IncomingMetadata): void {
  for (const field of WRITABLE) {
    const value = incoming.fields[field];
    if (value === undefined) continue;
    if (field === "contentType") target.contentType = value ?? "application/octet-stream";
    else if (value === null) delete target[field];
    else target[field] = value;
  }
  if (incoming.customMetadata === null) target.customMetadata = {};
  else if (incoming.customMetadata) {
    for (const [key, value] of Object.entries(incoming.customMetadata)) {
      if (value === null) delete target.customMetadata[key];
      else target.customMetadata[key] = value;
    }
  }
  // Firebase keeps download tokens in this custom metadata key; the API shows them apart.
  const tokens = target.customMetadata["firebaseStorageDownloadTokens"];
  if (tokens !== undefined) {
    delete target.customMetadata["firebaseStorageDownloadTokens"];
    target.downloadTokens = tokens
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
  }
}

/** The JSON the REST API answers for an object (what the SDK's getMetadata and getDownloadURL read). */
export function outgoingMetadata(m: StoredMetadata): Record<string, unknown> {
  return {
    name: m.name,
    bucket: m.bucket,
    generation: m.generation,
    metageneration: String(m.metageneration),
    contentType: m.contentType,
    timeCreated: m.timeCreated,
    updated: m.updated,
    storageClass: "STANDARD",
    size: String(m.size),
    md5Hash: m.md5Hash,
    crc32c: m.crc32c,
    contentEncoding: m.contentEncoding ?? "identity",
    contentDisposition: m.contentDisposition,
    contentLanguage: m.contentLanguage,
    cacheControl: m.cacheControl,
    etag: etagOf(m),
    downloadTokens: m.downloadTokens.join(","),
    metadata: Object.keys(m.customMetadata).length > 0 ? m.customMetadata : undefined,
  };
}

export const etagOf = (m: StoredMetadata) => `"${m.md5Hash}/${m.metageneration}"`;

/** The object as the rules see it (`resource`, `request.resource`). */
export function rulesResource(m: Pick<StoredMetadata, "bucket" | "name" | "size" | "contentType" | "customMetadata"> & Partial<StoredMetadata>) {
  return {
    name: m.name,
    bucket: m.bucket,
    size: m.size,
    contentType: m.contentType,
    metadata: { ...m.customMetadata },
    md5Hash: m.md5Hash ?? null,
    generation: m.generation ?? null,
    metageneration: m.metageneration ?? null,
    cacheControl: m.cacheControl ?? null,
    contentDisposition: m.contentDisposition ?? null,
    contentEncoding: m.contentEncoding ?? null,
    contentLanguage: m.contentLanguage ?? null,
  };
}
