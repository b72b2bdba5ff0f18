// /sitemap.xml and /feed.xml (`?tag=x`: that tag's feed), generated from the published posts;
// 503 when the database cannot be read.
import { LIMITS } from "shared-content";
import { mediaStorageOf, normaliseTag } from "shared-content/server";
import { publicCache } from "../caching";
import { FEED_POSTS, feedBodies, publishedPosts, publishedSeries, rssXml, siteName, sitemapXml, taggedPosts } from "../feeds";
import { NOT_CACHED_RETRY, TEXT } from "../http";
import type { PageRequest } from "./page-request";

export const FEED_PATHS = ["/sitemap.xml", "/feed.xml"];

/** `window` is the DOM the feed's post bodies are sanitised in. */
export async function sendFeed({ path, search, config, base, signal, send }: PageRequest, window: Window, log: (line: string) => void) {
  try {
    if (path === "/sitemap.xml") {
      const [posts, series] = await Promise.all([publishedPosts(config, { signal }), publishedSeries(config, { signal })]);
      return send(200, "application/xml; charset=utf-8", sitemapXml(base, posts, series), { "Cache-Control": publicCache("uncorrected") });
    }
    const asked = new URLSearchParams(search).get("tag");
    const tag = asked === null ? undefined : normaliseTag(asked);
    if (tag !== undefined && (tag.length < LIMITS.label.min || tag.length > LIMITS.label.max))
      return send(400, TEXT, `A tag is ${LIMITS.label.min} to ${LIMITS.label.max} characters long.`, { "Cache-Control": "no-store" });
    const [posts, name] = await Promise.all([
      tag === undefined ? publishedPosts(config, { newest: FEED_POSTS, signal }) : taggedPosts(config, tag, signal),
      siteName(config, signal),
    ]);
    const media = mediaStorageOf(config);
    const bodies = await feedBodies(config, base, posts, window, media, signal);
    return send(200, "application/rss+xml; charset=utf-8", rssXml(base, posts, name, { tag, bodies, media }), { "Cache-Control": publicCache("uncorrected") });
  } catch (error) {
    log(`[renderer] ${path}: ${String(error)}`);
    return send(503, TEXT, "The database cannot be reached right now. Try again in a moment.", NOT_CACHED_RETRY);
  }
}
