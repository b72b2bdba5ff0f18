// The demo seed's pictures (seed/data/pictures.json, made by the admin's own upload pipeline) on
// the composed site: the local stack uploaded their variants to the Storage server, so every
// picture the demo content uses paints, described, from the bucket: the avatar and the projects
// on the home page, a post's cover and the picture in its body, the films' posters, and the
// media library's cards with where each is used.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, openAdminScreen, test } from "../fixtures";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", ".reports", "screenshots");
const MEDIA = /\/v0\/b\/demo-portfolio\.appspot\.com\/o\/media%2F[0-9a-f]{16}-\d+x\d+%2F\d+\.(webp|jpg)\?alt=media$/;

/** The picture painted, from a variant in the bucket. */
async function expectPainted(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(MEDIA);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/demo-pictures-${name}.png`, fullPage: false });
}

test("the demo content's pictures paint from the Storage server, described, and the library knows where each is used", async ({ page }) => {
  await page.goto("/");
  const avatar = page.getByRole("img", { name: /^Illustrated portrait of Maya Lindqvist/ });
  await expectPainted(avatar);
  await shoot(page, "home");
  for (const alt of [/^Diagram of rtdb-lite/, /^Two panels, light and dark/, /^A strip of film frames/, /^A sign-up form card/, /^An e-ink display/]) {
    await expectPainted(page.getByRole("img", { name: alt }));
  }
  await page.getByRole("img", { name: /^Diagram of rtdb-lite/ }).scrollIntoViewIfNeeded();
  await shoot(page, "projects");

  await page.goto("/blogs/testing-with-emulators");
  await expectPainted(page.getByRole("img", { name: /^A terminal window reading/ }));
  await shoot(page, "post");
  const diagram = page.getByRole("img", { name: /^Diagram: the tests on the left talk to three local servers/ });
  await expectPainted(diagram);
  await shoot(page, "post-body");

  await page.goto("/list-of-seen-films");
  await expectPainted(page.getByRole("img", { name: /^Illustrated poster for Once Upon a Time in Anatolia/ }));
  await shoot(page, "films");

  await openAdminScreen(page, "media", "MediaLibrary");
  const card = page.getByRole("listitem", { name: "offline-tests-cover.png" });
  await expect(card).toBeVisible();
  await expect(page.getByRole("list", { name: "Where offline-tests-cover.png is used" })).toContainText("Testing against local emulators, fully offline");
  await expect(page.getByRole("list", { name: "Where maya-lindqvist-portrait.png is used" })).toBeVisible();
  await shoot(page, "library");
});
