// What every blog has: search on the list (also in the first HTML response), newer and
// older posts and related posts under a post, share links, and a print view of the article alone.
import { db, expect, expectRemoteScreen, test } from "../fixtures";

interface IndexEntry {
  title: string;
  summary: string;
  tags?: string[];
  publishedAt: number;
}

async function publishedNewestFirst(): Promise<[string, IndexEntry][]> {
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, IndexEntry>;
  return Object.entries(index)
    .map(([slug, e]): [string, IndexEntry] => [slug, { ...e, tags: Object.values(e.tags ?? {}) }])
    .sort(([a, x], [b, y]) => y.publishedAt - x.publishedAt || a.localeCompare(b));
}

test("searching the blog filters titles, summaries and tags, keeps the query in the URL, and arrives rendered", async ({ page, request }) => {
  const posts = await publishedNewestFirst();
  const [, target] = posts[1]!;
  const word = target.title
    .split(/\s+/)
    .find((w) => w.length > 5)!
    .toLowerCase();
  const expected = posts.filter(([, e]) => [e.title, e.summary, ...(e.tags ?? [])].join(" ").toLowerCase().includes(word)).map(([, e]) => e.title);
  await page.goto("/blogs/list");
  const slot = await expectRemoteScreen(page, "remote_blog", "BlogListPage");
  await slot.getByRole("searchbox", { name: "Search posts" }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
  await expect(slot.getByRole("article")).toHaveCount(expected.length);
  await expect(slot.getByRole("heading", { name: target.title })).toBeVisible();
  await expect(slot.getByText(`${expected.length} post${expected.length === 1 ? "" : "s"} matching “${word}”`)).toBeVisible();
  await slot.getByRole("searchbox", { name: "Search posts" }).fill("zzzz-no-such-word");
  await expect(slot.getByText(/No posts are matching/)).toBeVisible();
  await slot.getByRole("button", { name: "Show all posts" }).click();
  await expect(page).toHaveURL(/\/blogs\/list$/);
  // The server renders a search link's results.
  const html = await (await request.get(`/blogs/list?q=${encodeURIComponent(word)}`)).text();
  expect(html).toContain(target.title);
  for (const [, e] of posts) if (!expected.includes(e.title)) expect(html).not.toContain(`>${e.title}<`);
});

test("a post links its newer and older posts and related ones, and can be shared", async ({ page, context }) => {
  const posts = await publishedNewestFirst();
  const [slug, entry] = posts[1]!;
  const [, newer] = posts[0]!;
  const [, older] = posts[2]!;
  await page.goto(`/blogs/${slug}`);
  const slot = await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
  await expect(slot.getByRole("heading", { level: 1 })).toHaveText(entry.title);
  // The post is in the Blog: its navigation item is marked current.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "true");
  const pager = slot.getByRole("navigation", { name: "Newer and older posts" });
  await expect(pager.getByRole("link", { name: newer.title })).toBeVisible();
  await expect(pager.getByRole("link", { name: older.title })).toBeVisible();
  const sharing = new Set((entry.tags ?? []).map((t) => t.toLowerCase()));
  const related = posts.filter(([s, e]) => s !== slug && (e.tags ?? []).some((t) => sharing.has(t.toLowerCase())));
  if (related.length > 0) {
    const section = slot.getByRole("region", { name: "Related posts" });
    await expect(section.getByRole("link")).toHaveCount(Math.min(3, related.length));
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const share = slot.getByRole("region", { name: "Share this post" });
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(share.getByRole("status")).toHaveText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(share.getByRole("link", { name: "Email" })).toHaveAttribute("href", /^mailto:/);
  // Going to the older post is an in-app navigation that shows it.
  await pager.getByRole("link", { name: older.title }).click();
  await expect(slot.getByRole("heading", { level: 1 })).toHaveText(older.title);
});

test("printing a post prints the article alone", async ({ page }) => {
  const [slug, entry] = (await publishedNewestFirst())[0]!;
  await page.goto(`/blogs/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.title);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Newer and older posts" })).toBeHidden();
  await expect(page.getByRole("link", { name: "← All posts" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("article")).toBeVisible();
});

test("a post's column is centred on the page, its back link aligned with the article", async ({ page }) => {
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/blogs/${Object.keys(index)[0]}`);
  const article = await page.getByRole("article").first().boundingBox();
  const back = await page.getByRole("link", { name: "← All posts" }).boundingBox();
  expect(article).not.toBeNull();
  expect(Math.abs(article!.x + article!.width / 2 - 640)).toBeLessThanOrEqual(2);
  expect(Math.abs(back!.x - article!.x)).toBeLessThanOrEqual(1);
});
