// The checksums GCS reports and checks: MD5 and CRC32C, both base64 as the JSON API writes them.
// A client may send either in the upload's metadata (`md5Hash`, `crc32c`) or in an
// `X-Goog-Hash: crc32c=...,md5=...` header; the upload is stored only when they match its bytes.
import { createHash } from "node:crypto";
import { badRequest } from "./errors.js";

export interface ExpectedHashes {
  md5Hash?: string;
  crc32c?: string;
}

/** CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum GCS keeps for every object. */
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(bytes: Uint8Array): string {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC32C_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString("base64");
}

export const md5Base64 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

const HASH_BYTES = { md5Hash: 16, crc32c: 4 } as const;

/** A base64 checksum as a client sends it, refused with a message when it cannot be one. */
export function checkHashValue(field: keyof ExpectedHashes, value: unknown): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, "base64").length !== HASH_BYTES[field])
    throw badRequest(`${field} must be the base64 of a ${HASH_BYTES[field]}-byte ${field === "md5Hash" ? "MD5" : "CRC32C"} checksum`);
  return value;
}

/** The hashes of an `X-Goog-Hash` header (`crc32c=<b64>,md5=<b64>`), or none without one. */
export function parseHashHeader(header: string | string[] | undefined): ExpectedHashes {
  if (header === undefined) return {};
  const result: ExpectedHashes = {};
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (eq === -1 || (key !== "md5" && key !== "crc32c"))
      throw badRequest(`X-Goog-Hash must list crc32c=<base64> and/or md5=<base64> (got ${JSON.stringify(part.slice(0, 100))})`);
    const field = key === "md5" ? "md5Hash" : "crc32c";
    result[field] = checkHashValue(field, value);
  }
  return result;
}

/** Both sources together; two different values for one hash are a client error. */
export function mergeHashes(a: ExpectedHashes, b: ExpectedHashes): ExpectedHashes {
  for (const field of ["md5Hash", "crc32c"] as const)
    if (a[field] !== undefined && b[field] !== undefined && a[field] !== b[field])
      throw badRequest(`Two different ${field} values were sent for one upload (metadata and X-Goog-Hash)`);
  return { ...a, ...b };
}

/** The message of the first hash that differs from the bytes', or null when every one sent matches. */
export function hashMismatch(expected: ExpectedHashes, actual: { md5Hash: string; crc32c: string }): string | null {
  for (const field of ["md5Hash", "crc32c"] as const) {
    const want = expected[field];
    if (want !== undefined && want !== actual[field])
      return `The ${field === "md5Hash" ? "MD5" : "CRC32C"} of the bytes received (${actual[field]}) is not the one sent (${want}): nothing was stored`;
  }
  return null;
}
