// Server entry of shared-content (the renderer's): the render store that performs each live read
// once over REST with public access only, exactly as a visitor's browser would, so a draft or
// the moderation queue can never reach server-rendered HTML, feeds or the sitemap.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { LRUCache } from "lru-cache";
import type { RuntimeConfig } from "shared-auth";
import { ContentError } from "../errors";
import { restUrl } from "../live/rest-stream";
import type { LiveQuerySpec } from "../live/source";
import { createMarkdownRenderer } from "../markdown/render-markdown";
import { mediaStorageOf, type MediaStorage } from "../media";
import { RenderStore } from "../snapshot/render-store";

export { RenderStore, type ContentSnapshot, type ServerReads, type SnapshotEntry } from "../snapshot/render-store";
export { PageHead, type PageMeta } from "../page/page-head";
export { runScheduledPublishing, duePosts, STALE_REASON, type SchedulerDatabase, type RunOptions } from "./scheduled-publishing";
export type { SchedulerRun } from "../schedule-schemas";
// The Publish button's move as the job plans it (tests send a plan made from a stale read).
export { planStatusChange } from "../post-save";
export { SCHEDULER_UID } from "../paths";
export { mediaStorageOf } from "../media";

/**
 * One REST read as a visitor (no credentials); errors are ContentErrors with a code. `signal`
 * ends the read (the page's deadline) and closes its connection, also while the answer is still
 * arriving. Node's own HTTP client rather than fetch: an aborted fetch leaves a fresh idle
 * connection behind to the host that did not answer.
 */
export async function readAsVisitor(config: RuntimeConfig, path: string, query?: LiveQuerySpec, { signal }: { signal?: AbortSignal } = {}): Promise<unknown> {
  let response: { status: number; body: string };
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
  return new RenderStore(undefined, {
    read: (path, query) => readAsVisitor(config, path, query, { signal }),
    renderMarkdown: cachedMarkdownRenderer(window, media),
    media,
  });
}

/** Characters of markdown and HTML the server keeps rendered, per DOM window (a few MB). */
export const MARKDOWN_CACHE_CHARS = 2_000_000;

/**
 * `render`, remembering its results by source, least recently used first out past `maxChars`
 * (markdown and HTML together). The same source always gives the same HTML, so an entry is never
 * stale; a text larger than the whole budget is rendered each time, not kept.
 */
export function memoiseMarkdown(render: (source: string) => string, maxChars = MARKDOWN_CACHE_CHARS): (source: string) => string {
  const rendered = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (html, source) => html.length + source.length || 1 });
  return (source) => {
    const hit = rendered.get(source);
    if (hit !== undefined) return hit;
    const html = render(source);
    if (html.length + source.length <= maxChars) rendered.set(source, html);
    return html;
  };
}

const markdownRenderers = new WeakMap<Window, Map<string, (source: string) => string>>();

/**
 * The server's markdown renderer for `window` (and the bucket its pictures come from), made once
 * and remembering what it rendered: every request renders the same texts again (the about text,
 * each experience, each recommendation), and sanitising through jsdom is the dearest part of a render.
 */
export function cachedMarkdownRenderer(window: Window, media: MediaStorage | null = null): (source: string) => string {
  let byStorage = markdownRenderers.get(window);
  if (!byStorage) markdownRenderers.set(window, (byStorage = new Map()));
  const key = media ? `${media.origin} ${media.bucket}` : "";
  let cached = byStorage.get(key);
  if (!cached) {
    const render = createMarkdownRenderer(window);
    byStorage.set(key, (cached = memoiseMarkdown((source) => render(source, media))));
  }
  return cached;
}
