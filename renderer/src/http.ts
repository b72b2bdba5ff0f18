// The renderer's HTTP plumbing: one whole response, compressed as the client accepts, with the
// security headers every response carries; the request target it accepts; the read deadline.
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { escapeHtml } from "./document";
import { RETRY_AFTER_SECONDS } from "./status-policy";

/**
 * On every response of the renderer (pages, the admin template, feeds): no page of the site may
 * be shown in another site's frame (clickjacking of the signed-in admin panel), no content-type
 * guessing, and no full URLs in the Referer sent to other sites. firebase.json sends the same
 * on the shell's static files. The site's documents (pages and the admin's template) replace
 * this Content-Security-Policy with the whole policy of csp.ts.
 */
export const SECURITY_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

export type Send = (status: number, type: string, body: string | ReusedBody, headers?: Record<string, string | string[]>) => void;

/** A body sent many times (a kept page: page-cache.ts), compressed once per encoding. */
export class ReusedBody {
  private readonly encoded = new Map<string, Compressed>();
  constructor(readonly text: string) {}

  compressed(accept: string): Compressed {
    const encoding = encodingFor(this.text, accept);
    let done = this.encoded.get(encoding);
    if (!done) this.encoded.set(encoding, (done = compress(this.text, encoding)));
    return done;
  }

  /** Bytes held: the text and each encoding made so far. */
  get size(): number {
    return this.text.length + [...this.encoded.values()].reduce((n, c) => n + c.body.length, 0);
  }
}

export const HTML = "text/html; charset=utf-8";
export const TEXT = "text/plain; charset=utf-8";
export const NOT_CACHED_RETRY = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };

/** Longer request targets are refused before anything else is done with them. */
export const MAX_URL_LENGTH = 2048;

/** Writes one whole response: compressed as the client accepts, with the security headers and the time it took. */
export function responder(req: IncomingMessage, res: ServerResponse): Send {
  const started = performance.now();
  return (status, type, body, headers = {}) => {
    const accept = String(req.headers["accept-encoding"] ?? "");
    const compressed = typeof body === "string" ? compress(body, encodingFor(body, accept)) : body.compressed(accept);
    res.writeHead(status, {
      "Content-Type": type,
      // What a response depends on besides its URL: only the encoding it was compressed with.
      // Nothing is taken from Host or X-Forwarded-*, so caches need not key on them.
      Vary: "Accept-Encoding",
      ...SECURITY_HEADERS,
      "Server-Timing": `render;dur=${(performance.now() - started).toFixed(1)}`,
      ...(compressed.encoding ? { "Content-Encoding": compressed.encoding } : {}),
      "Content-Length": String(compressed.body.length),
      ...headers,
    });
    res.end(req.method === "HEAD" ? undefined : compressed.body);
  };
}

interface Compressed {
  body: Buffer;
  encoding?: string;
}

/** The encoding a body is sent with: none under 1 KB, else brotli or gzip as the client accepts. */
function encodingFor(body: string, accept: string): "" | "br" | "gzip" {
  if (Buffer.byteLength(body, "utf8") < 1024) return "";
  return /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "";
}

function compress(body: string, encoding: "" | "br" | "gzip"): Compressed {
  const raw = Buffer.from(body, "utf8");
  if (encoding === "br") return { body: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" };
  if (encoding === "gzip") return { body: gzipSync(raw, { level: 6 }), encoding: "gzip" };
  return { body: raw };
}

/**
 * The path and query of a request target, or null for one the renderer refuses (400): not a
 * path, too long, or not valid percent-encoded UTF-8. Only the path is used; no host is ever
 * taken from the request.
 */
export function parseTarget(target: string | undefined): { path: string; search: string } | null {
  if (!target || target.length > MAX_URL_LENGTH || !target.startsWith("/")) return null;
  let url: URL;
  try {
    // A fixed base: even "//host/x" stays a path on it.
    url = new URL(`http://renderer.invalid${target}`);
    decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return { path: url.pathname, search: url.search };
}

/** Runs `work` with one deadline for all of its reads; ending it also closes what is still open. */
export async function withReadDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const reads = new AbortController();
  const deadline = setTimeout(() => reads.abort(new Error(`the page's reads took over ${ms} ms`)), ms);
  try {
    return await work(reads.signal);
  } finally {
    clearTimeout(deadline);
    reads.abort(); // a read started for the page that nothing waited for
  }
}

export function unavailablePage(reason: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable</title></head><body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Temporarily unavailable</h1><p>${escapeHtml(reason)} Please reload the page in a moment.</p></main></body></html>`;
}
