// Server entry of shared-content (the renderer's): the render store that performs each live read
// once over REST with public access only, exactly as a visitor's browser would, so a draft or
// the moderation queue can never reach server-rendered HTML, feeds or the sitemap.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { LRUCache } from "lru-cache";
import type { RuntimeConfig } from "runtime-config";
import { ContentError } from "../errors";
import { restUrl } from "../live/rest-stream";
import type { LiveQuerySpec } from "../live/source";
import { createMarkdownCompiler, type CompiledMarkdown } from "../markdown/render-markdown";
import { mediaStorageOf, type MediaStorage } from "../media";
import { RenderStore } from "../snapshot/render-store";

export { RenderStore, type ContentSnapshot, type ServerReads, type SnapshotEntry } from "../snapshot/render-store";
export { PageHead, type PageMeta } from "../page/page-head";
export { runScheduledPublishing, duePosts, STALE_REASON, type SchedulerDatabase, type RunOptions } from "./scheduled-publishing";
export type { SchedulerRun } from "../schedule-schemas";
// The Publish button's move as the job plans it (tests send a plan made from a stale read).
export { planStatusChange } from "../post-save";
export { PATHS, RELEASE_REPORTER_UID, RELEASE_TOOL_UID, SCHEDULER_UID, canaryAbortPath, releaseCountsPath } from "../paths";
export { mediaStorageOf } from "../media";
// What the renderer reads beside the visitor's entry (the feed reads each post whole).
export { BlogPostSchema } from "../schemas";
export { decodeOne } from "../decode";
export { postPath } from "../paths";
export { normaliseTag } from "../blog";

/**
 * One REST read as a visitor (no credentials); errors are ContentErrors with a code. `signal`
 * ends the read (the page's deadline) and closes its connection, also while the answer is still
 * arriving. Node's own HTTP client rather than fetch: an aborted fetch leaves a fresh idle
 * connection behind to the host that did not answer.
 */
export async function readAsVisitor(config: RuntimeConfig, path: string, query?: LiveQuerySpec, { signal }: { signal?: AbortSignal } = {}): Promise<unknown> {
  let response: { status: number; body: string };
  // Past the page's deadline already (a read that waited for the change marker): no connection.
  if (signal?.aborted) throw new ContentError("unavailable", undefined, { cause: signal.reason });
  try {
    response = await getText(restUrl(config, path, query), signal ?? AbortSignal.timeout(READ_TIMEOUT_MS));
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
  if (response.status === 401 || response.status === 403) throw new ContentError("permission-denied");
  if (response.status < 200 || response.status > 299) {
    throw new ContentError(response.status >= 500 ? "unavailable" : "unknown", `The database refused the read (HTTP ${response.status}).`);
  }
  try {
    return JSON.parse(response.body) as unknown;
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
}

function getText(url: string, signal: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith("https:") ? httpsRequest : httpRequest;
    const req = send(url, { signal, headers: { Accept: "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("close", () => {
        if (!res.complete) reject(signal.reason ?? new Error("the connection closed before the answer was complete"));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** How long a read may take when the caller gives no deadline of its own. */
const READ_TIMEOUT_MS = 5000;

/**
 * A store for one server render: reads through `readAsVisitor`, markdown through `window`
 * (jsdom); `signal` is the page's deadline for all of its reads.
 */
export function createServerRenderStore(config: RuntimeConfig, window: Window, { signal }: { signal?: AbortSignal } = {}): RenderStore {
  const media = mediaStorageOf(config);
  const markdown = cachedMarkdownCompiler(window, media);
  return new RenderStore(undefined, {
    read: (path, query) => readAsVisitor(config, path, query, { signal }),
    compileMarkdown: markdown.compile,
    sanitiseHtml: markdown.sanitise,
    media,
  });
}

/** Characters of markdown and HTML the server keeps compiled, per DOM window and per kind (a few MB). */
export const MARKDOWN_CACHE_CHARS = 2_000_000;

/**
 * `work`, remembering its results by input, least recently used first out past `maxChars`
 * (input and output together, as `sizeOf` counts them). The same input always gives the same
 * output, so an entry is never stale; one larger than the whole budget is worked out each time.
 */
export function memoiseMarkdown<T>(work: (input: string) => T, sizeOf: (output: T) => number, maxChars = MARKDOWN_CACHE_CHARS): (input: string) => T {
  const done = new LRUCache<string, { output: T }>({ maxSize: maxChars, sizeCalculation: ({ output }, input) => sizeOf(output) + input.length || 1 });
  return (input) => {
    const hit = done.get(input);
    if (hit !== undefined) return hit.output;
    const output = work(input);
    if (sizeOf(output) + input.length <= maxChars) done.set(input, { output });
    return output;
  };
}

interface CachedCompiler {
  compile(source: string): CompiledMarkdown;
  sanitise(html: string): string;
}

const markdownCompilers = new WeakMap<Window, Map<string, CachedCompiler>>();

/**
 * The server's markdown compiler and sanitiser for `window` (and the bucket its pictures come
 * from), made once and remembering what they did: every request renders the same texts again (the
 * about text, each experience, a post's stored HTML), and sanitising through jsdom is the dearest
 * part of a render.
 */
export function cachedMarkdownCompiler(window: Window, media: MediaStorage | null = null): CachedCompiler {
  let byStorage = markdownCompilers.get(window);
  if (!byStorage) markdownCompilers.set(window, (byStorage = new Map()));
  const key = media ? `${media.origin} ${media.bucket}` : "";
  let cached = byStorage.get(key);
  if (!cached) {
    const compiler = createMarkdownCompiler(window);
    cached = {
      compile: memoiseMarkdown(
        (source) => compiler.compile(source, media),
        (c) => c.html.length,
      ),
      sanitise: memoiseMarkdown(
        (html) => compiler.sanitise(html, media),
        (html) => html.length,
      ),
    };
    byStorage.set(key, cached);
  }
  return cached;
}

export { type CompiledMarkdown } from "../markdown/render-markdown";
