// A post's table of contents, heading links and highlighted code arrive in the server's HTML and
// work without JavaScript; a visitor's browser never runs the markdown compiler or the sanitiser
// for content that arrived rendered, not even when a post changes live; the feed and a
// tag's feed carry whole posts and parse in a real feed reader's parser.
import { parseFeed } from "@rowanmanning/feed-parser";
import type { Page } from "@playwright/test";
import { SITE_URL, db, expect, expectRemoteScreen, keepContent, markNoReload, test } from "../fixtures";

/** The demo post with six headings and code in TypeScript, shell, JSON and Python (seed/data/posts/07-…). */
const SLUG = "testing-with-emulators";

/** Every script a page requests, to tell whether the markdown compiler's chunk was loaded. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
/** The compiler's chunk (marked, DOMPurify, highlight.js): shared-content/src/markdown/render-markdown.ts. */
const isCompiler = (path: string) => /\/render-markdown-[^/]*\.js$/.test(path);

test.describe("a post's contents, heading links and code", () => {
  test("the server's HTML carries the contents list, the heading ids and links, and highlighted code", async ({ request }) => {
    const body = await (await request.get(`/blogs/${SLUG}`)).text();
    const nav = /<nav aria-label="Table of contents"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? "";
    const targets = [...nav.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toEqual(["what-runs-where", "real-tokens-real-sdk", "pick-free-ports", "start-the-servers", "seed-the-data", "read-it-from-anywhere"]);
    for (const id of targets) {
      expect(body).toContain(`id="${id}"`);
      expect(body).toMatch(new RegExp(`<a class="heading-link" href="#${id}" aria-label="Link to the section `));
    }
    // The subsections are nested under their section.
    expect(nav).toMatch(/Pick free ports<\/a><ol><li><a href="#start-the-servers">/);
    for (const [language, label] of [
      ["ts", "TypeScript code"],
      ["shell", "Shell code"],
      ["json", "JSON code"],
      ["python", "Python code"],
    ]) {
      expect(body).toContain(`<pre role="group" aria-label="${label}" tabindex="0"><code class="hljs language-${language}">`);
    }
    expect(body).toContain('<span class="hljs-keyword">const</span>');
    expect(body).toContain('<span class="hljs-attr">"quotes"</span>');
    expect(body).toMatch(/<span class="hljs-keyword">import<\/span> json/);
  });

  test("without JavaScript the contents list links to its sections", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 700 } });
    const page = await context.newPage();
    try {
      await page.goto(`/blogs/${SLUG}`);
      const nav = page.getByRole("navigation", { name: "Table of contents" });
      // Above the body on a phone.
      const navBox = (await nav.boundingBox())!;
      const firstSection = (await page.getByRole("heading", { level: 2, name: "What runs where" }).boundingBox())!;
      expect(navBox.y + navBox.height).toBeLessThanOrEqual(firstSection.y);
      await nav.getByRole("link", { name: "Read it from anywhere" }).click();
      await expect(page).toHaveURL(new RegExp(`/blogs/${SLUG}#read-it-from-anywhere$`));
      await expect(page.getByRole("heading", { name: "Read it from anywhere" })).toBeInViewport();
      // A heading's own link is the address a reader copies.
      await expect(page.getByRole("link", { name: "Link to the section “Seed the data”" })).toHaveAttribute("href", "#seed-the-data");
    } finally {
      await context.close();
    }
  });

  test("on a wide screen the contents list stays beside the body while it scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto(`/blogs/${SLUG}`);
    await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
    const nav = page.getByRole("navigation", { name: "Table of contents" });
    const body = page.getByRole("heading", { level: 2, name: "What runs where" });
    expect((await nav.boundingBox())!.x).toBeGreaterThan((await body.boundingBox())!.x + 300);
    await page.getByRole("heading", { name: "Read it from anywhere" }).scrollIntoViewIfNeeded();
    await expect(nav).toBeInViewport();
    // A code block scrolls sideways from the keyboard: it takes focus.
    const code = page.getByRole("group", { name: "Python code" });
    await code.focus();
    await expect(code).toBeFocused();
    await page.screenshot({ path: test.info().outputPath("post-contents-wide.png") });
  });
});

test.describe("a visitor's browser does no markdown work for what arrived rendered", () => {
  keepContent(`blog/posts/${SLUG}`, "site/about");

  test("the post, the home page and quotes never load the compiler, even when the post changes live", async ({ page }) => {
    const scripts = scriptsOf(page);
    for (const [path, remote, module] of [
      ["/", "remote_home", "HomePage"],
      ["/favorite-quotes", "remote_blog", "FavoriteQuotesPage"],
    ]) {
      await page.goto(path!);
      await expectRemoteScreen(page, remote!, module!); // hydrated (the page is marked interactive)
    }
    await page.goto(`/blogs/${SLUG}`);
    const post = await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
    await markNoReload(page);
    expect(scripts.length).toBeGreaterThan(5);
    // A save stores the body compiled (shared-content's compile-post.ts); this is what it writes.
    await db.update(`blog/posts/${SLUG}`, {
      body: "## Changed live\n\nNew words.\n\n## Second\n\n## Third",
      bodyHtml:
        '<div class="heading"><h2 id="changed-live">Changed live</h2><a class="heading-link" href="#changed-live" aria-label="Link to the section “Changed live”">#</a></div><p>New words.</p><h2 id="second">Second</h2><h2 id="third">Third</h2>',
      toc: [
        { id: "changed-live", text: "Changed live", depth: 2 },
        { id: "second", text: "Second", depth: 2 },
        { id: "third", text: "Third", depth: 2 },
      ],
    });
    await expect(post.getByRole("heading", { level: 2, name: "Changed live" })).toBeVisible();
    await expect(post.getByRole("navigation", { name: "Table of contents" }).getByRole("link")).toHaveText(["Changed live", "Second", "Third"]);
    expect(scripts.filter(isCompiler)).toEqual([]);

    // The check can fail: a text stored without its HTML (an about text), changed live, is
    // compiled in the browser, and then the compiler's chunk is requested.
    await page.goto("/");
    await expectRemoteScreen(page, "remote_home", "HomePage");
    expect(scripts.filter(isCompiler)).toEqual([]);
    await db.update("site/about", { bio: "Changed **live** for the check." });
    await expect(page.locator('[data-section="about"] strong', { hasText: "live" })).toBeVisible();
    expect(scripts.filter(isCompiler)).toHaveLength(1);
  });
});

test.describe("feeds", () => {
  test("the feed carries every post whole, with absolute links and images, and parses in a feed reader's parser", async ({ request }) => {
    const response = await request.get("/feed.xml");
    expect(response.headers()["content-type"]).toContain("rss+xml");
    const feed = parseFeed(await response.text());
    const item = feed.items.find((i) => i.url === `${SITE_URL}/blogs/${SLUG}`);
    expect(item?.content).toContain('<span class="hljs-keyword">const</span>');
    expect(item?.content).toContain('id="read-it-from-anywhere"');
    expect(item?.content).not.toContain("heading-link");
    for (const i of feed.items) expect(i.content?.length ?? 0, i.url ?? "").toBeGreaterThan((i.description ?? "").length);
    // Every link and image of every body is absolute.
    const all = feed.items.map((i) => i.content ?? "").join("");
    const urls = [...all.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^(https?:|mailto:)/);
    expect(all).toContain(`src="${SITE_URL}/images/blog/`);
  });

  test("each tag has its own feed, linked from the tag's list page", async ({ request }) => {
    const list = await (await request.get("/blogs/list?tag=testing")).text();
    expect(list).toContain(`<link rel="alternate" type="application/rss+xml" title="Posts tagged #testing" href="${SITE_URL}/feed.xml?tag=testing">`);
    const feed = parseFeed(await (await request.get("/feed.xml?tag=testing")).text());
    expect(feed.title).toMatch(/^Posts tagged #testing · /);
    expect(feed.self).toBe(`${SITE_URL}/feed.xml?tag=testing`);
    const tagged = Object.entries(((await db.get("blog/index")) ?? {}) as Record<string, { tags?: Record<string, string> | string[] }>)
      .filter(([, entry]) => Object.values(entry.tags ?? {}).includes("testing"))
      .map(([slug]) => `${SITE_URL}/blogs/${slug}`);
    expect(tagged.length).toBeGreaterThan(0);
    expect(feed.items.map((i) => i.url).sort()).toEqual(tagged.sort());
    for (const item of feed.items) expect(item.content?.length ?? 0).toBeGreaterThan(100);
    expect((await request.get(`/feed.xml?tag=${"x".repeat(61)}`)).status()).toBe(400);
  });
});
