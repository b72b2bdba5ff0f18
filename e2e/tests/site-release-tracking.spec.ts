// Which release served a request, a tab opened before a release, and the release record:
// responses name the releases they used (X-Remote-Releases, and the page data),
// the browser records the ones it loaded (<html data-remote-releases>); a tab opened before a
// release keeps navigating inside the released remote, first on the old release (its files stay
// served for the window), then, once they are cleaned up, on the new one, never with an error
// panel or a reload; each release and rollback is recorded with who, when, the commit and the
// changeset notes of the shared packages it needs, listed by `npm run releases` and the admin's
// Releases screen.
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  expect,
  expectRemoteScreen,
  keepReleaseState,
  liveRelease,
  markNoReload,
  navigateInApp,
  releaseCommand,
  releasedId,
  signInAsAdmin,
  stackState,
  test,
  versionedBlogCandidate,
} from "../fixtures";

test.describe.configure({ mode: "serial" });

const pageData = async (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "null") as { releases?: Record<string, string> };

test("a response names the releases it was rendered with, the page data carries the same, and the browser records what it loaded", async ({ page }) => {
  const { siteUrl } = await stackState();
  const blog = await liveRelease("remote_blog");
  const home = await liveRelease("remote_home");

  const response = await fetch(`${siteUrl}/blogs/list`);
  expect(response.status).toBe(200);
  // Only the remotes the page used: the blog list is remote-blog's alone.
  expect(response.headers.get("x-remote-releases")).toBe(`remote_blog=${blog}`);
  expect((await pageData(await response.text())).releases).toEqual({ remote_blog: blog });
  const homeResponse = await fetch(`${siteUrl}/`);
  expect(homeResponse.headers.get("x-remote-releases")).toBe(`remote_home=${home}`);

  await page.goto("/blogs/list");
  await expectRemoteScreen(page, "remote_blog", "BlogListPage");
  await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${blog}`);
  await navigateInApp(page, "/");
  await expectRemoteScreen(page, "remote_home", "HomePage");
  await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${blog}; remote_home=${home}`);
});

test("a tab opened before a release navigates inside the remote after it: on the old release within the window, then on the new one", async ({ page }) => {
  test.setTimeout(240_000);
  const { dataDir, siteUrl } = await stackState();
  const restore = await keepReleaseState();
  const released: string[] = [];
  const dirs = [
    await versionedBlogCandidate("Filter the old posts by tag", "1.0.0-tab.1"),
    await versionedBlogCandidate("Filter the new posts by tag", "1.0.0-tab.2"),
  ];
  const folder = (id: string) => join(dataDir, "hosting", "remote-blog", "releases", id);
  let movedAway: string | null = null;
  try {
    const before = await releaseCommand(["release", "remote-blog", "--dist", dirs[0]!, "--no-browser"]);
    expect(before.code, before.output).toBe(0);
    const old = releasedId(before.output);
    released.push(old);
    await expect.poll(async () => (await fetch(`${siteUrl}/blogs/list`)).headers.get("x-remote-releases"), { timeout: 10_000 }).toBe(`remote_blog=${old}`);

    // The tab, opened on the old release.
    await page.goto("/blogs/list");
    await expect(page.getByRole("group", { name: "Filter the old posts by tag" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${old}`);
    const noReload = await markNoReload(page);

    const after = await releaseCommand(["release", "remote-blog", "--dist", dirs[1]!, "--no-browser"]);
    expect(after.code, after.output).toBe(0);
    const next = releasedId(after.output);
    released.push(next);
    await expect.poll(async () => (await fetch(`${siteUrl}/blogs/list`)).headers.get("x-remote-releases"), { timeout: 10_000 }).toBe(`remote_blog=${next}`);

    // Within the window the old release's files are still served: the tab finishes on it.
    await navigateInApp(page, "/favorite-quotes");
    await expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
    await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${old}`);

    // After the window the old release is cleaned up (its folder removed): the tab follows the
    // release, loading the new one in place, with no error panel and no reload.
    movedAway = `${folder(old)}.cleaned-up`;
    await rename(folder(old), movedAway);
    await navigateInApp(page, "/list-of-seen-films");
    await expectRemoteScreen(page, "remote_blog", "SeenFilmsPage");
    await expect(page.locator("[data-remote-fallback]")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${next}`);
    await navigateInApp(page, "/blogs/list");
    await expect(page.getByRole("group", { name: "Filter the new posts by tag" })).toBeVisible();
    await expect(page.locator("[data-remote-fallback]")).toHaveCount(0);
    await noReload();
  } finally {
    await restore();
    for (const path of [movedAway, ...released.map(folder), ...dirs]) if (path) await rm(path, { recursive: true, force: true });
  }
});

test("each release and rollback is recorded with who, when, the commit and the shared packages' notes, in `npm run releases` and on the Releases screen", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const restore = await keepReleaseState();
  const dir = await versionedBlogCandidate("Filter the recorded posts by tag", "1.0.0-record.1");
  const started = await liveRelease("remote_blog");
  try {
    const released = await releaseCommand(["release", "remote-blog", "--dist", dir, "--no-browser"]);
    expect(released.code, released.output).toBe(0);
    const id = releasedId(released.output);
    expect((await releaseCommand(["rollback", "remote-blog"])).code).toBe(0);

    const listed = (await releaseCommand(["releases", "remote-blog", "--notes"])).output;
    const record = listed.slice(listed.indexOf("Last "));
    expect(record).toContain(`released ${id} (was ${started}), commit `);
    expect(record).toContain(`rolled back to ${started} (was ${id}), commit `);
    expect(record).toMatch(/commit [0-9a-f]{12}/);
    expect(record).toMatch(/needs shared-content \^\d+\.\d+\.\d+/);
    // Newest last: the rollback after the release.
    expect(record.lastIndexOf(`released ${id}`)).toBeLessThan(record.lastIndexOf(`rolled back to ${started}`));

    await signInAsAdmin(page, "/admin-panel/releases");
    const recordList = page.getByRole("list", { name: "Release record, newest first" });
    await expect(recordList).toBeVisible();
    const entries = recordList.locator(":scope > li");
    // Newest first: the rollback, then the release.
    await expect(entries.nth(0)).toContainText(`remote_blog rolled back to ${started} (was ${id})`);
    await expect(entries.nth(1)).toContainText(`remote_blog released ${id} (was ${started})`);
    await expect(entries.nth(1)).toContainText(/by \S.* · commit [0-9a-f]{12}/);
    await expect(entries.nth(1).getByText("shared-content ^", { exact: false })).toBeVisible();
    await entries
      .nth(1)
      .getByText(/^Changeset notes \(\d+\)$/)
      .click();
    await expect(entries.nth(1).getByRole("region", { name: "shared-content notes" })).toBeVisible();
    await page.screenshot({ path: "/tmp/rel/releases-screen.png", fullPage: true });
  } finally {
    await restore();
    await rm(dir, { recursive: true, force: true });
  }
});
