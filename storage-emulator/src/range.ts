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
