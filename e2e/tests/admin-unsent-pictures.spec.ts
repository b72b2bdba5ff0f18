// A picture chosen and described in a form but never sent with its own Upload button is part of
// what the owner saves: Save and Publish upload it first (the same alt-text rule, the same
// progress), and a picture that cannot go yet stops the save with a message naming it. Never a
// post, project or photo saved without the picture the owner chose.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, keepContent, openAdminScreen, test, unique } from "../fixtures";

keepContent("blog", "media", "projects");

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", ".reports", "screenshots");

/** A JPEG encoded by Chromium, in two colours (different colours, different pictures). */
async function photo(page: Page, top: string, bottom: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([t, b]) => {
      const canvas = new OffscreenCanvas(900, 600);
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = t!;
      ctx.fillRect(0, 0, 900, 300);
      ctx.fillStyle = b!;
      ctx.fillRect(0, 300, 900, 300);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 })).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [top, bottom],
  );
  return Buffer.from(base64, "base64");
}

test("a cover and a body picture chosen but not uploaded go out with Publish, after a refusal that names the undescribed one", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Unsent pictures ${stamp}`;
  const slug = `unsent-pictures-${stamp}`;
  await openAdminScreen(page, "write-blog?edit=new", "WriteBlog");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: /^Summary/ }).fill("Its pictures were never uploaded by hand.");
  await page.getByRole("textbox", { name: /^Body/ }).fill("Before the picture.");

  await page.getByLabel("Upload cover image").setInputFiles({ name: "quay.jpg", mimeType: "image/jpeg", buffer: await photo(page, "#d22", "#22d") });
  const coverAlt = page.getByLabel("Alt text for the cover image");
  await expect(coverAlt).toBeVisible();
  await page
    .getByLabel("Choose an image to insert into the body")
    .setInputFiles({ name: "gull.jpg", mimeType: "image/jpeg", buffer: await photo(page, "#2a2", "#eee") });
  await page.getByLabel("Alt text for the inserted image").fill("A gull on a post");

  // The cover has no alt text yet: Publish is refused, naming it, and its alt field has the focus.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved: the cover image “quay.jpg” has no alt text yet" })).toBeVisible();
  await expect(coverAlt).toBeFocused();
  expect(await db.get(`blog/drafts/${slug}`)).toBeNull();
  expect(await db.get(`blog/posts/${slug}`)).toBeNull();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await coverAlt.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/unsent-cover-refused-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Described: Publish uploads both, then publishes the post with them.
  await coverAlt.fill("The quay in two colours");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Published\./ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "Uploaded: “quay.jpg”." })).toBeVisible();
  const post = (await db.get(`blog/posts/${slug}`)) as { coverUrl: string; coverImage: { id: string; alt: string }; body: string };
  expect(post.coverImage.alt).toBe("The quay in two colours");
  expect(post.coverUrl).toContain(encodeURIComponent(`media/${post.coverImage.id}/`));
  expect(post.body).toMatch(/^Before the picture\.\n\n!\[A gull on a post\]\(http.+\)$/);
  expect(await db.get(`media/${post.coverImage.id}/alt`)).toBe("The quay in two colours");
  await expect(page.getByLabel("Cover image URL")).toHaveValue(post.coverUrl);
  await expect(page.getByRole("button", { name: /^Upload “/ })).toHaveCount(0);

  // The published page shows both pictures.
  await page.goto(`/blogs/${slug}`);
  await expect(page.getByRole("img", { name: "The quay in two colours" })).toBeVisible();
  await expect(page.getByRole("img", { name: "A gull on a post" })).toBeVisible();

  // The library says where each is used in the owner's words (a published post's stored HTML is its text too).
  await page.goto("/admin-panel/media");
  await expectRemoteScreen(page, "remote_admin", "MediaLibrary");
  const uses = page.getByRole("list", { name: "Where gull.jpg is used" });
  await expect(uses).toContainText(`Post “${title}” (in the text)`);
  await expect(uses).not.toContainText("bodyHtml");
  await expect(page.getByRole("list", { name: "Where quay.jpg is used" })).toContainText(`Post “${title}” (cover)`);
});

test("a project's picture chosen and described is uploaded by Add project", async ({ page }) => {
  const name = unique("Kite");
  await openAdminScreen(page, "configure-free-time-projects", "ConfigureFreeTimeProjects");
  await page.getByRole("button", { name: "Add project" }).click();
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Month").fill("2025-06");
  await page.getByRole("textbox", { name: /^Summary/ }).fill("A kite that flies itself.");
  await page.getByLabel("Upload project image").setInputFiles({ name: "kite.jpg", mimeType: "image/jpeg", buffer: await photo(page, "#fa0", "#0af") });
  await page.getByLabel("Alt text for the project image").fill("A kite over a beach");
  await page.getByRole("button", { name: "Add project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added the project." })).toBeVisible({ timeout: 60_000 });
  const projects = Object.values(((await db.get("projects")) ?? {}) as Record<string, { title: string; imageUrl?: string; image?: { alt: string } }>);
  const added = projects.find((p) => p.title === name);
  expect(added?.image?.alt).toBe("A kite over a beach");
  expect(added?.imageUrl).toContain("/o/media%2F");
});
