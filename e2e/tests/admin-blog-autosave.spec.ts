// Autosave: unsaved edits in the post editor survive a reload (or a crashed tab) in
// this browser, offered back with Restore / Discard; nothing reaches the database until Save.
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, signInAsAdmin, test } from "../fixtures";

async function openPost(page: Page, slug: string) {
  await page.goto(`/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  await expect(page.getByRole("textbox", { name: /^Summary/ })).not.toHaveValue("");
}

/** A reload the way a crash or a closed tab ends the page: the leave prompt is answered "leave". */
async function reload(page: Page) {
  page.once("dialog", (d) => void d.accept());
  await page.reload();
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
}

test("unsaved edits come back after a reload on Restore, go on Discard, and are forgotten once saved", async ({ page }) => {
  const index = (await db.get("blog/index")) as Record<string, { summary: string }>;
  const slug = Object.keys(index)[0]!;
  const saved = (await db.get(`blog/posts/${slug}`)) as { summary: string; rev: number };
  const typed = `Kept in this browser ${Date.now()}`;
  const prompt = page.getByText("This browser kept changes to this post that were not saved");

  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await openPost(page, slug);
  await expect(prompt).toHaveCount(0);
  await page.getByRole("textbox", { name: /^Summary/ }).fill(typed);
  await page.waitForTimeout(1200); // the autosave waits for a pause in typing
  await reload(page);
  await expect(prompt).toBeVisible();
  await prompt.screenshot({ path: test.info().outputPath("autosave-prompt.png") });
  await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(saved.summary);
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(typed);
  expect(((await db.get(`blog/posts/${slug}`)) as { summary: string }).summary).toBe(saved.summary); // nothing saved

  // Discard: the kept edits are gone, and the next visit offers nothing.
  await page.waitForTimeout(1200);
  await reload(page);
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(saved.summary);
  await reload(page);
  await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(saved.summary);
  await expect(prompt).toHaveCount(0);

  // Saved: kept edits are forgotten.
  try {
    await page.getByRole("textbox", { name: /^Summary/ }).fill(typed);
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: /^(Save changes|Save draft)$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible();
    await reload(page);
    await expect(page.getByRole("textbox", { name: /^Summary/ })).toHaveValue(typed);
    await expect(prompt).toHaveCount(0);
  } finally {
    const now = (await db.get(`blog/posts/${slug}`)) as Record<string, unknown>;
    await db.update("/", {
      [`blog/posts/${slug}/summary`]: saved.summary,
      [`blog/posts/${slug}/rev`]: Number(now.rev) + 1,
      [`blog/index/${slug}/summary`]: saved.summary,
      [`blog/revisions/${slug}`]: null,
    });
  }
});
