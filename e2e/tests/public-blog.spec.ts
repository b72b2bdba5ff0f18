// Blog: the list from the index alone (never bodies), newest first, tags and tag
// filter, load more past 10; a post by slug with sanitised markdown, title and description;
// not found for unknown and draft slugs; live updates; inert XSS payloads.
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, markNoReload, test } from "../fixtures";

type Rec = Record<string, unknown>;
interface IndexEntry {
  title: string;
  summary: string;
  tags?: string[];
  readingMinutes: number;
  publishedAt: number;
}

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
const XSS_SHORT = "<img src=x onerror=window.__xss=1>";

async function openList(page: Page, path = "/blogs/list") {
  await page.goto(path);
  return expectRemoteScreen(page, "remote_blog", "BlogListPage");
}

/** Index entries newest first; the database returns lists as arrays or as {"0": …} objects. */
function newestFirst(index: Record<string, IndexEntry>): [string, IndexEntry][] {
  return Object.entries(index)
    .map(([slug, e]): [string, IndexEntry] => [slug, { ...e, tags: Object.values(e.tags ?? {}) }])
    .sort(([a, x], [b, y]) => y.publishedAt - x.publishedAt || a.localeCompare(b));
}

/** A published post plus its index entry, written as owner (what the admin's save produces). */
function publishedPost(slug: string, over: Partial<IndexEntry> & { body?: string } = {}) {
  const now = Date.now();
  const entry: IndexEntry = {
    title: `E2E post ${slug}`,
    summary: "Written by an end-to-end test.",
    tags: ["e2e"],
    readingMinutes: 2,
    publishedAt: now,
    ...over,
  };
  const { body = "Hello from the **e2e** test.", ...fields } = { ...entry, body: over.body };
  return {
    [`blog/index/${slug}`]: { ...fields, body: undefined },
    [`blog/posts/${slug}`]: { ...fields, body, status: "published", createdAt: now, rev: 1, updatedAt: now },
  };
}

async function writeAll(updates: Record<string, unknown>) {
  await db.update("/", JSON.parse(JSON.stringify(updates)) as Record<string, unknown>);
}
async function removeAll(slugs: string[]) {
  await db.update(
    "/",
    Object.fromEntries(
      slugs.flatMap((s) => [
        [`blog/index/${s}`, null],
        [`blog/posts/${s}`, null],
      ]),
    ),
  );
}

test.describe("blog", () => {
  test.beforeEach(({ page }) => {
    page.on("dialog", (d) => {
      throw new Error(`unexpected dialog: ${d.message()}`);
    });
  });

  test("lists published posts newest first from the index, without downloading bodies", async ({ page }) => {
    const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
    expect(Object.keys(index).length, "demo seed: published posts").toBeGreaterThanOrEqual(8);
    // Visitors read through the database's REST API: every read is a request for <path>.json.
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(".json?ns=")) reads.push(new URL(r.url()).pathname);
    });
    const slot = await openList(page);
    const expected = newestFirst(index).slice(0, 10);
    await expect(slot.getByRole("article")).toHaveCount(expected.length);
    const titles = await slot.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(expected.map(([, e]) => e.title));
    const [firstSlug, first] = expected[0]!;
    const card = slot.getByRole("article").first();
    await expect(card).toContainText(`${first.readingMinutes} min read`);
    await expect(card.locator("time")).toHaveAttribute("datetime", new Date(first.publishedAt).toISOString());
    await expect(card.getByRole("link", { name: first.title })).toHaveAttribute("href", `/blogs/${firstSlug}`);
    for (const tag of first.tags ?? []) await expect(card.getByRole("button", { name: `Show posts tagged ${tag}` })).toBeVisible();
    // The list arrived in the page: the browser reads only the change marker, and never a body.
    expect(reads).toEqual(["/changes.json"]);
    expect(reads.filter((p) => p.startsWith("/blog/posts"))).toEqual([]);
  });

  test("filters by tag through the URL", async ({ page }) => {
    const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
    const tag = newestFirst(index).flatMap(([, e]) => e.tags ?? [])[0]!;
    const tagged = newestFirst(index).filter(([, e]) => (e.tags ?? []).some((t) => t.toLowerCase() === tag.toLowerCase()));
    const slot = await openList(page);
    await slot
      .getByRole("group", { name: "Filter by tag" })
      .getByRole("button", { name: `#${tag}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(tag)}`));
    await expect(slot.getByRole("article")).toHaveCount(tagged.length);
    await expect(slot.getByText(`${tagged.length} post${tagged.length === 1 ? "" : "s"} tagged “${tag}”`)).toBeVisible();
    await slot.getByRole("button", { name: "All posts" }).click();
    await expect(page).toHaveURL(/\/blogs\/list$/);
    // A deep link with the tag works too.
    const again = await openList(page, `/blogs/list?tag=${encodeURIComponent(tag)}`);
    await expect(again.getByRole("article")).toHaveCount(tagged.length);
  });

  test("loads more past the first 10 posts", async ({ page }) => {
    const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
    const count = Object.keys(index).length;
    const extra = Array.from({ length: Math.max(0, 13 - count) }, (_, i) => `e2e-more-${i}`);
    await writeAll(Object.assign({}, ...extra.map((slug, i) => publishedPost(slug, { publishedAt: 1_000 + i }))));
    try {
      const slot = await openList(page);
      await expect(slot.getByRole("article")).toHaveCount(10);
      await slot.getByRole("button", { name: "Load more posts" }).click();
      await expect(slot.getByRole("article")).toHaveCount(Math.min(20, count + extra.length));
      // The oldest (the extra ones, published in 1970) come last.
      if (extra.length) await expect(slot.getByRole("article").last()).toContainText("E2E post e2e-more-0");
    } finally {
      await removeAll(extra);
    }
  });

  test("a post renders sanitised markdown with styled code, lazy images and safe external links", async ({ page }) => {
    const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
    const [slug, entry] = newestFirst(index)[0]!;
    const post = (await db.get(`blog/posts/${slug}`)) as Rec;
    const list = await openList(page);
    await list.getByRole("link", { name: entry.title }).click();
    await expect(page).toHaveURL(`/blogs/${slug}`);
    const slot = await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
    await expect(slot.getByRole("heading", { level: 1 })).toHaveText(entry.title);
    await expect(page).toHaveTitle(new RegExp(entry.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", entry.summary);
    const article = slot.getByRole("article");
    const body = String(post.body);
    if (body.includes("```")) {
      const pre = article.locator("pre").first();
      await expect(pre).toBeVisible();
      expect(await pre.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    }
    for (const img of await article.locator(".markdown img, [class*=body] img").all()) await expect(img).toHaveAttribute("loading", "lazy");
    for (const a of await article.locator('a[href^="http"]').all()) {
      const href = (await a.getAttribute("href")) ?? "";
      if (new URL(href).origin !== new URL(page.url()).origin) await expect(a).toHaveAttribute("rel", /noopener.*noreferrer|noreferrer.*noopener/);
    }
    await slot.getByRole("link", { name: "← All posts" }).click();
    await expect(page).toHaveURL(/\/blogs\/list$/);
  });

  test("unknown and draft slugs show not found", async ({ page }) => {
    const posts = ((await db.get("blog/drafts")) ?? {}) as Record<string, Rec>;
    const draft = Object.keys(posts)[0];
    expect(draft, "demo seed: a draft post").toBeTruthy();
    for (const slug of ["no-such-post-e2e", draft!]) {
      await page.goto(`/blogs/${slug}`);
      const slot = await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
      await expect(slot.getByRole("heading", { level: 1 })).toHaveText("Post not found");
      await expect(slot.getByRole("link", { name: "See all posts" })).toHaveAttribute("href", "/blogs/list");
      await expect(page).toHaveTitle(/not found/i);
      if (slug === draft) await expect(slot.getByText(String(posts[draft]?.title), { exact: true })).toHaveCount(0);
    }
  });

  test("a newly published post appears on the open list without a reload", async ({ page }) => {
    const slot = await openList(page);
    await expect(slot.getByRole("article").first()).toBeVisible();
    const noReload = await markNoReload(page);
    const slug = `e2e-live-${Date.now()}`;
    try {
      await writeAll(publishedPost(slug, { title: "Live post from the e2e test", publishedAt: Date.now() + 60_000 }));
      await expect(slot.getByRole("article").first().getByRole("heading")).toHaveText("Live post from the e2e test");
      await db.update(`blog/index/${slug}`, { title: "Live post, renamed" });
      await expect(slot.getByRole("article").first().getByRole("heading")).toHaveText("Live post, renamed");
    } finally {
      await removeAll([slug]);
    }
    await expect(slot.getByText("Live post, renamed")).toHaveCount(0);
    await noReload();
  });

  test("XSS payloads in a post stay inert on the list and the post", async ({ page }) => {
    const slug = `e2e-xss-${Date.now()}`;
    await page.addInitScript(() => delete (window as unknown as { __xss?: number }).__xss);
    await writeAll(
      publishedPost(slug, {
        title: `Title ${XSS}`,
        summary: `Summary ${XSS}`,
        tags: [XSS_SHORT],
        publishedAt: Date.now() + 120_000,
        body: [
          `## Heading ${XSS}`,
          XSS,
          '<a href="javascript:window.__xss=1">js link</a> [md js link](javascript:window.__xss=1)',
          '<iframe src="javascript:window.__xss=1"></iframe><svg onload="window.__xss=1"></svg>',
          '<img src="https://example.com/i.png" onerror="window.__xss=1" onload="window.__xss=1">',
        ].join("\n\n"),
      }),
    );
    try {
      const list = await openList(page);
      await expect(list.getByRole("article").first()).toContainText("Summary <img src=x");
      await page.goto(`/blogs/${slug}`);
      const slot = await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
      await expect(slot.getByRole("heading", { level: 1 })).toHaveText(`Title ${XSS}`);
      await expect(page).toHaveTitle(/Title <img/);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await expect(slot.locator('script, iframe, svg[onload], [onerror], [onload], a[href^="javascript"]')).toHaveCount(0);
    } finally {
      await removeAll([slug]);
    }
  });
});
