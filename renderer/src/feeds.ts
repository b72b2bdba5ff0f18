// sitemap.xml and the RSS feed, generated from the current content on each request
// (never from a build-time snapshot), read as a visitor: only published posts are listed.
import {
  BlogIndexEntrySchema,
  PATHS,
  SITE_PATHS,
  byPublishedDesc,
  postUrl,
  decodeCollection,
  formatTitle,
  previewImageOf,
  type BlogIndexEntry,
  type MediaStorage,
  type WithId,
} from "shared-content";
import { readAsVisitor } from "shared-content/server";
import type { RuntimeConfig } from "shared-auth";
import { PUBLIC_ROUTES } from "shell/server";
import { escapeHtml } from "./document";

/** How many posts the RSS feed holds: the newest, so the feed does not grow with the blog. */
export const FEED_POSTS = 20;

/** Published posts newest first: all of them (the sitemap), or the `newest` n by a limited query (the feed). */
export async function publishedPosts(
  config: RuntimeConfig,
  { newest, signal }: { newest?: number; signal?: AbortSignal } = {},
): Promise<WithId<BlogIndexEntry>[]> {
  const query = newest === undefined ? undefined : { orderBy: "publishedAt", limitToLast: newest };
  const value = await readAsVisitor(config, PATHS.blogIndex, query, { signal });
  return decodeCollection(BlogIndexEntrySchema, value, PATHS.blogIndex).sort(byPublishedDesc);
}

/** Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Stored text as XML character data: escaped, and without the characters that would make the document invalid. */
export const xmlText = (text: string): string => escapeHtml(text.replace(NOT_XML, ""));

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The one address a route pattern stands for when it needs no parameter (optional ones left
 * out), which the sitemap lists: "/favorite-quotes/:id?" is "/favorite-quotes"; "/blogs/:id" has
 * none (its records are listed instead).
 */
export function fixedAddress(pattern: string): string | undefined {
  const address = pattern.replace(/\/:[^/]+\?/g, "") || "/";
  return address.includes(":") ? undefined : address;
}

export function sitemapXml(base: string, posts: WithId<BlogIndexEntry>[]): string {
  const newest = posts[0]?.publishedAt;
  const urls = [
    ...PUBLIC_ROUTES.flatMap((r) => {
      const address = fixedAddress(`/${r.path}`);
      return address ? [{ loc: `${base}${address}`, lastmod: r.remote === "remote_blog" && newest ? day(newest) : undefined }] : [];
    }),
    ...posts.map((p) => ({ loc: `${base}${postUrl(p.id)}`, lastmod: day(p.publishedAt) })),
  ];
  const body = urls.map((u) => `  <url><loc>${xmlText(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The site's name as the pages show it (the owner's name from the about section). */
export async function siteName(config: RuntimeConfig, signal?: AbortSignal): Promise<string | undefined> {
  const about = (await readAsVisitor(config, PATHS.about, undefined, { signal })) as { name?: unknown } | null;
  return typeof about?.name === "string" ? about.name : undefined;
}

/**
 * A post's uploaded cover as Media RSS `<media:content>`: the element Feedly, Inoreader and
 * NewsBlur read for an item's picture, and the only one that carries a size and alt text without
 * the byte length `<enclosure>` requires (which would cost a request to the bucket per item).
 * A cover typed by hand is left out, as before.
 */
function coverXml(media: MediaStorage | null, post: BlogIndexEntry): string {
  const cover = previewImageOf(media, undefined, post.coverImage);
  if (!cover || typeof cover === "string") return "";
  return `<media:content url="${xmlText(cover.url)}" type="${cover.type}" medium="image" width="${cover.width}" height="${cover.height}"><media:description type="plain">${xmlText(cover.alt)}</media:description></media:content>`;
}

/** The feed of the newest FEED_POSTS of `posts` (newest first); `media`: the bucket the covers come from. */
export function rssXml(base: string, allPosts: WithId<BlogIndexEntry>[], site?: string, media: MediaStorage | null = null): string {
  const title = formatTitle("Blog", site);
  const posts = allPosts.slice(0, FEED_POSTS);
  const items = posts.map((p) => {
    const link = `${base}${postUrl(p.id)}`;
    const categories = (p.tags ?? []).map((t) => `<category>${xmlText(t)}</category>`).join("");
    return `    <item><title>${xmlText(p.title)}</title><link>${xmlText(link)}</link><guid isPermaLink="true">${xmlText(link)}</guid><pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate><description>${xmlText(p.summary)}</description>${categories}${coverXml(media, p)}</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xmlText(title)}</title>
    <link>${xmlText(`${base}${SITE_PATHS.blogList.getHref()}`)}</link>
    <description>${xmlText("New posts from the blog.")}</description>
    <atom:link href="${xmlText(`${base}/feed.xml`)}" rel="self" type="application/rss+xml"/>
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
}
