// A save refused because the post changed in another tab: the refusal takes the focus and is
// in view although the user was far down the body, and the user's text can be kept (copied)
// instead of only discarded for the newer version.
import { db, expect, expectRemoteScreen, signInAsAdmin, test, keepContent } from "../fixtures";

keepContent("blog");

test("a refused save of a post is shown where the user is, and their text can be kept", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  const slug = Object.keys(index)[0]!;
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const other = await context.newPage();
  await other.goto(`/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(other, "remote_admin", "WriteBlog");

  // Tab 2 edits the end of a long body, scrolled down to it; tab 1 saves first.
  const mine = `${"A long paragraph of the body.\n\n".repeat(200)}My ending, typed far down.`;
  const body = page.getByRole("textbox", { name: /^Body/ });
  await body.fill(mine);
  await other.getByLabel("Summary").fill("Changed in the other tab.");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();

  await page.getByRole("button", { name: "Save changes" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Save changes" }).click();
  const notice = page.locator("[data-editor-notice]").filter({ hasText: "was changed elsewhere while you were editing" });
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  await expect(body).toHaveValue(mine);

  await notice.getByRole("button", { name: "Copy my text" }).click();
  await expect(notice.getByText("Copied your text to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mine);
  expect(((await db.get(`blog/posts/${slug}`)) as { body: string }).body).not.toBe(mine);
  await other.close();
});
