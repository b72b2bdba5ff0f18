// Draft preview: the admin sees a post as visitors will, at the public layout, before
// anything is saved or published, and the preview follows the editor as they type. It lives in
// the admin's browser only: nothing reaches the database, and a visitor cannot open it.
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, openAdminScreen, test } from "../fixtures";

test("Preview opens the unsaved post at the public layout and follows the editor; nothing is saved", async ({ page, context }) => {
  const stamp = Date.now().toString(36);
  const title = `Previewed before publishing ${stamp}`;
  const slug = `previewed-before-publishing-${stamp}`;

  await openAdminScreen(page, "write-blog?edit=new", "WriteBlog");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: /^Summary/ }).fill("Checked at its real layout first.");
  await page.getByLabel("Tags").fill("preview, e2e");
  await page.getByLabel("Body (markdown)").fill("## What it looks like\n\nThe first paragraph, **as visitors will read it**.");

  const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Preview (opens in a new tab)" }).click()]);
  await preview.waitForLoadState();
  expect(new URL(preview.url()).pathname).toBe("/admin-panel/preview/post");
  const screen = await expectRemoteScreen(preview, "remote_blog", "BlogPostPreview");
  await expect(screen.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(screen.getByRole("heading", { level: 2, name: "What it looks like" })).toBeVisible();
  await expect(screen.getByRole("note")).toContainText(`/blogs/${slug}`);
  await expect(screen.getByRole("list", { name: "Tags" })).toContainText("#preview");
  // The public layout: the site's header and footer around it, not the admin's sidebar.
  await expect(preview.getByRole("banner").getByRole("link", { name: "Blog" }).first()).toBeVisible();
  await expect(preview.getByRole("contentinfo")).toBeVisible();
  await expect(preview.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(preview);
  await preview.screenshot({ path: test.info().outputPath("preview.png"), fullPage: true });

  // Typing in the editor shows in the preview tab, without a reload.
  await page.bringToFront();
  await page.getByLabel("Title").fill(`${title} (revised)`);
  await expect(screen.getByRole("heading", { level: 1 })).toHaveText(`${title} (revised)`);

  // Nothing was written: no draft, no post, no list entry.
  for (const path of [`blog/drafts/${slug}`, `blog/posts/${slug}`, `blog/index/${slug}`]) expect(await db.get(path), path).toBeNull();
});

test("a visitor cannot open the preview: the sign-in page, and no draft in any response", async ({ browser, request }) => {
  const html = await (await request.get("/admin-panel/preview/post")).text();
  expect(html).not.toContain("page-data"); // the signed-in area is never rendered on the server
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/admin-panel/preview/post");
  await visitor.waitForURL((url) => url.pathname === "/login");
  expect(new URL(visitor.url()).searchParams.get("redirect")).toBe("/admin-panel/preview/post");
  await visitor.context().close();
});
