// Retry brings back a remote the browser could not load, on the page the visitor is on, with no
// console error. A server-rendered page keeps the server's HTML under a notice with Retry; a
// failure on an in-app navigation shows the fallback. The page's modulepreload links fail too,
// and the scripts that failed are never answered again in that page, as in a browser that keeps a
// failed module fetch for the life of the page (Chromium 150): a Retry must not need them. What
// was typed into the inert copy counts once the slot hydrates. When even new URLs cannot load in
// the page, Retry reloads it, keeping the scroll position and what was typed, and says so.
import type { Locator, Page } from "@playwright/test";
import { REMOTE_ORIGINS, db, expect, expectRemoteScreen, markNoReload, navigateInApp, remoteSlot, test } from "../fixtures";

const NOTICE = "This part of the page could not finish loading";

/** Console errors and warnings from now on (the registry's "already registered", React's hydration errors). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Makes the remote's origin unreachable for this page (`errorCode`: any of route.abort's) and
 * records the scripts that failed, modulepreloads included. `reopen` makes it reachable again,
 * except those scripts: they never answer in this page, so a Retry that needed them times out.
 */
async function cutOrigin(page: Page, origin: string, errorCode = "connectionrefused") {
  const failedScripts = new Set<string>();
  const pattern = `${origin}/**`;
  await page.route(pattern, (route) => {
    if (new URL(route.request().url()).pathname.endsWith(".js")) failedScripts.add(route.request().url());
    return route.abort(errorCode);
  });
  return {
    failedScripts,
    reopen: async () => {
      await page.route(
        (url) => failedScripts.has(url.href),
        () => undefined,
      );
      await page.unroute(pattern);
    },
  };
}

/** React has taken over the slot's elements (not the server's HTML shown inert beside a notice). */
async function expectHydrated(slot: Locator): Promise<void> {
  await expect
    .poll(() => slot.evaluate((el) => Array.from(el.querySelectorAll("*")).some((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")))))
    .toBe(true);
}

/** A published post's address (the seed's second newest). */
async function aPost(): Promise<string> {
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, { publishedAt: number }>;
  const [slug] = Object.entries(index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt)[1] ?? [];
  return `/blogs/${slug}`;
}

const PAGES = [
  { path: async () => "/blogs/list", remote: "remote_blog", module: "BlogListPage", errorCode: "connectionrefused" },
  { path: aPost, remote: "remote_blog", module: "BlogPostPage", errorCode: "failed" },
  { path: async () => "/favorite-quotes", remote: "remote_blog", module: "FavoriteQuotesPage", errorCode: "internetdisconnected" },
  { path: async () => "/", remote: "remote_home", module: "HomePage", errorCode: "timedout" },
] as const;

for (const { path, remote, module, errorCode } of PAGES) {
  test(`${module}: a server-rendered slot whose remote could not load hydrates within 5 s of Retry`, async ({ page }) => {
    const address = await path();
    const origin = await cutOrigin(page, REMOTE_ORIGINS[remote], errorCode);
    await page.goto(address);
    const slot = remoteSlot(page, remote, module);
    const notice = slot.getByText(NOTICE, { exact: false });
    await expect(notice).toBeVisible();
    // The page's modulepreload links asked for the remote's entry chunk, and failed.
    expect([...origin.failedScripts].some((url) => /\/assets\/entry-[^/]+\.js$/.test(url))).toBe(true);
    await expect(slot.locator("h1, h2, article").first()).toBeVisible(); // the server's HTML stays readable
    // The visitor types into the inert copy of the list's search meanwhile.
    const search = slot.getByRole("searchbox", { name: "Search posts" });
    if (module === "BlogListPage") await search.fill("zzzz-no-such-word");
    const noReload = await markNoReload(page);
    const problems = consoleProblems(page);

    await origin.reopen();
    const pressed = Date.now();
    await slot.getByRole("button", { name: "Retry" }).click();
    await expectRemoteScreen(page, remote, module);
    await expectHydrated(slot);
    expect(Date.now() - pressed).toBeLessThan(5_000);
    await expect(notice).toHaveCount(0);
    if (module === "BlogListPage") {
      // What was typed counts: the recovered list is filtered by it, and the search goes on working.
      await expect(slot.getByText(/No posts are matching/)).toBeVisible();
      await search.fill("");
      await expect(slot.getByText(/No posts are matching/)).toHaveCount(0);
    }
    await noReload();
    expect(problems).toEqual([]);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
}

test("a remote that failed on an in-app navigation loads on Retry", async ({ page }) => {
  await page.goto("/");
  await expectRemoteScreen(page, "remote_home", "HomePage");
  const origin = await cutOrigin(page, REMOTE_ORIGINS.remote_blog);
  const noReload = await markNoReload(page);
  await navigateInApp(page, "/favorite-quotes");
  const slot = remoteSlot(page, "remote_blog", "FavoriteQuotesPage");
  await expect(slot.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(slot.getByText("This part of the page could not be loaded.")).toBeVisible();
  const problems = consoleProblems(page);

  await origin.reopen();
  await slot.getByRole("button", { name: "Retry" }).click();
  await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
  await expect(slot.getByRole("searchbox").or(slot.getByRole("article").first()).first()).toBeVisible();
  await noReload();
  expect(problems).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("when the failed files stay unloadable in the page, Retry reloads it, keeping the scroll position and the typed search, and says so", async ({ page }) => {
  const origin = REMOTE_ORIGINS.remote_blog;
  // Every script of the remote fails in this page, under any URL, until the page is loaded again.
  let sameDocument = true;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url().endsWith("/favorite-quotes")) sameDocument = false;
  });
  await page.route(`${origin}/**`, (route) => route.abort("connectionrefused"));
  await page.goto("/favorite-quotes");
  sameDocument = true;
  const slot = remoteSlot(page, "remote_blog", "FavoriteQuotesPage");
  await expect(slot.getByText(NOTICE, { exact: false })).toBeVisible();
  // The visitor types into the inert server copy of the search and scrolls down.
  await slot.getByRole("searchbox").fill("the");
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(300);
  const scrolled = await page.evaluate(() => scrollY);
  await page.unroute(`${origin}/**`);
  await page.route(`${origin}/**`, (route) => (sameDocument && route.request().resourceType() === "script" ? route.abort("failed") : route.continue()));

  // Pressed from the keyboard, so that the press does not scroll the page (a click scrolls the button into view).
  await slot.getByRole("button", { name: "Retry" }).evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
  expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  const pressed = Date.now();
  const reloaded = page.waitForEvent("load");
  await page.keyboard.press("Enter");
  await reloaded;
  const problems = consoleProblems(page);
  await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
  await expectHydrated(slot);
  expect(Date.now() - pressed).toBeLessThan(5_000);
  // What was typed is back, and the page acts on it: the search filters the quotes.
  await expect(slot.getByRole("searchbox")).toHaveValue("the");
  await expect(slot.getByText(/^\d+ of \d+ quotes match$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The page was reloaded to finish loading it" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(scrolled);
  expect(problems).toEqual([]);
});
