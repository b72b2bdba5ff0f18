// Scheduling straight from a new post, as a publish menu does: "Publish at" and Schedule are
// there before any save, checked like Publish (a missing title is refused, with the focus on it,
// and nothing is written), and Schedule saves the draft, then schedules it; the stack's scheduler
// (every 2 s in the e2e run) publishes it on time.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { db, expect, expectRemoteScreen, keepContent, localInput, openAdminScreen, test } from "../fixtures";

keepContent("blog");

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", ".reports", "screenshots");

test("a new post is scheduled without a save first, and goes live on time", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const title = `Scheduled at once ${stamp}`;
  const slug = `scheduled-at-once-${stamp}`;
  await openAdminScreen(page, "write-blog", "WriteBlog");
  await page.getByRole("button", { name: "New post" }).click();
  await expect(page.getByRole("group", { name: "Schedule this post" })).toBeVisible();

  // Checked like Publish: no title, nothing saved or scheduled, the focus on the title.
  await page.getByRole("textbox", { name: /^Summary/ }).fill("Written once, published later.");
  await page.getByRole("textbox", { name: /^Body/ }).fill("It goes out by itself.");
  await page.getByLabel("Publish at").fill(await localInput(page, Date.now() + 3_600_000));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByText("Not scheduled: the post is not saved yet.")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("group", { name: "Schedule this post" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-new-post-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Title").fill(title);
  const publishAt = Date.now() + 20_000;
  await page.getByLabel("Publish at").fill(await localInput(page, publishAt));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Scheduled for .+\. It stays a draft/ })).toBeVisible();
  const draft = (await db.get(`blog/drafts/${slug}`)) as { rev: number; status: string };
  expect(draft.status).toBe("draft");
  expect(await db.get(`blog/schedule/${slug}`)).toEqual({ publishAt: Math.floor(publishAt / 1000) * 1000, rev: draft.rev });
  await expect(page).toHaveURL(new RegExp(`edit=${slug}$`));

  // A visitor's open list shows it once the scheduler has published it, not before its time.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blogs/list");
  await expectRemoteScreen(visitor, "remote_blog", "BlogListPage");
  await expect(visitor.getByRole("link", { name: title })).toBeVisible({ timeout: 50_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt - 1_000);
  expect(await db.get(`blog/posts/${slug}`)).toMatchObject({ status: "published" });
  await visitorContext.close();
});
