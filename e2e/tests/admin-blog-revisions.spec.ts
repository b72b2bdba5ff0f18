// Revisions: every save of a post keeps the version it replaces (admin only); the
// editor lists them, newest first, with what the next save changed, and Restore loads one into
// the form, which a save then keeps.
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, signInAsAdmin, test, keepContent } from "../fixtures";

keepContent("blog");

test("saves keep earlier versions, listed with their changes; Restore brings one back and a save keeps it", async ({ page, request }) => {
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  const slug = Object.keys(index)[0]!;
  const original = ((await db.get(`blog/posts/${slug}`)) as { summary: string }).summary;
  await db.remove(`blog/revisions/${slug}`); // other specs' saves of this post keep versions too
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const summary = page.getByRole("textbox", { name: /^Summary/ });
  await expect(summary).toHaveValue(original);
  const versions = page.getByRole("list", { name: "Earlier versions, newest first" });

  for (const text of ["A first rewrite of the summary.", "A second rewrite of the summary."]) {
    await summary.fill(text);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();
  }
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText("Then changed: summary");
  await expect(versions.getByRole("listitem").last()).toContainText("Then changed: summary");
  await expectNoSeriousA11yViolations(page, { include: "form" });
  await versions.screenshot({ path: test.info().outputPath("versions.png") });

  // The oldest kept version is the post as it was before both saves.
  await versions
    .getByRole("listitem")
    .last()
    .getByRole("button", { name: /^Restore/ })
    .click();
  await expect(summary).toHaveValue(original);
  await expect(page.getByText(/^Loaded the version from .* into the form: review it, then save to keep it\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();
  await expect.poll(async () => ((await db.get(`blog/posts/${slug}`)) as { summary: string }).summary).toBe(original);
  await expect(versions.getByRole("listitem")).toHaveCount(3);

  // Visitors read no version: the database refuses them.
  const { firebase } = (await (await request.get("/config.json")).json()) as { firebase: { databaseURL: string } };
  const url = new URL(firebase.databaseURL);
  const asVisitor = await request.get(`${url.origin}/blog/revisions/${slug}.json${url.search}`);
  expect(asVisitor.status()).toBe(401);
});
