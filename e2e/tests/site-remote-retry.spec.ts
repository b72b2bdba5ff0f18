// Retry brings a remote back when the browser could not load it (issue 29, item 1). Three paths:
// the server rendered the slot but the browser could not load the remote (the server's HTML is
// kept, under a notice with Retry); a remote that failed on a later in-app navigation; and in
// both, the slot must become interactive without a reload and without a console error.
import type { Page } from "@playwright/test";
import { REMOTE_ORIGINS, expect, expectRemoteScreen, markNoReload, navigateInApp, remoteSlot, test } from "../fixtures";

/** Console errors and warnings from now on (the registry's "already registered", React's hydration errors). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Makes the remote's origin unreachable for this page; returns a function that makes it reachable again. */
async function cutOrigin(page: Page, origin: string): Promise<() => Promise<void>> {
  const pattern = `${origin}/**`;
  await page.route(pattern, (route) => route.abort("connectionrefused"));
  return () => page.unroute(pattern);
}

test("a server-rendered slot whose remote could not load in the browser hydrates on Retry", async ({ page }) => {
  const restore = await cutOrigin(page, REMOTE_ORIGINS.remote_blog);
  await page.goto("/blogs/list");
  const slot = remoteSlot(page, "remote_blog", "BlogListPage");
  const notice = slot.getByText("This part of the page could not finish loading", { exact: false });
  await expect(notice).toBeVisible();
  // The server's list stays readable meanwhile.
  await expect(slot.getByRole("article").first()).toBeVisible();
  const noReload = await markNoReload(page);
  const problems = consoleProblems(page);

  await restore();
  await slot.getByRole("button", { name: "Retry" }).click();
  await expectRemoteScreen(page, "remote_blog", "BlogListPage");
  await expect(notice).toHaveCount(0);
  // Interactive: the tag filter works on the recovered screen.
  const tagButton = slot
    .getByRole("article")
    .first()
    .getByRole("button", { name: /^Show posts tagged / })
    .first();
  const label = (await tagButton.getAttribute("aria-label")) ?? (await tagButton.textContent()) ?? "";
  const tag = label.replace("Show posts tagged ", "").trim();
  await tagButton.click();
  await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(tag)}`));
  await expect(slot.getByRole("button", { name: "All posts" })).toBeVisible();
  await noReload();
  expect(problems).toEqual([]);
});

test("a remote that failed on an in-app navigation loads on Retry", async ({ page }) => {
  await page.goto("/");
  await expectRemoteScreen(page, "remote_home", "HomePage");
  const restore = await cutOrigin(page, REMOTE_ORIGINS.remote_blog);
  const noReload = await markNoReload(page);
  await navigateInApp(page, "/favorite-quotes");
  const slot = remoteSlot(page, "remote_blog", "FavoriteQuotesPage");
  await expect(slot.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(slot.getByText("This part of the page could not be loaded.")).toBeVisible();
  const problems = consoleProblems(page);

  await restore();
  await slot.getByRole("button", { name: "Retry" }).click();
  await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
  await expect(slot.getByRole("searchbox").or(slot.getByRole("article").first()).first()).toBeVisible();
  await noReload();
  expect(problems).toEqual([]);
});
