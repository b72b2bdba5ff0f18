// Canary releases on the local stack, as a team would run them: `npm run release -- remote-blog
// --canary 50` serves the candidate to about half of fresh visitors, each keeping their cohort
// (the __session cookie), the browser hydrating the release the server rendered; pages that show
// the canaried remote are private, the others keep their CDN caching; `--abort` and `--promote`
// end it; and a candidate that fails in browsers is aborted by the renderer from the browsers'
// reports, then shown as aborted by `npm run releases` and on the admin's Releases screen.
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import {
  expect,
  expectRemoteScreen,
  keepReleaseState,
  liveRelease,
  releaseCommand,
  signInAsAdmin,
  stackState,
  test,
  versionedBlogCandidate,
} from "../fixtures";

test.describe.configure({ mode: "serial" });

const LIVE_TEXT = "Filter by tag";
const CANARY_TEXT = "Filter the canary posts by tag";

/** One request as a visitor makes it (with their cookie, if they have one). */
async function visit(path: string, cookie?: string) {
  const { siteUrl } = await stackState();
  const response = await fetch(`${siteUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  return {
    status: response.status,
    releases: response.headers.get("x-remote-releases"),
    cacheControl: response.headers.get("cache-control") ?? "",
    vary: response.headers.get("vary") ?? "",
    cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null,
    body,
  };
}

/** A candidate of remote-blog whose list says CANARY_TEXT, under `version`; `alter` changes its files further. */
const canaryCandidate = (version: string, alter?: (dir: string) => Promise<void>) => versionedBlogCandidate(CANARY_TEXT, version, alter);

/** `npm run release -- remote-blog --canary <percent>` of the candidate in `dir` (the browser check skipped). */
const releaseAsCanary = (dir: string, percent: number) =>
  releaseCommand(["release", "remote-blog", "--dist", dir, "--no-browser", "--canary", String(percent)]);

/** The canary's release id as `--canary` printed it ("canary of <id> (<version>)"). */
const canaryId = (output: string) => /canary of (\S+) \(/.exec(output)?.[1] ?? "";

/** A fresh browser visitor's page: resolves with the release its response named, and the page. */
async function freshVisitor(browser: Browser, cookie?: string) {
  const { siteUrl } = await stackState();
  const context = await browser.newContext({ baseURL: siteUrl });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: siteUrl }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto("/blogs/list");
  return { context, page, errors, releases: (await response?.headerValue("x-remote-releases")) ?? null };
}

test("a 50 % canary: about half of fresh visitors get it, each keeps its cohort, the browser hydrates what the server rendered; --abort and --promote end it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const restore = await keepReleaseState();
  const live = await liveRelease("remote_blog");
  const { configFile } = await stackState();
  const configBefore = await readFile(configFile, "utf8");
  const dir = await canaryCandidate("1.0.0-canary.1");
  try {
    const started = await releaseAsCanary(dir, 50);
    expect(started.code, started.output).toBe(0);
    const canary = canaryId(started.output);
    expect(canary).toMatch(/^1\.0\.0-canary\.1-[0-9a-f]{10}$/);
    expect(started.output).toContain("to 50 % of visitors");

    // The renderer picks the canary up within seconds: some fresh visitor gets it.
    await expect
      .poll(async () => {
        for (let i = 0; i < 8; i++) if ((await visit("/blogs/list")).releases === `remote_blog=${canary}`) return true;
        return false;
      })
      .toBe(true);

    // 20 fresh visitors (no cookie): each gets its own id, and about half the candidate.
    const visitors = [];
    for (let i = 0; i < 20; i++) visitors.push(await visit("/blogs/list"));
    const got = visitors.filter((v) => v.releases === `remote_blog=${canary}`);
    expect(got.length, visitors.map((v) => v.releases).join("\n")).toBeGreaterThanOrEqual(4);
    expect(got.length).toBeLessThanOrEqual(16);
    for (const v of visitors) {
      expect(v.status).toBe(200);
      expect([`remote_blog=${canary}`, `remote_blog=${live}`]).toContain(v.releases);
      // What the header names is what the HTML shows.
      expect(v.body.includes(CANARY_TEXT)).toBe(v.releases === `remote_blog=${canary}`);
      // A page of the canaried remote is never shared-cacheable: private, and varies on the cookie.
      expect(v.cacheControl).toContain("private");
      expect(v.cacheControl).not.toContain("public");
      expect(v.vary).toContain("Cookie");
      expect(v.cookie).toMatch(/^__session=visitor%3D[A-Za-z0-9_-]{16,64}$/);
    }
    expect(new Set(visitors.map((v) => v.cookie)).size).toBe(20);
    // Each visitor keeps its cohort on later requests, and is given no new cookie.
    for (const v of visitors.slice(0, 8)) {
      for (const path of ["/blogs/list", "/blogs/list?tag=css"]) {
        const again = await visit(path, v.cookie!);
        expect(again.releases).toBe(v.releases);
        expect(again.cookie).toBeNull();
      }
    }
    // A page that does not show the canaried remote is the same for everyone: CDN-cacheable, no cookie.
    const home = await visit("/");
    expect(home.releases).toMatch(/^remote_home=/);
    expect(home.cacheControl).toMatch(/^public, .*s-maxage=/);
    expect(home.cookie).toBeNull();

    // The browser hydrates the release the server rendered, in each cohort, without a mismatch.
    const canaryVisitor = got[0]!;
    const liveVisitor = visitors.find((v) => v.releases === `remote_blog=${live}`)!;
    for (const [v, text, release] of [
      [canaryVisitor, CANARY_TEXT, canary],
      [liveVisitor, LIVE_TEXT, live],
    ] as const) {
      const { context, page, errors, releases } = await freshVisitor(browser, v.cookie!);
      expect(releases).toBe(`remote_blog=${release}`);
      await expectRemoteScreen(page, "remote_blog", "BlogListPage");
      await expect(page.getByRole("group", { name: text, exact: true })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-remote-releases", `remote_blog=${release}`);
      await page.screenshot({ path: test.info().outputPath(`canary-${release === canary ? "candidate" : "live"}.png`), fullPage: false });
      expect(errors.filter((e) => /hydrat|#418|#422|#425|already registered/i.test(e))).toEqual([]);
      await context.close();
    }

    const listed = await releaseCommand(["releases", "remote-blog"]);
    expect(listed.output).toContain(`canary  ${canary} to 50 % since`);

    // --abort: every visitor, the canary's cohort included, gets the live release again.
    const aborted = await releaseCommand(["release", "remote-blog", "--abort"]);
    expect(aborted.code, aborted.output).toBe(0);
    await expect.poll(async () => (await visit("/blogs/list", canaryVisitor.cookie!)).releases, { timeout: 15_000 }).toBe(`remote_blog=${live}`);
    const afterAbort = await visit("/blogs/list");
    expect(afterAbort.cacheControl).toMatch(/^public, /);
    expect(afterAbort.cookie).toBeNull();

    // Again, then --promote: the candidate is the release for everyone.
    const again = await releaseAsCanary(dir, 50);
    expect(again.code, again.output).toBe(0);
    const promoted = await releaseCommand(["release", "remote-blog", "--promote"]);
    expect(promoted.code, promoted.output).toBe(0);
    await expect.poll(async () => (await visit("/blogs/list", liveVisitor.cookie!)).releases, { timeout: 15_000 }).toBe(`remote_blog=${canary}`);
    expect((await visit("/blogs/list")).releases).toBe(`remote_blog=${canary}`);

    const record = await releaseCommand(["releases", "remote-blog"]);
    expect(record.output).toMatch(new RegExp(`started a canary of ${canary.replaceAll(".", "\\.")} \\(live ${live}\\)[^\\n]*: 50 % of visitors`));
    expect(record.output).toMatch(new RegExp(`aborted the canary ${canary.replaceAll(".", "\\.")}[^\\n]*: aborted by hand`));
    // All of it through the release state: the served config never changed.
    expect(await readFile(configFile, "utf8")).toBe(configBefore);
    expect(record.output).toMatch(new RegExp(`promoted the canary ${canary.replaceAll(".", "\\.")} \\(was ${live}\\)`));
  } finally {
    await restore();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a canary that throws in browsers is aborted automatically from their reports, and shown aborted in `npm run releases` and on the Releases screen", async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const restore = await keepReleaseState();
  const live = await liveRelease("remote_blog");
  // The server renders the candidate; in the browser its blog list chunk throws as it loads.
  const dir = await canaryCandidate("1.0.0-canary.2", async (d) => {
    for (const name of await readdir(join(d, "assets")))
      if (name.startsWith("blog-list-page")) {
        const file = join(d, "assets", name);
        await writeFile(file, `throw new Error("the canary's list is broken");\n${await readFile(file, "utf8")}`);
      }
  });
  try {
    const started = await releaseAsCanary(dir, 90);
    expect(started.code, started.output).toBe(0);
    const canary = canaryId(started.output);

    // Visitors in the canary's cohort see the page fail to finish loading; leaving it sends their report.
    let canaryViews = 0;
    for (let i = 0; i < 40 && canaryViews < 10; i++) {
      const visitor = await freshVisitor(browser);
      if (visitor.releases === `remote_blog=${canary}`) {
        canaryViews++;
        await expect(visitor.page.getByRole("button", { name: "Retry" })).toBeVisible();
      }
      await visitor.page.goto("about:blank"); // pagehide: the page's report goes out
      await visitor.context.close();
    }
    expect(canaryViews).toBe(10);

    // The renderer aborts the canary: every visitor gets the live release within a minute.
    await expect.poll(async () => (await visit("/blogs/list")).releases, { timeout: 60_000, intervals: [1000] }).toBe(`remote_blog=${live}`);
    for (let i = 0; i < 10; i++) expect((await visit("/blogs/list")).releases).toBe(`remote_blog=${live}`);

    // The admin's Releases screen shows the abort, with the canary's and the live release's rates.
    await signInAsAdmin(page, "/admin-panel/releases");
    const table = page.getByRole("table", { name: "Views and error rates" });
    await expect(table.getByRole("row", { name: new RegExp(`remote_blog Canary: ${canary.replaceAll(".", "\\.")}`) })).toContainText(
      "nobody: aborted automatically",
    );
    await expect(table.getByRole("row", { name: new RegExp(`remote_blog Canary:`) })).toContainText("100 %");
    const liveRow = table.getByRole("row", { name: new RegExp(`remote_blog Live: ${live.replaceAll(".", "\\.")}`) });
    await expect(liveRow).toContainText("every visitor");
    await expect(liveRow).toContainText("0 %");
    await expect(table).not.toContainText("NaN");
    await expect(table.getByRole("row", { name: /remote_blog Canary:/ })).toContainText("(10 of 10 views failed)");
    await page.screenshot({ path: test.info().outputPath("releases-screen-aborted.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("releases-screen-aborted-390.png"), fullPage: true });
    // On a phone the table fits the page: nothing of it needs scrolling sideways.
    expect(await table.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth && el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // The abort was one write by the renderer: `npm run releases`, the first command run since,
    // shows the canary ended and the record holds the abort, by the renderer, with its reason.
    const listed = await releaseCommand(["releases", "remote-blog"]);
    expect(listed.output).toContain(`aborted ${canary} automatically at`);
    expect(listed.output).toMatch(
      new RegExp(
        `the renderer \\(automatic\\) aborted the canary ${canary.replaceAll(".", "\\.")} \\(live ${live}\\).*: aborted automatically: its error rate`,
      ),
    );
    expect(listed.output).toContain("canary  none");
    expect(listed.output).toMatch(/live +\S+ .*\d+ of \d+ views failed/);
    // The same build cannot be put under a canary again.
    const refused = await releaseAsCanary(dir, 50);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${canary} was aborted automatically`);
  } finally {
    await restore();
    await rm(dir, { recursive: true, force: true });
  }
});
