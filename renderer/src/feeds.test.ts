import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { FEED_POSTS, fixedAddress, rssXml, sitemapXml } from "./feeds";

/** The document an XML parser makes of `xml`; throws when the text is not well-formed XML. */
function parseXml(xml: string): Document {
  const doc = new (new JSDOM("").window as typeof globalThis).DOMParser().parseFromString(xml, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not XML: ${error.textContent}`);
  return doc;
}

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

  it("a route pattern stands for one address when it needs no parameter", () => {
    expect(fixedAddress("/")).toBe("/");
    expect(fixedAddress("/blogs/list")).toBe("/blogs/list");
    expect(fixedAddress("/favorite-quotes/:id?")).toBe("/favorite-quotes");
    expect(fixedAddress("/blogs/:id")).toBeUndefined();
    expect(fixedAddress("/a/:b?/c/:d")).toBeUndefined();
  });

  it("RSS carries an uploaded cover as media:content (its share JPEG, size, type and alt text); a cover typed by hand as before", () => {
    const media = { origin: "https://firebasestorage.googleapis.com", bucket: "demo.appspot.com" };
    const coverImage = { id: "0123456789abcdef-4000x3000", alt: "Boats & nets" };
    const withCovers = [
      { ...posts[0]!, coverImage, coverUrl: "https://x.example/c.jpg" },
      { ...posts[1]!, coverUrl: "https://x.example/typed.jpg" },
    ];
    const doc = parseXml(rssXml("https://example.com", withCovers, undefined, media));
    const MRSS = "http://search.yahoo.com/mrss/";
    const items = [...doc.getElementsByTagName("item")];
    const content = items[0]!.getElementsByTagNameNS(MRSS, "content")[0]!;
    expect(content.getAttribute("url")).toBe(
      "https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/media%2F0123456789abcdef-4000x3000%2F1280.jpg?alt=media",
    );
    expect([content.getAttribute("type"), content.getAttribute("medium"), content.getAttribute("width"), content.getAttribute("height")]).toEqual([
      "image/jpeg",
      "image",
      "1280",
      "960",
    ]);
    expect(content.getElementsByTagNameNS(MRSS, "description")[0]?.textContent).toBe("Boats & nets");
    expect(items[1]!.getElementsByTagNameNS(MRSS, "content")).toHaveLength(0);
    // Without a bucket in the config nothing can be derived: no media element.
    expect(rssXml("https://example.com", withCovers)).not.toContain("<media:content");
  });

  it("the sitemap lists the public pages and every post with its date", () => {
    const xml = sitemapXml("https://example.com", posts);
    for (const path of ["/", "/blogs/list", "/favorite-quotes", "/list-of-seen-films", "/write-recommendation"])
      expect(xml).toContain(`<loc>https://example.com${path}</loc>`);
    expect(xml).toContain("<url><loc>https://example.com/blogs/older</loc><lastmod>2025-06-01</lastmod></url>");
    expect(xml.match(/<url>/g)).toHaveLength(7);
  });

  it("are valid XML for any stored text, with the text kept apart from control characters", () => {
    const hostile = [
      "Bell \u0007 and NUL \u0000 and escape \u001b[31m",
      "]]><script>alert(1)</script><![CDATA[",
      "Lone surrogate \ud800 and \ufffe",
      "\"quotes\" & 'apostrophes' <tags/>",
      "Emoji 🎉 stays",
    ];
    const entries = hostile.map((title, i) => ({
      id: `p${i}&<"'`,
      title,
      summary: title,
      tags: [title],
      readingMinutes: 1,
      publishedAt: Date.UTC(2026, 0, i + 1),
    }));
    const feed = parseXml(rssXml("https://example.com", entries, "Owner \u0001 name"));
    const titles = [...feed.querySelectorAll("item > title")].map((t) => t.textContent);
    expect(titles).toEqual([
      "Bell  and NUL  and escape [31m",
      "]]><script>alert(1)</script><![CDATA[",
      "Lone surrogate  and ",
      "\"quotes\" & 'apostrophes' <tags/>",
      "Emoji 🎉 stays",
    ]);
    expect(feed.querySelector("item > link")?.textContent).toBe("https://example.com/blogs/p0%26%3C%22'");
    expect(feed.querySelector("channel > title")?.textContent).toBe("Blog · Owner  name");
    const sitemap = parseXml(sitemapXml("https://example.com", entries));
    expect(sitemap.getElementsByTagName("loc")).toHaveLength(5 + entries.length);
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
