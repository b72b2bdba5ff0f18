// Write-blog: a post goes draft -> published (visible publicly, live) -> unpublished
// (gone, its URL shows not found) -> deleted; the slug follows the title and must be unique;
// a draft is never readable by a visitor.
import { db, expect, expectRemoteScreen, keepContent, markNoReload, NAMESPACE, openAdminScreen, stackState, test } from "../fixtures";

keepContent("blog");

test("draft -> published -> unpublished -> deleted, seen by a visitor in another context", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const title = `Shipping small remotes ${stamp}`;
  const slug = `shipping-small-remotes-${stamp}`;

  // The visitor keeps the blog list open the whole time.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blogs/list");
  await expectRemoteScreen(visitor, "remote_blog", "BlogListPage");
  const noReload = await markNoReload(visitor);

  await openAdminScreen(page, "write-blog", "WriteBlog");
  await page.getByRole("button", { name: "New post" }).click();
  await page.getByLabel("Title").fill(title);
  // The slug follows the title until it is edited.
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByRole("textbox", { name: /^Summary/ }).fill("Why small federated remotes are easier to ship.");
  await page.getByLabel("Tags").fill("module-federation, e2e");
  const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ");
  await page.getByLabel("Body (markdown)").fill(`## Why small\n\nSmall remotes are **easier**.\n\n${words}`);
  await expect(page.getByTestId("markdown-preview").getByRole("heading", { name: "Why small" })).toBeVisible();
  await expect(page.getByText("Reading time: 3 min read")).toBeVisible();

  // Save as draft: stored, not public.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page).toHaveURL(`/admin-panel/write-blog?edit=${slug}`);
  const draft = (await db.get(`blog/drafts/${slug}`)) as { status: string; readingMinutes: number };
  expect(draft.status).toBe("draft");
  expect(draft.readingMinutes).toBe(3);
  expect(await db.get(`blog/index/${slug}`)).toBeNull();
  // Drafts are stored apart from what visitors may read.
  const { databaseUrl } = await stackState();
  expect((await fetch(`${databaseUrl}/blog/drafts/${slug}.json?ns=${NAMESPACE}`)).status).toBe(401);
  expect(await (await fetch(`${databaseUrl}/blog/posts/${slug}.json?ns=${NAMESPACE}`)).json()).toBeNull();
  const draftPage = await visitorContext.newPage();
  await draftPage.goto(`/blogs/${slug}`);
  await expect(draftPage.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  // Publish: the open list shows it without a reload; its URL works.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await expect(visitor.getByText(title)).toBeVisible();
  await draftPage.goto(`/blogs/${slug}`);
  await expect(draftPage.getByRole("heading", { name: title })).toBeVisible();
  await expect(draftPage.getByRole("heading", { name: "Why small" })).toBeVisible();

  // Unpublish: gone from the list (live) and its URL shows not found.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unpublished" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await draftPage.goto(`/blogs/${slug}`);
  await expect(draftPage.getByRole("heading", { name: "Post not found" })).toBeVisible();
  expect(await db.get(`blog/index/${slug}`)).toBeNull();
  await noReload();

  // Delete, confirming the named post.
  await page.getByRole("button", { name: "Delete post" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this post?" });
  await expect(dialog).toContainText(`“${title}”`);
  await dialog.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByText(`Deleted the post “${title}”.`)).toBeVisible();
  expect(await db.get(`blog/posts/${slug}`)).toBeNull();
  expect(await db.get(`blog/drafts/${slug}`)).toBeNull();
  await visitorContext.close();
});

test("the slug must be unique and stops following the title once edited", async ({ page }) => {
  const posts = (await db.get("blog/posts")) as Record<string, unknown>;
  const existing = Object.keys(posts)[0]!;
  const total = async () =>
    Object.keys(((await db.get("blog/posts")) ?? {}) as object).length + Object.keys(((await db.get("blog/drafts")) ?? {}) as object).length;
  const before = await total();
  await openAdminScreen(page, "write-blog?edit=new", "WriteBlog");
  await page.getByLabel("Slug").fill(existing);
  await page.getByLabel("Title").fill("Another title");
  await expect(page.getByLabel("Slug")).toHaveValue(existing);
  await expect(page.getByText(`Another post already uses the address /blogs/${existing}`)).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  expect(await total()).toBe(before);
});
