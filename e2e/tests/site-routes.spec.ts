// Every route renders its screen from the right remote, on a direct deep link and by
// in-app navigation; /blogs goes to /blogs/list; unknown paths show the not-found page.
import { REMOTE_ORIGINS, db, expect, expectRemoteScreen, markNoReload, navigateInApp, signInAsAdmin, test, type RemoteName } from "../fixtures";

interface RouteCase {
  path: string;
  remote: RemoteName;
  module: string;
  title: RegExp;
  layout: string;
}

const publicRoutes: RouteCase[] = [
  // The home page is titled with the owner's name from the about section (demo seed).
  { path: "/", remote: "remote_home", module: "HomePage", title: /Maya Lindqvist/, layout: "home" },
  { path: "/write-recommendation", remote: "remote_home", module: "WriteRecommendationPage", title: /recommendation/i, layout: "home" },
  { path: "/blogs/list", remote: "remote_blog", module: "BlogListPage", title: /Blog/, layout: "blog" },
  { path: "/blogs/some-post-slug", remote: "remote_blog", module: "BlogPostPage", title: /./, layout: "blog" },
  { path: "/favorite-quotes", remote: "remote_blog", module: "FavoriteQuotesPage", title: /quotes/i, layout: "blog" },
  // An unknown quote id: the quotes page says so (and answers 404).
  { path: "/favorite-quotes/some-quote-id", remote: "remote_blog", module: "FavoriteQuotesPage", title: /quote/i, layout: "blog" },
  { path: "/list-of-seen-films", remote: "remote_blog", module: "SeenFilmsPage", title: /films/i, layout: "blog" },
  { path: "/create-realtime-data", remote: "remote_admin", module: "CreateRealtimeData", title: /realtime data/i, layout: "admin-tools" },
];

const adminSections: [string, string][] = [
  ["configure-about", "ConfigureAbout"],
  ["configure-experience", "ConfigureExperience"],
  ["configure-recommendations", "ConfigureRecommendations"],
  ["configure-skills", "ConfigureSkills"],
  ["configure-free-time-projects", "ConfigureFreeTimeProjects"],
  ["configure-get-in-touch", "ConfigureGetInTouch"],
  ["write-blog", "WriteBlog"],
  ["write-quote", "WriteQuote"],
  ["configure-films", "ConfigureFilms"],
  ["media", "MediaLibrary"],
  ["subscribers", "Subscribers"],
  ["account", "Account"],
];

const adminRoutes: RouteCase[] = [
  { path: "/admin-panel", remote: "remote_admin", module: "AdminOverview", title: /Admin panel/, layout: "admin" },
  ...adminSections.map(([slug, module]) => ({ path: `/admin-panel/${slug}`, remote: "remote_admin" as const, module, title: /./, layout: "admin" })),
];

test.describe("public routes", () => {
  for (const route of publicRoutes) {
    test(`deep link ${route.path} renders ${route.module} from ${route.remote}`, async ({ page }) => {
      const fromRemote = page.waitForResponse((r) => r.url().startsWith(REMOTE_ORIGINS[route.remote]) && r.url().endsWith("/remoteEntry.js"));
      await page.goto(route.path);
      await fromRemote;
      await expect(page.locator(`[data-layout="${route.layout}"]`)).toBeVisible();
      await expectRemoteScreen(page, route.remote, route.module);
      await expect(page).toHaveTitle(route.title);
    });
  }

  test("in-app navigation through the header reaches each public screen without reloading", async ({ page }) => {
    await page.goto("/");
    await expectRemoteScreen(page, "remote_home", "HomePage");
    const noReload = await markNoReload(page);
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blogs\/list$/);
    await expectRemoteScreen(page, "remote_blog", "BlogListPage");
    await main.getByRole("link", { name: "Quotes" }).click();
    await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
    await main.getByRole("link", { name: "Films" }).click();
    await expectRemoteScreen(page, "remote_blog", "SeenFilmsPage");
    await main.getByRole("link", { name: "Recommend me" }).click();
    await expectRemoteScreen(page, "remote_home", "WriteRecommendationPage");
    await navigateInApp(page, "/blogs/some-post-slug");
    await expectRemoteScreen(page, "remote_blog", "BlogPostPage");
    await navigateInApp(page, "/favorite-quotes/some-quote-id");
    await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
    await navigateInApp(page, "/create-realtime-data");
    await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
    await page.getByRole("link", { name: "View site" }).click();
    await expectRemoteScreen(page, "remote_home", "HomePage");
    await noReload();
  });

  test("/blogs goes to /blogs/list", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page).toHaveURL(/\/blogs\/list$/);
    await expectRemoteScreen(page, "remote_blog", "BlogListPage");
  });

  test("the specification's addresses of the quotes and films pages lead to them, in the browser too", async ({ page }) => {
    const quotes = (await db.get("quotes")) as Record<string, unknown>;
    const id = Object.keys(quotes)[0]!;
    await page.goto("/");
    await expectRemoteScreen(page, "remote_home", "HomePage");
    const noReload = await markNoReload(page);
    // In-app navigations (no request to the server): the route table's redirects.
    await navigateInApp(page, "/blogs/favorite-quotes");
    await expect(page).toHaveURL("/favorite-quotes");
    await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
    await navigateInApp(page, `/blogs/favorite-quotes/${id}`);
    await expect(page).toHaveURL(`/favorite-quotes/${id}`);
    await navigateInApp(page, "/blogs/list-of-seen-films");
    await expect(page).toHaveURL("/list-of-seen-films");
    await expectRemoteScreen(page, "remote_blog", "SeenFilmsPage");
    await noReload();
  });

  test("an unknown path shows the not-found page in the home layout", async ({ page }) => {
    await page.goto("/no/such/page?x=1");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator('[data-layout="home"]')).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });
});

test.describe("admin routes (signed in)", () => {
  test("deep links to every admin screen render it from remote_admin", async ({ page }) => {
    await signInAsAdmin(page);
    for (const route of adminRoutes) {
      await page.goto(route.path);
      await expect(page.locator('[data-layout="admin"]')).toBeVisible();
      await expectRemoteScreen(page, route.remote, route.module);
      await expect(page).toHaveTitle(route.title);
    }
    await page.goto("/admin-panel/no-such-section");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the admin section navigation reaches every screen without reloading", async ({ page }) => {
    await signInAsAdmin(page);
    await expectRemoteScreen(page, "remote_admin", "AdminOverview");
    const noReload = await markNoReload(page);
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    // The overview, every section, the shell's Releases screen, and the data tool.
    await expect(nav.getByRole("link")).toHaveCount(adminSections.length + 3);
    for (const [slug, module] of adminSections) {
      await nav.locator(`a[href="/admin-panel/${slug}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/admin-panel/${slug}$`));
      await expectRemoteScreen(page, "remote_admin", module);
    }
    await nav.locator('a[href="/admin-panel/releases"]').click();
    await expect(page.getByRole("heading", { name: "Releases", level: 1 })).toBeVisible();
    await nav.locator('a[href="/create-realtime-data"]').click();
    await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
    await nav.getByRole("link", { name: "Overview" }).click();
    await expectRemoteScreen(page, "remote_admin", "AdminOverview");
    await noReload();
  });
});

test("the admin panel's and the data tool's bodies line up with the header at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  for (const path of ["/admin-panel", "/create-realtime-data"]) {
    await page.goto(path);
    await expect(page.locator("main#main")).toBeVisible();
    const edges = await page.evaluate(() => {
      const inner = document.querySelector("header")!.firstElementChild!.getBoundingClientRect();
      const main = document.querySelector("main#main")!;
      const style = getComputedStyle(main);
      const box = main.getBoundingClientRect();
      return {
        header: [
          inner.left + parseFloat(getComputedStyle(document.querySelector("header")!.firstElementChild!).paddingLeft),
          inner.right - parseFloat(getComputedStyle(document.querySelector("header")!.firstElementChild!).paddingRight),
        ],
        body: [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)],
      };
    });
    expect(Math.abs(edges.body[0]! - edges.header[0]!), path).toBeLessThanOrEqual(1);
    expect(Math.abs(edges.body[1]! - edges.header[1]!), path).toBeLessThanOrEqual(1);
  }
});
