// A post changed in another tab while the owner writes far down its body: the warning is in
// view where they are (in the sticky action bar, a polite live region) without taking the focus
// from the body; Save does not scroll them away; their text can be copied, or kept: "Keep mine"
// shows what it replaces, saves over the other version and keeps that one in the post's
// earlier versions.
import { db, expect, expectRemoteScreen, keepContent, openAdminScreen, signInAsAdmin, test } from "../fixtures";

keepContent("blog", "site");

test("a post changed elsewhere is told where the owner writes, and their text can be copied or kept over theirs", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  const slug = Object.keys(index)[0]!;
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const other = await context.newPage();
  await other.goto(`/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(other, "remote_admin", "WriteBlog");

  // The owner writes the end of a long body, scrolled down to it; the other tab saves meanwhile.
  const mine = `${"A long paragraph of the body.\n\n".repeat(200)}My ending, typed far down.`;
  const body = page.getByRole("textbox", { name: /^Body/ });
  await body.fill(mine);
  await body.press("End");
  await other.getByRole("textbox", { name: /^Summary/ }).fill("Changed in the other tab.");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(other.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();

  const notice = page.locator("[data-editor-notice]").filter({ hasText: "was changed elsewhere while you were editing" });
  await expect(notice).toBeInViewport();
  await expect(page.getByRole("status").filter({ has: notice })).toHaveCount(1); // announced politely
  await expect(body).toBeFocused(); // typing goes on where it was
  await page.screenshot({ path: "/tmp/owner-conflict-1280.png" });
  await body.pressSequentially(" More.");

  // Save is refused without moving the page; the notice takes the focus where it is.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved: someone changed this item elsewhere" }).first()).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
  // The refusal is told once, inside the notice, without pointing "below" from the bottom bar.
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toHaveCount(1);
  await expect(notice.getByRole("alert")).toContainText("Your input is kept in the form");
  await expect(notice).not.toContainText("below");
  // One block, small enough to leave the form most of the window.
  expect((await notice.boundingBox())?.height ?? 0).toBeLessThan(140);
  await page.screenshot({ path: "/tmp/owner-conflict-refused-1280.png" });
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(notice).toBeInViewport();
  expect((await notice.boundingBox())?.height ?? 0).toBeLessThan(320);
  await page.screenshot({ path: "/tmp/owner-conflict-refused-390.png" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(body).toHaveValue(`${mine} More.`);

  await notice.getByRole("button", { name: "Copy my text" }).click();
  await expect(notice.getByText("Copied your text to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${mine} More.`);
  expect(((await db.get(`blog/posts/${slug}`)) as { body: string }).body).not.toContain("My ending");

  // Keep mine: what it replaces is shown first; theirs goes to the earlier versions.
  await notice.getByRole("button", { name: "Keep mine (save over theirs)…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Save your version over theirs?" });
  await expect(dialog).toContainText("Summary");
  await expect(dialog).toContainText("Theirs: “Changed in the other tab.”");
  await expect(dialog).toContainText("Body");
  await expect(dialog).toContainText("Their version is kept in this post's earlier versions");
  await page.screenshot({ path: "/tmp/owner-keep-mine-1280.png" });
  await dialog.getByRole("button", { name: "Save mine over theirs" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();
  await expect(notice).toHaveCount(0);
  const stored = (await db.get(`blog/posts/${slug}`)) as { body: string; summary: string };
  expect(stored.body).toBe(`${mine} More.`);
  const versions = Object.values(((await db.get(`blog/revisions/${slug}`)) ?? {}) as Record<string, { summary: string }>);
  expect(versions.some((v) => v.summary === "Changed in the other tab.")).toBe(true);
  await other.close();
});

test("on a phone the warning stays in view while the owner writes far down a collection form", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openAdminScreen(page, "configure-about", "ConfigureAbout");
  const other = await context.newPage();
  await other.goto("/admin-panel/configure-about");
  await expectRemoteScreen(other, "remote_admin", "ConfigureAbout");
  const bio = page.getByRole("textbox", { name: /^Bio/ });
  await bio.fill(`${"A long bio line.\n".repeat(60)}The end.`);
  await other.getByLabel("Headline").fill(`Theirs ${Date.now().toString(36)}`);
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await bio.press("End");
  const notice = page.locator("[data-editor-notice]").filter({ hasText: "was changed elsewhere while you were editing" });
  await expect(notice).toBeInViewport();
  await expect(bio).toBeFocused();
  await page.screenshot({ path: "/tmp/owner-conflict-390.png" });
  await notice.getByRole("button", { name: "Load the newer version (discard my edits)" }).click();
  await expect(notice).toHaveCount(0);
  await other.close();
});
