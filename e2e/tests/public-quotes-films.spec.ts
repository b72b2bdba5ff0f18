// Issue 4, favourite quotes and seen films: search, the optional quote id (highlight, scroll,
// unknown id), copy link; films in windows (never all at once), search, sort, stats; live
// updates; inert XSS payloads.
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, markNoReload, test } from "../fixtures";

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
const WINDOW = 50; // shared-content FILMS_PAGE_SIZE

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
  test("lists every quote and searches by text or author", async ({ page }) => {
    const quotes = ((await db.get("quotes")) ?? {}) as Record<string, Rec>;
    const count = Object.keys(quotes).length;
    expect(count, "demo seed: quotes").toBeGreaterThanOrEqual(60);
    const slot = await openQuotes(page);
    await expect(slot.getByRole("figure")).toHaveCount(count);
    const [, sample] = Object.entries(quotes)[0]!;
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
    const words = String(sample.text).split(/\s+/).slice(0, 4).join(" ");
    await slot.getByLabel("Search quotes by text or author").fill(words);
    await expect(
      slot
        .getByRole("figure")
        .filter({ hasText: String(sample.text) })
        .first(),
    ).toBeVisible();
  });

  test("an id highlights and scrolls to its quote; copy link gives its address", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const quotes = ((await db.get("quotes")) ?? {}) as Record<string, Rec>;
    // The last one in display order (author, then text) is far down the page.
    const [id] = Object.entries(quotes).sort(
      ([, a], [, b]) => String(b.author).localeCompare(String(a.author)) || String(b.text).localeCompare(String(a.text)),
    )[0]!;
    const slot = await openQuotes(page, `/favorite-quotes/${id}`);
    const quote = slot.locator(`#quote-${id}`);
    await expect(quote).toHaveAttribute("aria-current", "true");
    await expect(quote).toBeInViewport();
    await expect(slot.locator("[aria-current=true]")).toHaveCount(1);
    await quote.getByRole("button", { name: "Copy link" }).click();
    await expect(quote.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/favorite-quotes/${id}`, page.url()).href);
  });

  test("an unknown id says so and still lists every quote", async ({ page }) => {
    const count = Object.keys(((await db.get("quotes")) ?? {}) as Rec).length;
    const slot = await openQuotes(page, "/favorite-quotes/no-such-quote");
    await expect(slot.getByRole("alert")).toContainText("“no-such-quote” was not found");
    await expect(slot.getByRole("figure")).toHaveCount(count);
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
  test("loads the first window newest first, more on scroll, and stats of every film", async ({ page }) => {
    const films = Object.values(((await db.get("films")) ?? {}) as Record<string, Film>);
    expect(films.length, "demo seed: films").toBeGreaterThanOrEqual(300);
    const slot = await openFilms(page);
    const cards = slot.getByRole("article");
    await expect(cards).toHaveCount(WINDOW);
    const newest = [...films].sort((a, b) => b.watchedOn.localeCompare(a.watchedOn) || a.title.localeCompare(b.title))[0]!;
    await expect(cards.first().getByRole("heading")).toContainText(newest.title);

    const stats = slot.getByRole("region", { name: "In numbers" });
    await expect(stats.locator('[data-stat="count"]')).toHaveText(String(films.length));
    const avg = films.reduce((s, f) => s + f.rating, 0) / films.length;
    await expect(stats.locator('[data-stat="average"]')).toHaveText(`${avg.toFixed(1)} / 5`);
    const counts = new Map<string, number>();
    for (const f of films) for (const d of Object.values(f.directors)) counts.set(d, (counts.get(d) ?? 0) + 1);
    const top = Math.max(...counts.values());
    await expect(stats.getByRole("heading", { name: "Top directors" }).locator("xpath=following-sibling::ol/li[1]")).toContainText(String(top));

    // The next window arrives when the end of the list scrolls into view.
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(2 * WINDOW, films.length));
    await slot.getByRole("button", { name: "Show more films" }).click();
    await expect(cards).toHaveCount(Math.min(3 * WINDOW, films.length));
  });

  test("searches by title or director and sorts by rating and year", async ({ page }) => {
    const films = Object.values(((await db.get("films")) ?? {}) as Record<string, Film>);
    const director = Object.values(films[0]!.directors)[0]!;
    const byDirector = films.filter(
      (f) => Object.values(f.directors).some((d) => d.toLowerCase().includes(director.toLowerCase())) || f.title.toLowerCase().includes(director.toLowerCase()),
    );
    const slot = await openFilms(page);
    await expect(slot.getByRole("article")).toHaveCount(WINDOW);
    await slot.getByLabel("Search by title or director").fill(director);
    await expect(slot.getByText(`${byDirector.length} of ${films.length} films match`)).toBeVisible();
    await expect(slot.getByRole("article")).toHaveCount(byDirector.length);
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
    await expect(slot.getByRole("article")).toHaveCount(WINDOW);
  });

  test("updates live and keeps XSS payloads inert", async ({ page }) => {
    const slot = await openFilms(page);
    await expect(slot.getByRole("article").first()).toBeVisible();
    const noReload = await markNoReload(page);
    const count = Number(await slot.locator('[data-stat="count"]').textContent());
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
      await expect(slot.locator('[data-stat="count"]')).toHaveText(String(count + 1));
      await expectInert(page);
      await expect(slot.locator("i")).toHaveCount(0);
    } finally {
      await db.remove(`films/${id}`);
    }
    await expect(slot.locator('[data-stat="count"]')).toHaveText(String(count));
    await noReload();
  });
});
