import { parseFeed } from "@rowanmanning/feed-parser";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { FEED_POSTS, absoluteHtml, feedBody, rssXml, sitemapXml } from "./feeds";

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

  it("RSS carries an uploaded cover as media:content (its share JPEG, size, type and alt text); a cover typed by hand as before", () => {
    const media = { origin: "https://firebasestorage.googleapis.com", bucket: "demo.appspot.com" };
    const coverImage = { id: "0123456789abcdef-4000x3000", alt: "Boats & nets" };
    const withCovers = [
      { ...posts[0]!, coverImage, coverUrl: "https://x.example/c.jpg" },
      { ...posts[1]!, coverUrl: "https://x.example/typed.jpg" },
    ];
    const doc = parseXml(rssXml("https://example.com", withCovers, undefined, { media }));
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

describe("full-content feeds", () => {
  const window = new JSDOM("").window as unknown as Window;
  const htmlDocument = (html: string) => (new JSDOM(html).window as unknown as Window).document;
  const body =
    '<div class="heading"><h2 id="setup">Set &amp; go</h2><a class="heading-link" href="#setup" aria-label="Link to the section “Set &amp; go”">#</a></div>' +
    '<p>See <a href="/blogs/older">the older post</a>, <a href="#setup">this section</a> and <a href="https://example.org/x">elsewhere</a>.</p>' +
    '<p><img src="/images/blog/a.svg" alt="A diagram"></p>' +
    '<picture><source srcset="/media/a-480.avif 480w, /media/a-960.avif 960w" type="image/avif"><img src="/media/a-960.jpg" alt="A photo"></picture>' +
    '<pre tabindex="0" role="group" aria-label="TypeScript code"><code class="hljs language-ts"><span class="hljs-keyword">const</span> a = 1 &lt; 2;</code></pre>';

  it("makes every link and image of a body absolute, fragments against the post, and drops the headings' self-links", () => {
    const html = absoluteHtml(body, "https://example.com/blogs/newer", window);
    const doc = htmlDocument(html);
    expect(doc.querySelector(".heading-link")).toBeNull();
    expect([...doc.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/blogs/older",
      "https://example.com/blogs/newer#setup",
      "https://example.org/x",
    ]);
    expect([...doc.querySelectorAll("img")].map((i) => i.getAttribute("src"))).toEqual([
      "https://example.com/images/blog/a.svg",
      "https://example.com/media/a-960.jpg",
    ]);
    expect(doc.querySelector("source")?.getAttribute("srcset")).toBe("https://example.com/media/a-480.avif 480w, https://example.com/media/a-960.avif 960w");
    expect(doc.querySelector("pre code .hljs-keyword")?.textContent).toBe("const");
  });

  it("carries each post whole in content:encoded, as a feed reader's parser reads it", () => {
    const bodies = new Map([["newer", absoluteHtml(body, "https://example.com/blogs/newer", window)]]);
    const feed = parseFeed(rssXml("https://example.com", posts, "Maya", { bodies }));
    expect(feed.title).toBe("Blog · Maya");
    const [newer, older] = feed.items;
    expect(newer?.url).toBe("https://example.com/blogs/newer");
    const content = htmlDocument(newer?.content ?? "");
    expect(content.querySelector("h2#setup")?.textContent).toBe("Set & go");
    expect(content.querySelector("img")?.getAttribute("src")).toBe("https://example.com/images/blog/a.svg");
    expect(content.querySelector("pre code")?.textContent).toBe("const a = 1 < 2;");
    // A post without a body read (unpublished since the list was read) keeps its summary only.
    expect(older?.content).toBeNull();
    expect(older?.description).toBe("S2");
  });

  it("works a post's body out once: the next feed request takes it from memory, and an edited post is worked out again", () => {
    // A window of its own that counts the DOM work (each body is parsed in a <template>).
    const counted = new JSDOM("").window as unknown as Window;
    let parsed = 0;
    const createElement = counted.document.createElement.bind(counted.document);
    counted.document.createElement = ((name: string) => {
      if (name === "template") parsed++;
      return createElement(name);
    }) as typeof counted.document.createElement;
    const page = "https://example.com/blogs/newer";
    const first = feedBody(counted, null)(page, { body: "", bodyHtml: body });
    const afterFirst = parsed;
    expect(afterFirst).toBeGreaterThan(0);
    expect(htmlDocument(first).querySelector("a")?.getAttribute("href")).toBe("https://example.com/blogs/older");
    // The next request makes its own feedBody, as the handler does: the same text costs no DOM work.
    expect(feedBody(counted, null)(page, { body: "", bodyHtml: body })).toBe(first);
    expect(parsed).toBe(afterFirst);
    const edited = feedBody(counted, null)(page, { body: "", bodyHtml: `${body}<p>Added later.</p>` });
    expect(parsed).toBeGreaterThan(afterFirst);
    expect(htmlDocument(edited).body.lastElementChild?.textContent).toBe("Added later.");
    // A post saved before bodies were compiled on save: its markdown, compiled and made absolute.
    const fromMarkdown = feedBody(counted, null)(page, { body: "See [the older post](/blogs/older)." });
    expect(htmlDocument(fromMarkdown).querySelector("a")?.getAttribute("href")).toBe("https://example.com/blogs/older");
  });

  it("a tag's feed names the tag, links its list page and itself", () => {
    const xml = rssXml("https://example.com", posts.slice(0, 1), "Maya", { tag: "web dev" });
    const feed = parseFeed(xml);
    expect(feed.title).toBe("Posts tagged #web dev · Maya");
    expect(feed.url).toBe("https://example.com/blogs/list?tag=web%20dev");
    expect(feed.self).toBe("https://example.com/feed.xml?tag=web%20dev");
    expect(feed.items).toHaveLength(1);
  });
});
