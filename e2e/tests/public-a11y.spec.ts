// Axe (WCAG 2.1 A/AA, serious and critical) on every public screen in both themes,
// including the remote content the layout checks leave out, at desktop width and at 360 px.
import type { Page } from "@playwright/test";
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, setTheme, test } from "../fixtures";

async function firstPostSlug(): Promise<string> {
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, { publishedAt: number }>;
  const [slug] = Object.entries(index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt)[0] ?? ["missing"];
  return slug;
}

interface Screen {
  name: string;
  path: () => Promise<string>;
  remote: string;
  module: string;
  /** Something that shows the data has arrived (not just a skeleton). */
  ready: (page: Page) => ReturnType<Page["locator"]>;
}

const screens: Screen[] = [
  { name: "home", path: async () => "/", remote: "remote_home", module: "HomePage", ready: (p) => p.locator('[data-section="experience"] article').first() },
  {
    name: "write recommendation",
    path: async () => "/write-recommendation",
    remote: "remote_home",
    module: "WriteRecommendationPage",
    ready: (p) => p.getByLabel("Your name"),
  },
  {
    name: "blog list",
    path: async () => "/blogs/list",
    remote: "remote_blog",
    module: "BlogListPage",
    ready: (p) => p.locator("[data-remote] article").first(),
  },
  {
    name: "blog post",
    path: async () => `/blogs/${await firstPostSlug()}`,
    remote: "remote_blog",
    module: "BlogPostPage",
    ready: (p) => p.locator("[data-remote] article h1"),
  },
  {
    // The demo post with a table of contents and highlighted code in four languages.
    name: "blog post with contents and code",
    path: async () => "/blogs/testing-with-emulators",
    remote: "remote_blog",
    module: "BlogPostPage",
    ready: (p) => p.getByRole("navigation", { name: "Table of contents" }),
  },
  {
    name: "favourite quotes",
    path: async () => "/favorite-quotes",
    remote: "remote_blog",
    module: "FavoriteQuotesPage",
    ready: (p) => p.locator("[data-remote] figure").first(),
  },
  {
    name: "seen films",
    path: async () => "/list-of-seen-films",
    remote: "remote_blog",
    module: "SeenFilmsPage",
    ready: (p) => p.locator("[data-remote] article").first(),
  },
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const screen of screens) {
      test(`${screen.name} has no serious axe violations`, async ({ page }) => {
        await page.goto(await screen.path());
        await setTheme(page, theme);
        await expectRemoteScreen(page, screen.remote, screen.module);
        await expect(screen.ready(page)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.setViewportSize({ width: 360, height: 800 });
        await expectNoSeriousA11yViolations(page);
        // Nothing overflows sideways at 360 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      });
    }

    test("form errors, unknown quote id and not-found post have no serious axe violations", async ({ page }) => {
      await page.goto("/write-recommendation");
      await setTheme(page, theme);
      const form = await expectRemoteScreen(page, "remote_home", "WriteRecommendationPage");
      await form.getByRole("button", { name: "Send recommendation" }).click();
      await expect(form.getByRole("alert").filter({ hasText: "fields need attention" })).toBeVisible();
      await expect(form.locator("form p").getByText("Your name is required.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto("/favorite-quotes/no-such-quote");
      await expect((await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage")).getByRole("alert")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto("/blogs/no-such-post");
      await expect((await expectRemoteScreen(page, "remote_blog", "BlogPostPage")).getByRole("heading", { name: "Post not found" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
