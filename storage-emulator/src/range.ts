// The Range header of a download: one byte range (bytes=a-b, bytes=a-, bytes=-n). A malformed
// range is refused with 400, one that starts past the end with 416.
import { StorageError, badRequest } from "./errors.js";

/** The inclusive byte span to send, or null for the whole object. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (header === undefined || size === 0) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) {
    if (/^bytes=.*,/.test(header)) throw badRequest("Only one byte range per request is supported");
    throw badRequest(`Malformed Range header ${JSON.stringify(header.slice(0, 100))}: expected bytes=start-end`);
  }
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) throw unsatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== "" && Number(match[2]) < start) throw badRequest(`Range ${header} ends before it starts`);
  }
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

const unsatisfiable = (size: number) =>
  new StorageError("range_not_satisfiable", `The requested range starts past the end of the object (${size} bytes)`, { "Content-Range": `bytes */${size}` });

// The Content-Range of an upload chunk ("bytes a-b/total", "bytes a-b/*", "bytes */total"), which
// the Firebase protocol does not need but a client may send: it must agree with the offset, the
// body's length and the size announced, or the chunk is refused.
export function checkContentRange(header: string | undefined, chunk: { offset: number; length: number; declaredSize?: number; maxBytes: number }): void {
  if (header === undefined) return;
  const match = /^bytes (?:(\d{1,16})-(\d{1,16})|\*)\/(\d{1,16}|\*)$/.exec(header.trim());
  if (!match)
    throw badRequest(`Malformed Content-Range ${JSON.stringify(header.slice(0, 100))}: expected bytes start-end/total, bytes start-end/* or bytes */total`);
  const [, first, last, totalText] = match;
  const total = totalText === "*" ? undefined : Number(totalText);
  if (total !== undefined && total > chunk.maxBytes)
    throw new StorageError("too_big", `Content-Range announces ${totalText} bytes; objects are limited to ${chunk.maxBytes} here`);
  if (total !== undefined && chunk.declaredSize !== undefined && total !== chunk.declaredSize)
    throw badRequest(`Content-Range announces ${total} bytes, but ${chunk.declaredSize} were announced at start`);
  if (first === undefined) {
    if (chunk.length !== 0) throw badRequest("Content-Range bytes */total is for an empty body");
    return;
  }
  const start = Number(first);
  const end = Number(last);
  if (end < start) throw badRequest(`Content-Range ${header} ends before it starts`);
  if (start !== chunk.offset) throw badRequest(`Content-Range starts at ${start}, but X-Goog-Upload-Offset says ${chunk.offset}`);
  if (end - start + 1 !== chunk.length) throw badRequest(`Content-Range spans ${end - start + 1} bytes, but the body has ${chunk.length}`);
  if (total !== undefined && end >= total) throw badRequest(`Content-Range ends at byte ${end}, past its total of ${total}`);
}
