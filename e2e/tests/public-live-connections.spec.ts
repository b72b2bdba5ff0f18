// A visitor's page holds at most one database connection: the stream of the change marker
// (shared-content's change feed), whatever the sections it shows. Counted in Chromium on every
// public page: after arrival it has made exactly that one request (the server-rendered values are
// current, so nothing else is downloaded). An owner's edit reaches an open page within 2 s; a tab
// hidden for longer than its delay lets go of its stream and catches up when shown again.
import type { Page, Request } from "@playwright/test";
import { HIDDEN_CLOSE_STORAGE_KEY } from "shared-content/changes";
import { db, expect, markNoReload, stackState, test } from "../fixtures";

type Rec = Record<string, unknown>;

/** The database requests the page makes from now on, and which of them are still open. */
async function watchDatabase(page: Page) {
  const { databaseUrl } = await stackState();
  const origin = new URL(databaseUrl).origin;
  const made: Request[] = [];
  const done = new Set<Request>();
  page.on("request", (r) => {
    if (r.url().startsWith(origin)) made.push(r);
  });
  page.on("requestfinished", (r) => done.add(r));
  page.on("requestfailed", (r) => done.add(r));
  const path = (r: Request) => new URL(r.url()).pathname;
  return {
    made: () => made.map(path),
    open: () => made.filter((r) => !done.has(r)).map(path),
  };
}

async function newestPost(): Promise<{ slug: string; series: string | null }> {
  const index = ((await db.get("blog/index")) ?? {}) as Record<string, { publishedAt: number }>;
  const [slug] = Object.entries(index).sort(([, a], [, b]) => b.publishedAt - a.publishedAt)[0] ?? [];
  expect(slug, "demo seed: published posts").toBeTruthy();
  const series = ((await db.get("blog/series")) ?? {}) as Rec;
  return { slug: slug!, series: Object.keys(series)[0] ?? null };
}

/** Pretends the tab went to the background or came back (a headless page is always visible). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test.describe("database connections of a public page", () => {
  test("every public page holds one connection, the change marker's stream, and downloads nothing else on arrival", async ({ page }) => {
    const { slug, series } = await newestPost();
    const quote = Object.keys(((await db.get("quotes")) ?? {}) as Rec)[0];
    const paths = [
      "/",
      "/write-recommendation",
      "/blogs/list",
      `/blogs/${slug}`,
      ...(series ? [`/blogs/series/${series}`] : []),
      "/favorite-quotes",
      ...(quote ? [`/favorite-quotes/${quote}`] : []),
      "/list-of-seen-films",
      "/blogs/no-such-post",
    ];
    for (const path of paths) {
      const db = await watchDatabase(page);
      await page.goto(path);
      await expect.poll(() => db.open(), { message: path }).toEqual(["/changes.json"]);
      // A little longer than a stream's first answer takes: nothing else follows.
      await page.waitForTimeout(1500);
      expect(db.open(), path).toEqual(["/changes.json"]);
      expect(db.made(), path).toEqual(["/changes.json"]);
      page.removeAllListeners("request");
      page.removeAllListeners("requestfinished");
      page.removeAllListeners("requestfailed");
    }
  });

  test("an owner's edit reaches an open post within 2 s, on its one connection", async ({ page }) => {
    const { slug } = await newestPost();
    const post = (await db.get(`blog/posts/${slug}`)) as Rec;
    const watch = await watchDatabase(page);
    await page.goto(`/blogs/${slug}`);
    const noReload = await markNoReload(page);
    await expect.poll(() => watch.open()).toEqual(["/changes.json"]);
    const renamed = `${String(post.title)} (edited live)`;
    try {
      await db.update("", { [`blog/posts/${slug}/title`]: renamed, [`blog/index/${slug}/title`]: renamed });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed, { timeout: 2000 });
    } finally {
      await db.update("", { [`blog/posts/${slug}/title`]: post.title, [`blog/index/${slug}/title`]: post.title });
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(post.title));
    // Still one open connection once the short reads of the blog's section are done, and only those.
    await expect.poll(() => watch.open()).toEqual(["/changes.json"]);
    expect(watch.made().filter((p) => p !== "/changes.json" && !p.startsWith("/blog/"))).toEqual([]);
    await noReload();
  });

  test("a tab hidden past its delay lets go of its stream and catches up when shown again", async ({ page }) => {
    // The documented option that shortens the delay (a minute by default).
    await page.addInitScript((key) => localStorage.setItem(key, "500"), HIDDEN_CLOSE_STORAGE_KEY);
    const about = (await db.get("site/about")) as Rec;
    const watch = await watchDatabase(page);
    await page.goto("/");
    await expect.poll(() => watch.open()).toEqual(["/changes.json"]);
    await setHidden(page, true);
    await expect.poll(() => watch.open()).toEqual([]);
    const headline = "A headline changed while the tab was hidden";
    try {
      await db.update("site/about", { headline });
      await page.waitForTimeout(1000);
      expect(watch.made()).toEqual(["/changes.json"]); // nothing while hidden
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(headline);
      await setHidden(page, false);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline, { timeout: 2000 });
      expect(watch.open()).toEqual(["/changes.json"]);
      expect(watch.made()).toEqual(["/changes.json", "/changes.json", "/site/about.json"]);
    } finally {
      await db.update("site/about", { headline: about.headline });
    }
  });
});
