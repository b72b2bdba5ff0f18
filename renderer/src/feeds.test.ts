import { describe, expect, it } from "vitest";
import { FEED_POSTS, rssXml, sitemapXml } from "./feeds";

const posts = [
  { id: "newer", title: "Newer & better", summary: "S <1>", tags: ["a"], readingMinutes: 1, publishedAt: Date.UTC(2026, 1, 2) },
  { id: "older", title: "Older", summary: "S2", tags: [], readingMinutes: 2, publishedAt: Date.UTC(2025, 5, 1) },
];

describe("feeds", () => {
  it("RSS lists the posts in the given order with absolute links and escaped text", () => {
    const xml = rssXml("https://example.com", posts);
    expect([...xml.matchAll(/<link>([^<]*)<\/link><guid/g)].map((m) => m[1])).toEqual(["https://example.com/blogs/newer", "https://example.com/blogs/older"]);
    expect(xml).toContain("<title>Newer &amp; better</title>");
    expect(xml).toContain("<description>S &lt;1&gt;</description>");
    expect(xml).toContain("<pubDate>Mon, 02 Feb 2026 00:00:00 GMT</pubDate>");
    expect(xml).toContain('<atom:link href="https://example.com/feed.xml" rel="self"');
    expect(xml).toContain("<title>Blog · Portfolio</title>");
    expect(rssXml("https://example.com", posts, "Maya Lindqvist")).toContain("<title>Blog · Maya Lindqvist</title>");
  });

  it("the sitemap lists the public pages and every post with its date", () => {
    const xml = sitemapXml("https://example.com", posts);
    for (const path of ["/", "/blogs/list", "/favorite-quotes", "/list-of-seen-films", "/write-recommendation"])
      expect(xml).toContain(`<loc>https://example.com${path}</loc>`);
    expect(xml).toContain("<url><loc>https://example.com/blogs/older</loc><lastmod>2025-06-01</lastmod></url>");
    expect(xml.match(/<url>/g)).toHaveLength(7);
  });
});

describe("feed length", () => {
  it("the feed holds the newest FEED_POSTS posts; the sitemap still lists every post", () => {
    const many = Array.from({ length: FEED_POSTS * 3 }, (_, i) => ({ ...posts[1]!, id: `post-${i}`, publishedAt: Date.UTC(2026, 0, 1) - i * 86_400_000 }));
    const items = [...rssXml("https://example.com", many).matchAll(/<link>https:\/\/example\.com\/blogs\/([^<]*)<\/link><guid/g)].map((m) => m[1]);
    expect(items).toEqual(many.slice(0, FEED_POSTS).map((p) => p.id));
    expect(sitemapXml("https://example.com", many).match(/\/blogs\/post-/g)).toHaveLength(many.length);
  });
});
