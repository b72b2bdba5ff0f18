// A save made while the database server is down: the editor says it is waiting (not "Saved",
// whatever the SDK shows locally), guards the tab, and says "Saved" only once the restarted
// server has stored it. Two tabs saving the same record: one lands, the other is refused. A
// create lands once. A tab closed while its save waits loses nothing: reopening the editor
// offers what the save was sending (kept in this browser), and saving it lands once.
import type { Page } from "@playwright/test";
import { db, expect, expectRemoteScreen, fillNewFilm, fillNewQuote, openAdminScreen, setDatabaseRunning, signInAsAdmin, test, unique } from "../fixtures";

const PENDING = /^Not confirmed yet: waiting for the database/;

/** Stops the database, then presses the form's `button`: the editor says the save is waiting. */
async function addWhileDown(page: Page, button: string) {
  await setDatabaseRunning(false);
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
}

let saved: Record<string, unknown>;
test.beforeEach(async () => {
  saved = {
    "site/about": await db.get("site/about"),
    quotes: await db.get("quotes"),
    films: await db.get("films"),
    filmStats: await db.get("filmStats"),
    filmTallies: await db.get("filmTallies"),
    blog: await db.get("blog"),
  };
});
test.afterEach(async () => {
  await setDatabaseRunning(true);
  for (const [path, value] of Object.entries(saved)) {
    if (value === null) await db.remove(path);
    else await db.set(path, value);
  }
});

const beforeUnloadPrevented = (page: Page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test("two tabs save the about section while the database is down: Saved only once stored, the other refused", async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAdminScreen(page, "configure-about", "ConfigureAbout");
  const other = await context.newPage();
  await other.goto("/admin-panel/configure-about");
  await expectRemoteScreen(other, "remote_admin", "ConfigureAbout");
  const headlines = new Map([
    [page, unique("Mine")],
    [other, unique("Theirs")],
  ]);
  for (const [tab, headline] of headlines) await tab.getByLabel("Headline").fill(headline);

  await setDatabaseRunning(false);
  for (const tab of headlines.keys()) await tab.getByRole("button", { name: "Save", exact: true }).click();
  for (const tab of headlines.keys()) {
    await expect(tab.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
    await expect(tab.getByRole("status").filter({ hasText: /^Saved$/ })).toHaveCount(0);
    expect(await beforeUnloadPrevented(tab)).toBe(true);
  }

  await setDatabaseRunning(true);
  const outcome = async (tab: Page) => {
    if (
      await tab
        .getByRole("status")
        .filter({ hasText: /^Saved$/ })
        .isVisible()
    )
      return "saved";
    if (await tab.getByRole("alert").filter({ hasText: "Not saved: someone changed this item elsewhere" }).first().isVisible()) return "refused";
    return "waiting";
  };
  await expect.poll(async () => [await outcome(page), await outcome(other)].sort().join(","), { timeout: 60_000 }).toBe("refused,saved");
  const winner = (await outcome(page)) === "saved" ? page : other;
  const loser = winner === page ? other : page;
  const stored = (await db.get("site/about")) as { headline: string };
  expect(stored.headline).toBe(headlines.get(winner));
  // The refused tab keeps its text, and can leave only by choice.
  await expect(loser.getByLabel("Headline")).toHaveValue(headlines.get(loser) ?? "");
  expect(await beforeUnloadPrevented(winner)).toBe(false);
  await other.close();
});

test("a quote added while the database is down is added once, when it is back", async ({ page }) => {
  test.setTimeout(120_000);
  await openAdminScreen(page, "write-quote", "WriteQuote");
  const text = unique("Make it work, then make it right");
  await fillNewQuote(page, { text, author: "Kent Beck" });

  await addWhileDown(page, "Add quote");
  // No second attempt while the first may still land.
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();

  await setDatabaseRunning(true);
  await expect(page.getByText("Added the quote.")).toBeVisible({ timeout: 60_000 });
  const quotes = Object.values(((await db.get("quotes")) ?? {}) as Record<string, { text: string }>);
  expect(quotes.filter((q) => q.text === text)).toHaveLength(1);
});

test("a film added while the database is down is added once with its numbers, when it is back", async ({ page }) => {
  test.setTimeout(120_000);
  await openAdminScreen(page, "configure-films", "ConfigureFilms");
  // The screen shows the films page's count once the statistics are read (and cached for a save).
  const before = (await db.get("filmStats/count")) as number;
  await expect(page.getByText(`The films page counts ${before} in its numbers.`)).toBeVisible();
  const title = unique("Offline Take");
  await fillNewFilm(page, { title, year: 2001, directors: "Offline Director", minutes: 99, rating: "3" });

  await addWhileDown(page, "Add film");

  await setDatabaseRunning(true);
  await expect(page.getByText("Added the film.")).toBeVisible({ timeout: 60_000 });
  const films = Object.values(((await db.get("films")) ?? {}) as Record<string, { title: string }>);
  expect(films.filter((f) => f.title === title)).toHaveLength(1);
  expect(await db.get("filmStats/count")).toBe(before + 1);
  expect(films).toHaveLength(before + 1);
});

test("a quote added while the database is down, its tab then closed, is offered back and added once", async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAdminScreen(page, "write-quote", "WriteQuote");
  const text = unique("Nothing is lost when the tab closes");
  await fillNewQuote(page, { text, author: "An owner" });
  await addWhileDown(page, "Add quote");
  await page.close({ runBeforeUnload: false }); // closed anyway (or crashed): the SDK's queued write dies with it
  await setDatabaseRunning(true);

  const again = await context.newPage();
  await again.goto("/admin-panel/write-quote");
  await expectRemoteScreen(again, "remote_admin", "WriteQuote");
  const notice = again.getByRole("alert").filter({ hasText: "This browser kept a save that the database never confirmed" });
  await expect(notice).toContainText("the new quote");
  await again.screenshot({ path: "/tmp/owner-kept-save-list.png" });
  await notice.getByRole("button", { name: "Restore the new quote" }).click();
  await expect(again.getByRole("textbox", { name: /^Quote/ })).toHaveValue(text);
  await expect(again.getByLabel("Author")).toHaveValue("An owner");
  await again.getByRole("button", { name: "Add quote" }).click();
  await expect(again.getByText("Added the quote.")).toBeVisible({ timeout: 60_000 });
  const quotes = Object.values(((await db.get("quotes")) ?? {}) as Record<string, { text: string }>);
  expect(quotes.filter((q) => q.text === text)).toHaveLength(1);
  // Confirmed: nothing is offered any more.
  await again.reload();
  await expectRemoteScreen(again, "remote_admin", "WriteQuote");
  await expect(again.getByText("the database never confirmed")).toHaveCount(0);
});

test("a post line saved within a moment of typing, offline, its tab then closed, is offered back and saved once", async ({ page, context }) => {
  test.setTimeout(120_000);
  const index = (await db.get("blog/index")) as Record<string, unknown>;
  const slug = Object.keys(index)[0]!;
  const before = (await db.get(`blog/posts/${slug}`)) as { body: string; rev: number };
  const line = unique("A line typed just before Save");
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  const body = page.getByRole("textbox", { name: /^Body/ });
  await expect(body).toHaveValue(before.body);
  await setDatabaseRunning(false);
  await body.fill(`${before.body}\n\n${line}`);
  // Saved at once, well within the autosave's pause in typing.
  await page.getByRole("button", { name: /^(Save changes|Save draft)$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
  await page.close({ runBeforeUnload: false });
  await setDatabaseRunning(true);

  const again = await context.newPage();
  await again.goto(`/admin-panel/write-blog?edit=${slug}`);
  await expectRemoteScreen(again, "remote_admin", "WriteBlog");
  await expect(again.getByText("This browser kept changes to this post that were not saved")).toBeVisible();
  await again.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(again.getByRole("textbox", { name: /^Body/ })).toHaveValue(`${before.body}\n\n${line}`);
  await again.getByRole("button", { name: /^(Save changes|Save draft)$/ }).click();
  await expect(again.getByRole("status").filter({ hasText: /^Saved/ })).toBeVisible({ timeout: 60_000 });
  const after = (await db.get(`blog/posts/${slug}`)) as { body: string; rev: number };
  expect(after.body).toContain(line);
  expect(after.rev).toBe(before.rev + 1);
});
