// The smaller things an owner trips over, each at a phone's 390 px and a laptop's 1280 px: the
// Releases table breaks no word in the middle, the overview's "Pending recommendations" stays in
// its card, the "I work here now" box sits beside its label, and an SVG cover says that link
// previews will use the default card. (The import button's plural and the quotes page's count
// line are covered by remote-admin's data tool test and public-quotes-films.spec.ts.)
import type { Locator, Page } from "@playwright/test";
import { expect, expectRemoteScreen, signInAsAdmin, test } from "../fixtures";

const WIDTHS = [390, 1280] as const;

/** How many lines the text of `cell` takes (1: no word broken across lines). */
const linesOf = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    );
    return tops.size;
  });

async function at(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
}

test("Releases, the overview, the experience form and the cover advice read right at 390 and 1280 px", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel/releases");
  for (const width of WIDTHS) {
    await at(page, width);
    await page.goto("/admin-panel/releases");
    const table = page.getByRole("table", { name: "Live releases" });
    await expect(table).toBeVisible();
    for (const header of ["Part", "Release"]) expect(await linesOf(table.getByRole("columnheader", { name: header })), `${header} at ${width}`).toBe(1);
    for (const name of ["remote_home", "remote_blog", "remote_admin"])
      expect(await linesOf(table.getByRole("rowheader", { name })), `${name} at ${width}`).toBe(1);
    await page.screenshot({ path: `/tmp/owner-releases-${width}.png`, fullPage: true });

    await page.goto("/admin-panel");
    await expectRemoteScreen(page, "remote_admin", "AdminOverview");
    const card = page.getByRole("link", { name: /Pending recommendations/ });
    await expect(card).toBeVisible();
    const fits = await card.evaluate((el) =>
      Array.from(el.querySelectorAll("*")).every((child) => child.getBoundingClientRect().right <= el.getBoundingClientRect().right + 0.5),
    );
    expect(fits, `the card's text stays inside it at ${width}`).toBe(true);
    await page.screenshot({ path: `/tmp/owner-overview-${width}.png`, fullPage: true });

    await page.goto("/admin-panel/configure-experience?edit=new");
    await expectRemoteScreen(page, "remote_admin", "ConfigureExperience");
    const box = page.getByRole("checkbox", { name: "I work here now (no end month)" });
    const label = page.locator(`label[for="${await box.getAttribute("id")}"]`);
    const [boxTop, labelTop] = [(await box.boundingBox())!.y, (await label.boundingBox())!.y];
    expect(Math.abs(boxTop - labelTop), `the box beside its label at ${width}`).toBeLessThan(8);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/owner-experience-${width}.png` });
  }

  await page.goto("/admin-panel/write-blog?edit=new");
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const cover = page.getByLabel("Cover image URL");
  await cover.fill("/images/avatar.svg");
  await expect(cover).toHaveAccessibleDescription(/they will use the site's default card instead of this cover/);
  await expect(cover).not.toHaveAttribute("aria-invalid", "true");
  await cover.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/owner-cover-1280.png" });
  await cover.fill("/images/share-card.png");
  await expect(cover).not.toHaveAccessibleDescription(/default card/);
});
