// Axe finds no serious or critical violations on the login page and each layout, in
// both themes. Remote screens are excluded here (each area's own specs check its pages); this
// checks what the shell draws: header, navigation, layouts, login, not-found.
import type { Page } from "@playwright/test";
import { REMOTE_ORIGINS, expect, expectNoSeriousA11yViolations, expectRemoteScreen, setTheme, signInAsAdmin, test, trackNetwork } from "../fixtures";

const EXCLUDE_REMOTES = { exclude: ["[data-remote]"] };

/** Opens `path` in `theme`, waits for its remote's screen, and checks what the shell draws around it. */
async function checkLayoutAt(page: Page, theme: "light" | "dark", path: string, remote: string, module: string) {
  await page.goto(path);
  await setTheme(page, theme);
  await expectRemoteScreen(page, remote, module);
  await expectNoSeriousA11yViolations(page, EXCLUDE_REMOTES);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test("login page (plain layout)", async ({ page }) => {
      await page.goto("/login");
      await setTheme(page, theme);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // With an error shown too.
      await page.getByLabel("Email").fill("admin@example.com");
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).not.toBeEmpty();
      await expectNoSeriousA11yViolations(page);
    });

    test("home layout and not-found page", async ({ page }) => {
      await checkLayoutAt(page, theme, "/", "remote_home", "HomePage");
      await page.goto("/nothing-here");
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("blog layout", async ({ page }) => {
      await checkLayoutAt(page, theme, "/blogs/list", "remote_blog", "BlogListPage");
    });

    test("admin layout and admin-tools layout", async ({ page }) => {
      await signInAsAdmin(page);
      await setTheme(page, theme);
      await expectRemoteScreen(page, "remote_admin", "AdminOverview");
      await expectNoSeriousA11yViolations(page, EXCLUDE_REMOTES);
      await page.goto("/create-realtime-data");
      await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
      await expectNoSeriousA11yViolations(page, EXCLUDE_REMOTES);
    });

    test("remote fallback (Retry) is accessible", async ({ page }) => {
      await page.route(`${REMOTE_ORIGINS.remote_blog}/**`, (route) => route.abort());
      await page.goto("/blogs/list");
      await setTheme(page, theme);
      await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("the dark theme is remembered across visits; light is the default", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await setTheme(page, "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await setTheme(page, "light");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("the layouts fit a 360 px wide screen without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const network = trackNetwork(page);
  for (const path of ["/", "/blogs/list", "/login", "/nothing-here"]) {
    await page.goto(path);
    await network.settled();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await signInAsAdmin(page);
  await network.settled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "/admin-panel").toBeLessThanOrEqual(0);
});
