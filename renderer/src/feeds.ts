// sitemap.xml and the RSS feed, generated from the current content on each request
// (never from a build-time snapshot), read as a visitor: only published posts are listed.
import {
  BLOG_SCAN_WINDOW,
  BlogIndexEntrySchema,
  PATHS,
  SITE_PATHS,
  byPublishedDesc,
  feedUrl,
  postUrl,
  decodeCollection,
  formatTitle,
  previewImageOf,
  type BlogIndexEntry,
  type MediaStorage,
  type WithId,
} from "shared-content";
import { BlogPostSchema, cachedMarkdownCompiler, decodeOne, memoiseMarkdown, postPath, readAsVisitor } from "shared-content/server";
import { fixedAddress } from "shared-content/site-urls";
import type { RuntimeConfig } from "runtime-config";
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

/** Every series with a published part (its record's keys), for the sitemap. */
export async function publishedSeries(config: RuntimeConfig, { signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  const value = await readAsVisitor(config, PATHS.series, undefined, { signal });
  return value !== null && typeof value === "object" ? Object.keys(value).sort() : [];
}

/**
 * The newest FEED_POSTS posts with `tag`, among the newest BLOG_SCAN_WINDOW: the window the blog
 * list's tag filter looks through first (the database cannot query inside a list of tags).
 */
export async function taggedPosts(config: RuntimeConfig, tag: string, signal?: AbortSignal): Promise<WithId<BlogIndexEntry>[]> {
  const recent = await publishedPosts(config, { newest: BLOG_SCAN_WINDOW, signal });
  return recent.filter((p) => p.tags.includes(tag)).slice(0, FEED_POSTS);
}

/**
 * Each post's whole body for the feed, by slug (feedBody below). A post unpublished since the list
 * was read is left out.
 */
export async function feedBodies(
  config: RuntimeConfig,
  base: string,
  posts: WithId<BlogIndexEntry>[],
  window: Window,
  media: MediaStorage | null,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const bodyOf = feedBody(window, media);
  const bodies = new Map<string, string>();
  await Promise.all(
    posts.map(async ({ id }) => {
      const post = decodeOne(BlogPostSchema, await readAsVisitor(config, postPath(id), undefined, { signal }), postPath(id));
      if (post) bodies.set(id, bodyOf(`${base}${postUrl(id)}`, post));
    }),
  );
  return bodies;
}

type FeedBodyOf = (pageUrl: string, post: { body: string; bodyHtml?: string }) => string;
const absoluteMemos = new WeakMap<Window, (key: string) => string>();

/**
 * A post's body as a feed carries it: the HTML compiled when it was saved, sanitised again (or its
 * markdown compiled, for a post saved before that), with every link and image made absolute, since
 * a feed reader shows it away from the site. Both steps go through jsdom, and every feed request
 * asks for the same newest posts again: the first is remembered by the server's compiler
 * (cachedMarkdownCompiler), the second here by page and HTML (per window). The same input always
 * gives the same output, and an edited post is a new text, so an entry is never stale.
 */
export function feedBody(window: Window, media: MediaStorage | null): FeedBodyOf {
  const markdown = cachedMarkdownCompiler(window, media);
  const absolute = absoluteHtmlMemo(window);
  return (pageUrl, post) => absolute(`${pageUrl}\n${post.bodyHtml === undefined ? markdown.compile(post.body).html : markdown.sanitise(post.bodyHtml)}`);
}

/** absoluteHtml remembered per window, by "<page URL>\n<html>" (a URL holds no line break, the HTML may). */
function absoluteHtmlMemo(window: Window): (key: string) => string {
  let memo = absoluteMemos.get(window);
  if (!memo) {
    memo = memoiseMarkdown(
      (key) => absoluteHtml(key.slice(key.indexOf("\n") + 1), key.slice(0, key.indexOf("\n")), window),
      (html) => html.length,
    );
    absoluteMemos.set(window, memo);
  }
  return memo;
}

/**
 * `html` with its links and images absolute against `pageUrl` (fragments too: a feed item is not
 * the page), and without the headings' self-links, which mean nothing in a feed reader.
 */
export function absoluteHtml(html: string, pageUrl: string, window: Window): string {
  const template = window.document.createElement("template");
  template.innerHTML = html;
  const root = template.content;
  for (const link of root.querySelectorAll(".heading-link")) link.remove();
  const absolute = (url: string) => {
    try {
      return new URL(url.trim(), pageUrl).href;
    } catch {
      return url;
    }
  };
  for (const el of root.querySelectorAll("[href]")) el.setAttribute("href", absolute(el.getAttribute("href")!));
  for (const el of root.querySelectorAll("[src]")) el.setAttribute("src", absolute(el.getAttribute("src")!));
  for (const el of root.querySelectorAll("[srcset]")) {
    const candidates = el
      .getAttribute("srcset")!
      .split(",")
      .map((c) => c.trim().split(/\s+/));
    el.setAttribute("srcset", candidates.map(([url = "", ...descriptor]) => [absolute(url), ...descriptor].join(" ")).join(", "));
  }
  return template.innerHTML;
}

/** Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Stored text as XML character data: escaped, and without the characters that would make the document invalid. */
export const xmlText = (text: string): string => escapeHtml(text.replace(NOT_XML, ""));

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function sitemapXml(base: string, posts: WithId<BlogIndexEntry>[], series: readonly string[] = []): string {
  const newest = posts[0]?.publishedAt;
  const urls = [
    ...PUBLIC_ROUTES.flatMap((r) => {
      const address = fixedAddress(`/${r.path}`);
      return address ? [{ loc: `${base}${address}`, lastmod: r.remote === "remote_blog" && newest ? day(newest) : undefined }] : [];
    }),
    ...posts.map((p) => ({ loc: `${base}${postUrl(p.id)}`, lastmod: day(p.publishedAt) })),
    ...series.map((slug) => ({ loc: `${base}${SITE_PATHS.series.getHref(slug)}`, lastmod: undefined })),
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

export interface FeedOptions {
  /** A tag's own feed: its title, links and self URL name the tag. */
  tag?: string;
  /** Each post's whole body (absolute HTML) by slug, for `content:encoded`. */
  bodies?: ReadonlyMap<string, string>;
  /** The bucket the covers come from. */
  media?: MediaStorage | null;
}

/** The feed of the newest FEED_POSTS of `posts` (newest first), each with its whole body when `bodies` has it. */
export function rssXml(base: string, allPosts: WithId<BlogIndexEntry>[], site?: string, { tag, bodies, media = null }: FeedOptions = {}): string {
  const title = formatTitle(tag === undefined ? "Blog" : `Posts tagged #${tag}`, site);
  const posts = allPosts.slice(0, FEED_POSTS);
  const items = posts.map((p) => {
    const link = `${base}${postUrl(p.id)}`;
    const categories = (p.tags ?? []).map((t) => `<category>${xmlText(t)}</category>`).join("");
    const body = bodies?.get(p.id);
    const content = body === undefined ? "" : `<content:encoded>${xmlText(body)}</content:encoded>`;
    return `    <item><title>${xmlText(p.title)}</title><link>${xmlText(link)}</link><guid isPermaLink="true">${xmlText(link)}</guid><pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate><description>${xmlText(p.summary)}</description>${content}${categories}${coverXml(media, p)}</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xmlText(title)}</title>
    <link>${xmlText(`${base}${SITE_PATHS.blogList.getHref(tag === undefined ? {} : { tag })}`)}</link>
    <description>${xmlText(tag === undefined ? "New posts from the blog." : `New posts tagged #${tag}.`)}</description>
    <atom:link href="${xmlText(`${base}${feedUrl(tag)}`)}" rel="self" type="application/rss+xml"/>
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
}
