// Favourite quotes and seen films: windows (never every record on load), search over every
// record, the optional quote id (rendered on the server, highlighted; unknown: 404), copy link;
// films sort and search in the address, the numbers of the whole log in the server's HTML and
// live as the admin adds a film; live updates; inert XSS payloads.
import type { Page } from "@playwright/test";
import { FILMS_PAGE_SIZE, QUOTES_PAGE_SIZE } from "shared-content/limits";
import { addAndWait, db, expect, expectRemoteScreen, fillNewFilm, markNoReload, openAdminScreen, test } from "../fixtures";

type Rec = Record<string, unknown>;
interface Film {
  title: string;
  year: number;
  directors: string[] | Record<string, string>;
  countries?: string[] | Record<string, string>;
  minutes: number;
  rating: number;
  watchedOn: string;
}
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

/** The database's order of text (code units), as the lists use it. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Quotes as the page lists them: by author, ties by key. */
const byDisplayOrder = (quotes: Record<string, Rec>) =>
  Object.entries(quotes).sort(([ka, a], [kb, b]) => byText(String(a.author), String(b.author)) || byText(ka, kb));
/** Films newest watched first, ties by key, highest first (the page's default order). */
const newestWatched = (films: Record<string, Film>) => Object.entries(films).sort(([ka, a], [kb, b]) => byText(b.watchedOn, a.watchedOn) || byText(kb, ka));
/** The figures the films page shows, from the films themselves (the statistics record must agree). */
function expectedNumbers(films: Film[]) {
  const decades = new Map<string, number>();
  for (const f of films) decades.set(`${Math.floor(f.year / 10) * 10}s`, (decades.get(`${Math.floor(f.year / 10) * 10}s`) ?? 0) + 1);
  const oldest = [...decades.keys()].sort()[0]!;
  const directors = new Map<string, number>();
  for (const f of films) for (const d of new Set(Object.values(f.directors).map((d) => d.trim()))) directors.set(d, (directors.get(d) ?? 0) + 1);
  // Most films first, ties by name (the page's order; a unique leader in the demo seed).
  const [topName, topCount] = [...directors].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0]!;
  return {
    count: films.length,
    average: `${(films.reduce((s, f) => s + f.rating, 0) / films.length).toFixed(1)} / 5`,
    oldest,
    oldestCount: decades.get(oldest)!,
    topDirector: { name: topName, count: topCount },
  };
}
/** Text as React writes it into server HTML. */
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

async function openQuotes(page: Page, path = "/favorite-quotes") {
  await page.goto(path);
  return expectRemoteScreen(page, "remote_blog", "FavoriteQuotesPage");
}
async function openFilms(page: Page) {
  await page.goto("/list-of-seen-films");
  return expectRemoteScreen(page, "remote_blog", "SeenFilmsPage");
}
async function expectInert(page: Page) {
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('[data-remote] img[src="x"], [data-remote] script, [data-remote] [onerror]')).toHaveCount(0);
}

test.beforeEach(({ page }) => {
  page.on("dialog", (d) => {
    throw new Error(`unexpected dialog: ${d.message()}`);
  });
});

test.describe("favourite quotes", () => {
  test("shows a window of quotes by author, more on request, and searches every quote", async ({ page }) => {
    const quotes = ((await db.get("quotes")) ?? {}) as Record<string, Rec>;
    const count = Object.keys(quotes).length;
    expect(count, "demo seed: quotes").toBeGreaterThan(QUOTES_PAGE_SIZE);
    const slot = await openQuotes(page);
    await expect(slot.getByRole("figure")).toHaveCount(QUOTES_PAGE_SIZE);
    await expect(slot.getByText(`Showing the first ${QUOTES_PAGE_SIZE} quotes, by author`)).toBeVisible();
    await slot.getByRole("button", { name: "Show more quotes" }).click();
    await expect(slot.getByRole("figure")).toHaveCount(Math.min(2 * QUOTES_PAGE_SIZE, count));
    // The last quote in the list's order is outside the first window; the search finds it.
    const [, sample] = byDisplayOrder(quotes).at(-1)!;
    const author = String(sample.author);
    const byAuthor = Object.values(quotes).filter(
      (q) =>
        String(q.author).toLowerCase().includes(author.toLowerCase()) ||
        String(q.text).toLowerCase().includes(author.toLowerCase()) ||
        String(q.work ?? "")
          .toLowerCase()
          .includes(author.toLowerCase()),
    );
    await slot.getByLabel("Search quotes by text or author").fill(author);
    await expect(slot.getByRole("figure")).toHaveCount(byAuthor.length);
    await expect(slot.getByText(`${byAuthor.length} of ${count} quotes match`)).toBeVisible();
    const words = String(sample.text).split(/\s+/).slice(0, 4).join(" ");
    await slot.getByLabel("Search quotes by text or author").fill(words);
    await expect(
      slot
        .getByRole("figure")
        .filter({ hasText: String(sample.text) })
        .first(),
    ).toBeVisible();
  });

  test("an id far down the list is rendered on the server, first and highlighted; copy link gives its address", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const quotes = ((await db.get("quotes")) ?? {}) as Record<string, Rec>;
    const [id, last] = byDisplayOrder(quotes).at(-1)!;
    const html = await (await request.get(`/favorite-quotes/${id}`)).text();
    expect(html).toContain(`id="quote-${id}"`);
    expect(html).toContain(escapeText(String(last.text)));
    const slot = await openQuotes(page, `/favorite-quotes/${id}`);
    const quote = slot.locator(`#quote-${id}`);
    await expect(quote).toHaveAttribute("aria-current", "true");
    await expect(quote).toBeInViewport();
    await expect(slot.locator("[aria-current=true]")).toHaveCount(1);
    await expect(slot.getByRole("figure").first()).toHaveAttribute("id", `quote-${id}`);
    await quote.getByRole("button", { name: "Copy link" }).click();
    await expect(quote.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/favorite-quotes/${id}`, page.url()).href);
  });

  test("an unknown id answers 404 with noindex, says so and still lists the quotes", async ({ page, request }) => {
    const response = await request.get("/favorite-quotes/no-such-quote");
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex"/);
    const slot = await openQuotes(page, "/favorite-quotes/no-such-quote");
    await expect(slot.getByRole("alert")).toContainText("“no-such-quote” was not found");
    await expect(slot.getByRole("figure")).toHaveCount(QUOTES_PAGE_SIZE);
  });

  test("updates live and keeps XSS payloads inert", async ({ page }) => {
    const slot = await openQuotes(page);
    await expect(slot.getByRole("figure").first()).toBeVisible();
    const noReload = await markNoReload(page);
    const id = `e2e-xss-${Date.now()}`;
    try {
      await db.set(`quotes/${id}`, { text: `Quoted ${XSS}`, author: "<b>AAA Mallory</b>", work: XSS, year: 2024, rev: 1, updatedAt: Date.now() });
      await expect(slot.locator(`#quote-${id}`)).toContainText("Quoted <img src=x");
      await expect(slot.locator(`#quote-${id}`)).toContainText("<b>AAA Mallory</b>");
      await expectInert(page);
    } finally {
      await db.remove(`quotes/${id}`);
    }
    await expect(slot.locator(`#quote-${id}`)).toHaveCount(0);
    await noReload();
  });
});

test.describe("seen films", () => {
  test("the server sends one window and the numbers of every film, finished; more on scroll", async ({ page, request }) => {
    const all = ((await db.get("films")) ?? {}) as Record<string, Film>;
    const films = Object.values(all);
    expect(films.length, "demo seed: films").toBeGreaterThanOrEqual(300);
    const numbers = expectedNumbers(films);
    const html = await (await request.get("/list-of-seen-films")).text();
    expect(html.match(/<article/g)).toHaveLength(FILMS_PAGE_SIZE);
    expect(html).toContain(`Showing ${FILMS_PAGE_SIZE} of ${films.length} films`);
    expect(html).not.toMatch(/Loading statistics|Show the numbers|aria-busy="true"/);
    // The numbers of the whole log are in the server's HTML (from the statistics record), not only a window's.
    expect(html).toContain(`data-stat="count">${numbers.count}<`);
    expect(html).toContain(`data-stat="average">${numbers.average}<`);
    expect(html).toMatch(new RegExp(`data-stat="decades">${numbers.oldest}:\u00a0${numbers.oldestCount}\u00a0· `));
    // The director with the most films heads the top directors, in the server's HTML too.
    expect(html).toMatch(new RegExp(`Top directors</h3><ol[^>]*><li><span>${escapeText(numbers.topDirector.name)}</span><span>${numbers.topDirector.count}<`));
    const slot = await openFilms(page);
    const cards = slot.getByRole("article");
    await expect(cards).toHaveCount(FILMS_PAGE_SIZE);
    // The count line and the numbers are the same after hydration.
    await expect(slot.getByText(`Showing ${FILMS_PAGE_SIZE} of ${films.length} films`)).toBeVisible();
    const [, newest] = newestWatched(all)[0]!;
    await expect(cards.first().getByRole("heading")).toContainText(newest.title);
    const stats = slot.getByRole("region", { name: "In numbers" });
    await expect(stats.locator('[data-stat="count"]')).toHaveText(String(numbers.count));
    await expect(stats.locator('[data-stat="average"]')).toHaveText(numbers.average);

    // The next window arrives when the end of the list scrolls into view.
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(2 * FILMS_PAGE_SIZE, films.length));
    // The button is the keyboard's way to the next window, pressed where the reader is: a click
    // would first scroll the end of the list into view, the observer would load a window of its
    // own, and the click, retried on the moved button, would load another.
    const more = slot.getByRole("button", { name: "Show more films" });
    await more.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
    await page.keyboard.press("Enter");
    await expect(cards).toHaveCount(Math.min(3 * FILMS_PAGE_SIZE, films.length));
  });

  test("searches by title or director and sorts by rating and year, both kept in the address", async ({ page }) => {
    const films = Object.values(((await db.get("films")) ?? {}) as Record<string, Film>);
    const director = Object.values(films[0]!.directors)[0]!;
    const byDirector = films.filter(
      (f) => Object.values(f.directors).some((d) => d.toLowerCase().includes(director.toLowerCase())) || f.title.toLowerCase().includes(director.toLowerCase()),
    );
    const slot = await openFilms(page);
    await expect(slot.getByRole("article")).toHaveCount(FILMS_PAGE_SIZE);
    await slot.getByLabel("Search by title or director").fill(director);
    await expect(slot.getByText(`${byDirector.length} of ${films.length} films match`)).toBeVisible();
    await expect(slot.getByRole("article")).toHaveCount(byDirector.length);
    expect(new URL(page.url()).searchParams.get("q")).toBe(director);
    await slot.getByLabel("Search by title or director").fill("");

    await slot.getByLabel("Sort by").selectOption("rating");
    const best = Math.max(...films.map((f) => f.rating));
    await expect(
      slot
        .getByRole("article")
        .first()
        .getByRole("img", { name: `Rated ${best} out of 5` }),
    ).toBeVisible();
    await slot.getByLabel("Sort by").selectOption("year");
    const latest = Math.max(...films.map((f) => f.year));
    await expect(slot.getByRole("article").first().getByRole("heading")).toContainText(`(${latest})`);
    await expect(slot.getByRole("article")).toHaveCount(FILMS_PAGE_SIZE);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("year");
    // A shared address opens the same view.
    await page.reload();
    const again = await expectRemoteScreen(page, "remote_blog", "SeenFilmsPage");
    await expect(again.getByLabel("Sort by")).toHaveValue("year");
    await expect(again.getByRole("article").first().getByRole("heading")).toContainText(`(${latest})`);
  });

  test("updates live and keeps XSS payloads inert", async ({ page }) => {
    const slot = await openFilms(page);
    await expect(slot.getByRole("article").first()).toBeVisible();
    const noReload = await markNoReload(page);
    const id = `e2e-xss-${Date.now()}`;
    try {
      await db.set(`films/${id}`, {
        title: `Film ${XSS}`,
        year: 2024,
        directors: [XSS],
        countries: ["<i>Nowhere</i>"],
        minutes: 90,
        rating: 3.5,
        synopsis: XSS,
        watchedOn: "2099-12-31",
        rev: 1,
        updatedAt: Date.now(),
      });
      await expect(slot.getByRole("article").first().getByRole("heading")).toContainText("Film <img src=x");
      await expectInert(page);
      await expect(slot.locator("i")).toHaveCount(0);
    } finally {
      await db.remove(`films/${id}`);
    }
    await expect(slot.getByRole("article").first().getByRole("heading")).not.toContainText("Film <img src=x");
    await noReload();
  });

  test("a film added in the admin panel changes the numbers on an open films page, live", async ({ page, browser }) => {
    const saved = { films: await db.get("films"), filmStats: await db.get("filmStats"), filmTallies: await db.get("filmTallies") };
    const films = Object.values((saved.films ?? {}) as Record<string, Film>);
    const added: Film = {
      title: `Numbers ${Date.now().toString(36)}`,
      year: 1895,
      directors: ["Louis Lumière"],
      minutes: 1,
      rating: 0.5,
      watchedOn: "2020-01-01",
    };
    const before = expectedNumbers(films);
    const after = expectedNumbers([...films, added]);
    const visitorContext = await browser.newContext();
    try {
      const visitor = await visitorContext.newPage();
      const slot = await openFilms(visitor);
      const noReload = await markNoReload(visitor);
      const stats = slot.getByRole("region", { name: "In numbers" });
      await expect(stats.locator('[data-stat="count"]')).toHaveText(String(before.count));
      await expect(stats.locator('[data-stat="decades"]')).not.toContainText("1890s");

      await openAdminScreen(page, "configure-films", "ConfigureFilms");
      await fillNewFilm(page, {
        title: added.title,
        year: added.year,
        directors: "Louis Lumière",
        minutes: added.minutes,
        rating: String(added.rating),
        watchedOn: added.watchedOn,
      });
      await addAndWait(page, "film");

      await expect(stats.locator('[data-stat="count"]')).toHaveText(String(after.count));
      await expect(stats.locator('[data-stat="average"]')).toHaveText(after.average);
      await expect(stats.locator('[data-stat="decades"]')).toContainText(/^1890s:\s1\s· /);
      // The tallies followed too: the new director is counted once.
      const tallies = Object.values(((await db.get("filmTallies/directors")) ?? {}) as Record<string, { name: string; count: number }>);
      expect(tallies.filter((t) => t.name === "Louis Lumière")).toEqual([{ name: "Louis Lumière", count: 1 }]);
      await expect(slot.getByText(`of ${after.count} films`)).toBeVisible();
      await noReload();
      // The record agrees with a recount of the stored films.
      const stored = Object.values(((await db.get("films")) ?? {}) as Record<string, Film>);
      expect(await db.get("filmStats")).toMatchObject({ count: stored.length, decades: { "1890s": 1 } });
    } finally {
      await visitorContext.close();
      await db.set("films", saved.films);
      await db.set("filmStats", saved.filmStats);
      await db.set("filmTallies", saved.filmTallies);
    }
  });
});
