// The theme follows the system's preference until the visitor chooses, remembers the
// choice, and the toggle is named after the theme it switches to.
import { expect, test } from "../fixtures";

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" });

  test("the site opens dark, and a chosen light theme is kept over the system's", async ({ page }) => {
    await page.goto("/blogs/list");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: "Light theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(page.getByRole("button", { name: "Dark theme" })).toBeVisible();
  });
});

test("without a choice the page follows the system setting as it changes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Light theme" })).toBeVisible();
});

test("the footer is the secondary dark slate band", async ({ page }) => {
  await page.goto("/");
  expect(await page.locator("footer").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(35, 48, 57)");
});
