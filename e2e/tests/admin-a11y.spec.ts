// Axe on every admin screen (lists, new and existing records, account, data tool), in
// both themes, signed in as the demo admin. Fails on serious or critical violations, "label in
// name" included (the move up/down buttons).
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, openAdminScreen, setTheme, signInAsAdmin, test } from "../fixtures";

// Records of this spec's own, so the editors show their repeated parts (projects with their
// move buttons, links) whatever other specs did to the demo content.
const EXPERIENCE = {
  company: "Axe Check Ltd",
  role: "Accessibility engineer",
  start: "2021-03",
  projects: [
    { name: "Audit", description: "Every screen checked.", technologies: ["axe-core"] },
    { name: "Fixes", technologies: ["React"] },
  ],
  order: 99,
  rev: 1,
  updatedAt: 1772355600000,
};
const RECOMMENDATION = {
  fullName: "Ada Axe",
  role: "Tester",
  relationship: "Checked every screen",
  text: "Every control says what it shows, and every screen reads well with a screen reader.",
  links: [{ label: "Profile", url: "https://example.com/ada" }],
  date: "2025-01-01",
  order: 99,
  rev: 1,
  updatedAt: 1772355600000,
};

const SCREENS: { path: string; module: string; ready?: string }[] = [
  { path: "/admin-panel", module: "AdminOverview" },
  { path: "/admin-panel/configure-about", module: "ConfigureAbout", ready: "Headline" },
  { path: "/admin-panel/configure-experience", module: "ConfigureExperience" },
  { path: "/admin-panel/configure-experience?edit=new", module: "ConfigureExperience", ready: "Role" },
  { path: "/admin-panel/configure-experience?edit=a11y-experience", module: "ConfigureExperience", ready: "Project 2 name" },
  { path: "/admin-panel/configure-recommendations", module: "ConfigureRecommendations" },
  { path: "/admin-panel/configure-recommendations?edit=new", module: "ConfigureRecommendations", ready: "Full name" },
  { path: "/admin-panel/configure-recommendations?edit=a11y-recommendation", module: "ConfigureRecommendations", ready: "Link 1 URL" },
  { path: "/admin-panel/configure-skills", module: "ConfigureSkills" },
  { path: "/admin-panel/configure-skills?edit=new", module: "ConfigureSkills", ready: "Category" },
  { path: "/admin-panel/configure-free-time-projects", module: "ConfigureFreeTimeProjects" },
  { path: "/admin-panel/configure-free-time-projects?edit=new", module: "ConfigureFreeTimeProjects", ready: "Title" },
  { path: "/admin-panel/configure-get-in-touch", module: "ConfigureGetInTouch", ready: "Email" },
  { path: "/admin-panel/write-blog", module: "WriteBlog" },
  { path: "/admin-panel/write-blog?edit=new", module: "WriteBlog", ready: "Slug" },
  { path: "/admin-panel/write-quote", module: "WriteQuote" },
  { path: "/admin-panel/write-quote?edit=new", module: "WriteQuote", ready: "Author" },
  { path: "/admin-panel/configure-films", module: "ConfigureFilms" },
  { path: "/admin-panel/configure-films?edit=new", module: "ConfigureFilms", ready: "Directors" },
  { path: "/admin-panel/account", module: "Account", ready: "Confirm new password" },
  { path: "/create-realtime-data", module: "CreateRealtimeData", ready: "JSON file" },
];

// Every screen in the light theme; in the dark theme the screens that together use every
// admin building block (lists, forms, markdown editor, moderation queue, counts), to keep the run short.
const DARK = new Set([
  "/admin-panel",
  "/admin-panel/configure-recommendations",
  "/admin-panel/configure-experience?edit=a11y-experience",
  "/admin-panel/write-blog",
  "/admin-panel/write-blog?edit=new",
  "/admin-panel/configure-films?edit=new",
  "/admin-panel/configure-skills",
]);

for (const theme of ["light", "dark"] as const) {
  test(`axe: ${theme === "light" ? "every admin screen" : "the admin building blocks"} in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000);
    await db.set("experience/a11y-experience", EXPERIENCE);
    await db.set("recommendations/a11y-recommendation", RECOMMENDATION);
    await signInAsAdmin(page);
    await setTheme(page, theme);
    for (const screen of SCREENS.filter((s) => theme === "light" || DARK.has(s.path))) {
      await page.goto(screen.path);
      const slot = await expectRemoteScreen(page, "remote_admin", screen.module);
      await expect(slot.getByRole("heading", { level: 1 })).toBeVisible();
      if (screen.ready) await expect(slot.getByLabel(screen.ready).first()).toBeVisible();
      else await expect(slot.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test("a post can be written and saved with the keyboard alone", async ({ page }) => {
  await openAdminScreen(page, "write-quote?edit=new", "WriteQuote");
  await page.getByRole("textbox", { name: /^Quote/ }).focus();
  await page.keyboard.type("Keyboard only quote");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Kay Board");
  // Tab to the submit button and press Enter; an invalid field would keep the form open.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (name === "Add quote") break;
  }
  await page.keyboard.press("Enter");
  await expect(page.getByText("Added the quote.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search quotes" }).fill("Keyboard only quote");
  const item = page.getByRole("list", { name: "quotes" }).getByRole("listitem").first();
  await item.getByRole("button", { name: /^Delete/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toContainText("Keyboard only quote");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^Deleted the quote/)).toBeVisible();
});
