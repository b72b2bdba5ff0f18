// Scheduled publishing on the composed build: the owner schedules a saved draft in the editor; until
// its time a visitor reaches it through no path (page, list, search, feed, sitemap, REST); then the
// local stack's scheduler (the production function's job, every 2 s here: SCHEDULER_INTERVAL_MS in
// playwright.config.ts) publishes it with nobody signed in, and a visitor's open list shows it live.
// The job's own cases (missed runs, reschedule, cancel, stale moves) are in
// renderer/tests/scheduled-publishing.test.ts.
import type { APIRequestContext } from "@playwright/test";
import { db, draftPost, expect, expectRemoteScreen, keepContent, localInput, NAMESPACE, openAdminScreen, signInAsAdmin, stackState, test } from "../fixtures";

keepContent("blog");

const draftOf = (title: string) =>
  draftPost(title, { summary: "It goes out by itself.", body: "## Later\n\nWritten now, published later.", tags: ["scheduling"] });

/** Where a visitor could meet a post without a browser, and what each path shows of it. */
async function visitorPaths(request: APIRequestContext, slug: string, title: string): Promise<string[]> {
  const seen: string[] = [];
  const page = await request.get(`/blogs/${slug}`);
  if (page.status() !== 404 || (await page.text()).includes(title)) seen.push(`page (${page.status()})`);
  // A link to the post (the search page repeats the words searched for, so they prove nothing).
  const link = `href="/blogs/${slug}"`;
  if ((await (await request.get("/blogs/list")).text()).includes(link)) seen.push("list");
  if ((await (await request.get(`/blogs/list?q=${encodeURIComponent(title)}`)).text()).includes(link)) seen.push("search");
  if ((await (await request.get("/feed.xml")).text()).includes(slug)) seen.push("feed");
  if ((await (await request.get("/sitemap.xml")).text()).includes(slug)) seen.push("sitemap");
  const { databaseUrl } = await stackState();
  for (const path of [`blog/posts/${slug}`, `blog/index/${slug}`, `blog/drafts/${slug}`, `blog/schedule/${slug}`]) {
    const res = await fetch(`${databaseUrl}/${path}.json?ns=${NAMESPACE}`);
    if (res.ok && (await res.json()) !== null) seen.push(`REST ${path}`);
  }
  return seen;
}

test("a post scheduled in the editor reaches no visitor until its time, then goes live on an open list with nobody signed in", async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const slug = `scheduled-${stamp}`;
  const title = `Scheduled ${stamp}`;
  await db.set(`blog/drafts/${slug}`, draftOf(title));

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blogs/list");
  await expectRemoteScreen(visitor, "remote_blog", "BlogListPage");

  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const publishAt = Date.now() + 30_000;
  // A past time is refused in plain words, before anything is sent.
  await page.getByLabel("Publish at").fill(await localInput(page, Date.now() - 60_000));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Choose a time in the future, or use Publish to publish it now.")).toBeVisible();
  await page.getByLabel("Publish at").fill(await localInput(page, publishAt));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Scheduled for .+ \(.+\)\. It stays a draft/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reschedule" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel the schedule" })).toBeVisible();
  expect(await db.get(`blog/schedule/${slug}`)).toEqual({ publishAt: Math.floor(publishAt / 1000) * 1000, rev: 1 });

  // Until its time: nowhere a visitor looks (the checks must finish before it, or they prove nothing).
  expect(await visitorPaths(request, slug, title)).toEqual([]);
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
  expect(Date.now()).toBeLessThan(publishAt - 1_000);

  // The admin signs out: the scheduler publishes it by itself, and the visitor's open list shows it.
  await page.close();
  await expect(visitor.getByRole("link", { name: title })).toBeVisible({ timeout: 50_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt - 1_000);
  expect(await visitorPaths(request, slug, title)).toEqual([
    "page (200)",
    "list",
    "search",
    "feed",
    "sitemap",
    `REST blog/posts/${slug}`,
    `REST blog/index/${slug}`,
  ]);
  expect(await db.get(`blog/posts/${slug}`)).toMatchObject({ status: "published", rev: 2 });
  expect(await db.get(`blog/schedule/${slug}`)).toBeNull();
  await visitorContext.close();
});

test("the blog list shows what is scheduled and the scheduler's runs; a schedule is rescheduled and cancelled in the editor", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const slug = `later-${stamp}`;
  const title = `Later ${stamp}`;
  await db.set(`blog/drafts/${slug}`, draftOf(title));
  const inAnHour = Date.now() + 3_600_000;
  await db.set(`blog/schedule/${slug}`, { publishAt: inAnHour, rev: 1 });

  await openAdminScreen(page, "write-blog", "WriteBlog");
  const scheduled = page.getByRole("list", { name: "Scheduled posts" });
  await expect(scheduled.getByRole("listitem").filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /The scheduler last ran at .+; next run due by/ })).toBeVisible();

  await scheduled.getByRole("button", { name: `Edit “${title}”` }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Scheduled for / })).toBeVisible();
  await page.getByRole("button", { name: "Reschedule" }).click();
  const later = inAnHour + 3_600_000;
  await page.getByLabel("Publish at").fill(await localInput(page, later));
  await page.getByRole("button", { name: "Save new time" }).click();
  await expect(page.getByText("Rescheduled.")).toBeVisible();
  await expect.poll(() => db.get(`blog/schedule/${slug}`)).toEqual({ publishAt: Math.floor(later / 1000) * 1000, rev: 1 });

  await page.getByRole("button", { name: "Cancel the schedule" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel the schedule?" });
  await dialog.getByRole("button", { name: "Cancel the schedule" }).click();
  await expect(page.getByText("Schedule cancelled: the post stays a draft.")).toBeVisible();
  expect(await db.get(`blog/schedule/${slug}`)).toBeNull();
  expect(await db.get(`blog/drafts/${slug}`)).toMatchObject({ status: "draft" });
});
