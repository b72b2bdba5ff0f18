// Which bucket and object names the server accepts, with messages that say why not.
import { badRequest } from "./errors.js";

const BUCKET = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;
const MAX_NAME_BYTES = 1024;

export function checkBucket(bucket: string): string {
  if (!BUCKET.test(bucket))
    throw badRequest(`Invalid bucket name ${JSON.stringify(bucket.slice(0, 100))}: lower-case letters, digits, ".", "-" and "_", 3 to 222 characters`);
  return bucket;
}

/**
 * An object name as the Firebase API accepts it: 1 to 1024 bytes of UTF-8, no control
 * characters, no empty segment, and no "." or ".." segment (nothing that reads as a path
 * outside its folder).
 */
export function checkObjectName(name: string): string {
  if (name.length === 0) throw badRequest("The object name is empty");
  if (Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES) throw badRequest(`Object names are at most ${MAX_NAME_BYTES} bytes`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest("Object names may not contain control characters");
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(name)) throw badRequest("The object name is not valid Unicode");
  const segments = name.split("/");
  if (segments.some((s) => s === "." || s === ".."))
    throw badRequest(`Object names may not contain "." or ".." segments: ${JSON.stringify(name.slice(0, 200))}`);
  if (segments.some((s) => s === "")) throw badRequest(`Object names may not start or end with "/" or contain "//": ${JSON.stringify(name.slice(0, 200))}`);
  return name;
}

/** Decodes one percent-encoded path part, refusing malformed escapes. */
export function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw badRequest(`Malformed percent-encoding in ${JSON.stringify(part.slice(0, 200))}`);
  }
}

/**
 * The `name` query parameter, decoded strictly: URLSearchParams turns bytes that are not UTF-8
 * into U+FFFD, which would store an object under a name the client never sent.
 */
export function nameParam(url: URL): string | null {
  for (const pair of url.search.slice(1).split("&")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq) !== "name") continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      throw badRequest(`The name parameter is not percent-encoded UTF-8: ${JSON.stringify(pair.slice(eq + 1, eq + 201))}`);
    }
  }
  return null;
}
