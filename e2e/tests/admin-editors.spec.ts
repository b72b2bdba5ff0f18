// For every editor, a change saved in the admin panel appears on the matching public
// page that is open in a second browser context, without a reload. Also the form behaviour
// every editor shares: messages next to the field before any write, the named delete
// confirmation, the unsaved-changes question, and the refusal to overwrite a newer change.
import type { Browser, Page } from "@playwright/test";
import { addAndWait, db, expect, expectRemoteScreen, fillNewFilm, fillNewQuote, markNoReload, openAdminScreen, test, keepContent, unique } from "../fixtures";

const CONTENT_NODES = ["site", "experience", "skills", "projects", "recommendations", "quotes", "films", "filmStats", "filmTallies", "blog"];
keepContent(...CONTENT_NODES);

/** A visitor's page in its own browser context (not signed in), checked later for no reload. */
async function openPublic(browser: Browser, path: string, remote: string, module: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expectRemoteScreen(page, remote, module);
  const noReload = await markNoReload(page);
  /** Checks that the page was never reloaded, then closes it. */
  const closeUnreloaded = async () => {
    await noReload();
    await context.close();
  };
  return { page, closeUnreloaded };
}

async function saveAndWait(page: Page, name: string | RegExp = /^(Save|Save changes)$/) {
  await page.getByRole("button", { name }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

test("about: a new headline and bio appear on the home page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-about", "ConfigureAbout");
  const headline = unique("Builds calm software");
  await page.getByLabel("Headline").fill(headline);
  await page.getByLabel("Bio (markdown)").fill(`Hello from **${headline}**.`);
  // The live preview renders the markdown as the public page does.
  await expect(page.getByTestId("markdown-preview").locator("strong")).toHaveText(headline);
  await saveAndWait(page);
  await expect(visitor.page.getByText(headline).first()).toBeVisible();
  await expect(visitor.page.locator("strong", { hasText: headline })).toBeVisible();
  await visitor.closeUnreloaded();
});

test("get in touch: a new email appears on the home page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-get-in-touch", "ConfigureGetInTouch");
  const email = `hello-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add link" }).click();
  const n = await page.getByLabel(/^Link \d+ label/).count();
  await page.getByLabel(`Link ${n} label`).fill("Codeberg");
  await page.getByLabel(`Link ${n} URL`).fill("https://codeberg.org/e2e");
  await saveAndWait(page);
  await expect(visitor.page.getByText(email).first()).toBeVisible();
  await expect(visitor.page.getByRole("link", { name: /Codeberg/ })).toBeVisible();
  await visitor.closeUnreloaded();
});

test("experience: an added entry with a project appears on the home page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-experience", "ConfigureExperience");
  const company = unique("Acme Rockets");
  await page.getByRole("button", { name: "Add experience entry" }).click();
  await page.getByLabel("Role").fill("Principal Engineer");
  await page.getByLabel("Company", { exact: false }).first().fill(company);
  await page.getByLabel("Start month").fill("2024-03");
  await page.getByLabel("I work here now (no end month)").check();
  await page.getByRole("button", { name: "Add project" }).click();
  await page.getByLabel("Project 1 name").fill("Launch dashboard");
  await page.getByLabel("Project 1 technologies").fill("React, WebGL");
  await addAndWait(page, "experience entry");
  await expect(visitor.page.getByText(company).first()).toBeVisible();
  await expect(visitor.page.getByText("Launch dashboard").first()).toBeVisible();
  await visitor.closeUnreloaded();
});

test("skills: renaming a skill shows on the home page without reload; reorder saves", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-skills", "ConfigureSkills");
  const name = unique("Skill");
  await page.getByRole("button", { name: "Edit “TypeScript”" }).click();
  await page.getByRole("textbox", { name: /^Skill/ }).fill(name);
  await saveAndWait(page, "Save changes");
  await expect(visitor.page.getByText(name)).toBeVisible();
  await page.getByRole("button", { name: "Back to the list" }).click();
  await page.getByRole("button", { name: `Move down "${name}"` }).click();
  await expect(page.getByText("New order saved.")).toBeVisible();
  await visitor.closeUnreloaded();
});

test("free-time projects: an added project appears on the home page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-free-time-projects", "ConfigureFreeTimeProjects");
  const title = unique("Tide tables");
  await page.getByRole("button", { name: "Add project" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Month").fill("2025-06");
  await page.getByLabel("Summary (markdown)").fill("A tiny app that shows **tides**.");
  await page.getByLabel("Source code URL").fill("https://github.com/example/tides");
  await addAndWait(page, "project");
  await expect(visitor.page.getByText(title)).toBeVisible();
  await visitor.closeUnreloaded();
});

test("recommendations: an edited published recommendation changes on the home page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/", "remote_home", "HomePage");
  await openAdminScreen(page, "configure-recommendations", "ConfigureRecommendations");
  const text = unique("Maya is the engineer I would hire again tomorrow, without a second thought.");
  // The home page shows the first ones; edit the first in the list.
  await page.getByRole("list", { name: "recommendations" }).getByRole("button", { name: /^Edit/ }).first().click();
  await page.getByRole("textbox", { name: /^Recommendation/ }).fill(text);
  await saveAndWait(page, "Save changes");
  await expect(visitor.page.getByText(text)).toBeVisible();
  await visitor.closeUnreloaded();
});

test("quotes: an added quote appears on the quotes page without reload, and search finds it", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/favorite-quotes", "remote_blog", "FavoriteQuotesPage");
  await openAdminScreen(page, "write-quote", "WriteQuote");
  const text = unique("Simplicity is a prerequisite for reliability");
  await fillNewQuote(page, { text, author: "Edsger W. Dijkstra", year: 1975 });
  await addAndWait(page, "quote");
  await expect(visitor.page.getByText(text)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search quotes" }).fill(text.split(" ").pop() ?? "");
  await expect(page.getByRole("status").filter({ hasText: /^1 of \d+ match$/ })).toBeVisible();
  await visitor.closeUnreloaded();
});

test("films: an added film with a half-step rating appears on the films page without reload", async ({ page, browser }) => {
  const visitor = await openPublic(browser, "/list-of-seen-films", "remote_blog", "SeenFilmsPage");
  await openAdminScreen(page, "configure-films", "ConfigureFilms");
  const title = unique("The Long Take");
  await fillNewFilm(page, { title, year: 2019, directors: "Ana Director, Bo Second", countries: "Sweden", minutes: 104, rating: "4.5" });
  await addAndWait(page, "film");
  await expect(visitor.page.getByText(title)).toBeVisible();
  // Search and paging in the admin list.
  await page.getByRole("searchbox", { name: "Search films" }).fill(title);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("4.5 of 5 stars");
  await page.getByRole("searchbox", { name: "Search films" }).fill("");
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await visitor.closeUnreloaded();
});

test("validation shows messages next to the fields and writes nothing", async ({ page }) => {
  await openAdminScreen(page, "configure-films", "ConfigureFilms");
  await page.getByRole("button", { name: "Add film" }).click();
  await page.getByLabel("Poster URL").fill("javascript:alert(1)");
  const before = JSON.stringify(await db.get("films"));
  await page.getByRole("button", { name: "Add film" }).click();
  const title = page.getByLabel("Title");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toBeFocused();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("An image URL must start with https:// or be a path on this site, like /images/photo.jpg")).toBeVisible();
  await expect(page.getByText("Name at least one director")).toBeVisible();
  expect(JSON.stringify(await db.get("films"))).toBe(before);
});

test("a nameless project inside an experience entry is named on its own field, never as a list problem", async ({ page }) => {
  await openAdminScreen(page, "configure-experience", "ConfigureExperience");
  await page.getByRole("button", { name: "Add experience entry" }).click();
  await page.getByLabel("Role").fill("Staff Engineer");
  await page.getByLabel("Company", { exact: false }).first().fill(unique("Nameless Co"));
  await page.getByLabel("Start month").fill("2023-01");
  await page.getByLabel("I work here now (no end month)").check();
  await page.getByRole("button", { name: "Add project" }).click();
  const before = JSON.stringify(await db.get("experience"));
  await page.getByRole("button", { name: "Add experience entry" }).click();
  const name = page.getByLabel("Project 1 name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Project name is required");
  await expect(page.getByText("must be a list")).toHaveCount(0);
  expect(JSON.stringify(await db.get("experience"))).toBe(before);
  await name.fill("Named at last");
  await addAndWait(page, "experience entry");
});

test("delete asks for confirmation naming the item; Cancel keeps it", async ({ page }) => {
  await openAdminScreen(page, "write-quote", "WriteQuote");
  const first = page.getByRole("list", { name: "quotes" }).getByRole("listitem").first();
  const button = first.getByRole("button", { name: /^Delete/ });
  const name = ((await button.getAttribute("aria-label")) ?? "").replace(/^Delete “(.*)”$/, "$1");
  expect(name.length).toBeGreaterThan(3);
  await button.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this quote?" });
  await expect(dialog).toContainText(`Delete the quote “${name}”?`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("list", { name: "quotes" }).getByRole("button", { name: `Delete “${name}”` })).toHaveCount(1);
});

test("leaving a form with unsaved changes asks first", async ({ page }) => {
  await openAdminScreen(page, "configure-about", "ConfigureAbout");
  await page.getByLabel("Headline").fill(unique("Unsaved headline"));
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Skills" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL("/admin-panel/configure-about");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Skills" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard and leave" }).click();
  await expect(page).toHaveURL("/admin-panel/configure-skills");
});

test("a save based on an old version is refused and the input is kept", async ({ page, context }) => {
  await openAdminScreen(page, "configure-about", "ConfigureAbout");
  const other = await context.newPage();
  await other.goto("/admin-panel/configure-about");
  await expectRemoteScreen(other, "remote_admin", "ConfigureAbout");
  // Both tabs have loaded the same version; the second tab saves first.
  const mine = unique("Mine");
  await page.getByLabel("Headline").fill(mine);
  await other.getByLabel("Headline").fill(unique("Theirs"));
  await saveAndWait(other);
  await expect(page.getByText("was changed elsewhere while you were editing")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved: someone changed this item elsewhere" }).first()).toBeVisible();
  await expect(page.getByLabel("Headline")).toHaveValue(mine);
  expect(((await db.get("site/about")) as { headline: string }).headline).not.toBe(mine);
  await other.close();
});
