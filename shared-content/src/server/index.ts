// Server entry of shared-content (the renderer's): the render store that performs each live read
// once over REST with public access only, exactly as a visitor's browser would, so a draft or
// the moderation queue can never reach server-rendered HTML, feeds or the sitemap.
import type { RuntimeConfig } from "shared-auth";
import { ContentError } from "../errors";
import { restUrl } from "../live/rest-stream";
import type { LiveQuerySpec } from "../live/source";
import { createMarkdownRenderer } from "../markdown/render-markdown";
import { RenderStore } from "../render/render-store";

export { RenderStore, type ContentSnapshot, type ServerReads, type SnapshotEntry } from "../render/render-store";
export type { PageMeta } from "../render/page-meta";
export { createMarkdownRenderer } from "../markdown/render-markdown";

/** One REST read as a visitor (no credentials); errors are ContentErrors with a code. */
export async function readAsVisitor(config: RuntimeConfig, path: string, query?: LiveQuerySpec, { timeoutMs = 5000 } = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(restUrl(config, path, query), { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
  if (response.status === 401 || response.status === 403) {
    void response.body?.cancel();
    throw new ContentError("permission-denied");
  }
  if (!response.ok) {
    void response.body?.cancel();
    throw new ContentError(response.status >= 500 ? "unavailable" : "unknown", `The database refused the read (HTTP ${response.status}).`);
  }
  return response.json();
}

/** A store for one server render: reads through `readAsVisitor`, markdown through `window` (jsdom). */
export function createServerRenderStore(config: RuntimeConfig, window: Window): RenderStore {
  const renderMarkdown = createMarkdownRenderer(window);
  return new RenderStore(undefined, { read: (path, query) => readAsVisitor(config, path, query), renderMarkdown });
}
