// A post's body is compiled when it is saved, in the admin's browser: sanitised HTML with heading
// ids and highlighted code, and its table of contents, stored beside the markdown. Visitors'
// browsers then only insert HTML, on the first paint and on a live change alike
// (docs/rendering.md). The compiler's chunk loads on the first save or import.
import { ContentError } from "../errors";
import { LIMITS } from "../limits";
import { PATHS } from "../paths";
import type { TocEntry } from "../schemas";
import { configuredMediaStorage } from "../snapshot/media-storage";

/** The fields a save stores with a post's body: `bodyHtml`, and `toc` when it has headings. */
export async function compiledBody(body: string): Promise<{ bodyHtml?: string; toc?: TocEntry[] }> {
  const { compileMarkdown } = await import("../markdown/render-markdown");
  // Uploaded pictures become responsive <picture>s now, as the server would make them.
  const { html, toc } = compileMarkdown(body, configuredMediaStorage());
  if (html.length > LIMITS.postHtml.max) {
    const message = `Formatted, this post would be ${html.length.toLocaleString("en-GB")} characters of HTML, over the ${LIMITS.postHtml.max.toLocaleString("en-GB")} a post may store. Shorten it, or split its code into fewer or smaller blocks.`;
    throw new ContentError("invalid", message, { fields: { body: message } });
  }
  return { ...(html ? { bodyHtml: html } : {}), ...(toc.length > 0 ? { toc } : {}) };
}

const POST_PATH = new RegExp(`^(?:${PATHS.posts}|${PATHS.drafts})/[^/]+$`);

/** Compiles the body of every post an update writes (an import's), in place. */
export async function compileBodiesIn(updates: Record<string, unknown>): Promise<void> {
  for (const [path, value] of Object.entries(updates)) {
    if (!POST_PATH.test(path) || value === null || typeof value !== "object") continue;
    const post = value as Record<string, unknown>;
    if (typeof post.body !== "string") continue;
    delete post.bodyHtml;
    delete post.toc;
    Object.assign(post, await compiledBody(post.body));
  }
}
