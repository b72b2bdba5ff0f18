// The stylesheets a page inlines. The shell's come from its deployed build on disk, read once at
// start-up; a remote's are fetched only from that remote's configured origin (the manifest URL in
// the runtime config), never from a host a request or a manifest names. Fetched files are kept
// in a cache bounded in entries and bytes, and a file over the size limit is not inlined.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { originOf } from "./csp";

export interface StylesheetLimits {
  /** A larger file stays a <link>: inlining it would only slow the first paint. */
  maxFileBytes: number;
  maxCachedBytes: number;
  maxCachedFiles: number;
  fetchTimeoutMs: number;
}

export const STYLESHEET_LIMITS: StylesheetLimits = { maxFileBytes: 256 * 1024, maxCachedBytes: 8 * 1024 * 1024, maxCachedFiles: 200, fetchTimeoutMs: 3000 };

/** The shell's stylesheets (site paths such as "/assets/app-1a2b.css") read from its build folder. */
export function readShellStyles(shellDir: string, paths: string[]): Map<string, string> {
  return new Map(paths.map((path) => [path, readFileSync(join(shellDir, path.replace(/^\/+/, "")), "utf8")]));
}

/** The body as text, or null when it is larger than `maxBytes` (the rest is not downloaded). */
async function textWithin(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export interface RemoteStylesheets {
  /** The file's text, or null (not from an allowed origin, unreadable, too large). */
  get(url: string, allowedOrigins: ReadonlySet<string>): Promise<string | null>;
  /** Bytes and files held (for tests and logs). */
  size(): { bytes: number; files: number };
}

/** Remote stylesheets are hashed files that never change: each is fetched once and kept, within the bounds. */
export function createRemoteStylesheets(limits: StylesheetLimits = STYLESHEET_LIMITS): RemoteStylesheets {
  // Insertion order is recency order: a hit moves its entry to the end, eviction takes the first.
  const cache = new Map<string, string>();
  const loading = new Map<string, Promise<string | null>>();
  let bytes = 0;

  function keep(url: string, text: string): void {
    const size = Buffer.byteLength(text);
    cache.set(url, text);
    bytes += size;
    for (const [oldest, old] of cache) {
      if (bytes <= limits.maxCachedBytes && cache.size <= limits.maxCachedFiles) break;
      cache.delete(oldest);
      bytes -= Buffer.byteLength(old);
    }
  }

  return {
    get(url, allowedOrigins) {
      const origin = originOf(url);
      if (!origin || !allowedOrigins.has(origin)) return Promise.resolve(null);
      const cached = cache.get(url);
      if (cached !== undefined) {
        cache.delete(url);
        cache.set(url, cached);
        return Promise.resolve(cached);
      }
      let pending = loading.get(url);
      if (!pending) {
        pending = fetch(url, { signal: AbortSignal.timeout(limits.fetchTimeoutMs), redirect: "error" })
          .then(async (response) => {
            if (!response.ok) {
              await response.body?.cancel();
              return null;
            }
            return textWithin(response, limits.maxFileBytes);
          })
          .catch(() => null)
          .then((text) => {
            loading.delete(url);
            if (text !== null) keep(url, text);
            return text;
          });
        loading.set(url, pending);
      }
      return pending;
    },
    size: () => ({ bytes, files: cache.size }),
  };
}
