// What an owner meets in the first week: near-duplicate skill categories are refused
// with the existing spelling offered; the import preview names records and shows what
// changes, and refuses a file that is not an export; an image address that does not load
// is previewed with a warning that does not block saving; the admin navigation shows the
// number of pending recommendations, live.
import type { Page } from "@playwright/test";
import { db, expect, expectNoSeriousA11yViolations, expectRemoteScreen, signInAsAdmin, test, keepContent } from "../fixtures";

keepContent("site", "skills", "recommendationSubmissions");

async function open(page: Page, path: string, module: string) {
  await signInAsAdmin(page, path);
  return expectRemoteScreen(page, "remote_admin", module);
}

test("a skill category typed in another case is refused, with the existing spelling offered", async ({ page }) => {
  await open(page, "/admin-panel/configure-skills?edit=new", "ConfigureSkills");
  const name = `Zig ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: /^Skill/ }).fill(name);
  const category = page.getByRole("combobox", { name: /^Category/ });
  await category.fill("languages");
  await page.getByRole("button", { name: "Add skill" }).click();
  await expect(category).toHaveAttribute("aria-invalid", "true");
  await expect(category).toHaveAccessibleDescription(/A category “Languages” already exists — use it\./);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/wt-a-skill-category.png", fullPage: true });
  await page.getByRole("button", { name: "Use “Languages”" }).click();
  await expect(category).toHaveValue("Languages");
  await page.getByRole("button", { name: "Add skill" }).click();
  await expect(page.getByText("Added the skill.")).toBeVisible();
  const skills = Object.values((await db.get("skills")) as Record<string, { name: string; category: string }>);
  expect(skills.find((s) => s.name === name)?.category).toBe("Languages");
});

test("the import preview names records and shows changed fields; a file that is not an export is refused as such", async ({ page }) => {
  await open(page, "/create-realtime-data", "CreateRealtimeData");
  const file = page.getByLabel("JSON file");
  await file.setInputFiles({ name: "package.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ name: "x", version: "1.0.0" })) });
  const refusal = page.getByRole("alert").filter({ hasText: "not an export of this site" });
  await expect(refusal).toContainText("package.json: This file is not an export of this site");
  await expect(file).toHaveAccessibleDescription(/not an export of this site/);
  await expect(page.getByText(/invalid record/)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/wt-a-import-refused.png", fullPage: true });

  const skills = (await db.get("skills")) as Record<string, Record<string, unknown>>;
  const [id, first] = Object.entries(skills)[0] as [string, { name: string; category: string }];
  const edited = { skills: { ...skills, [id]: { ...first, name: `${first.name} 2` }, "e2e-new": { name: "Elixir", category: "Languages", order: 99 } } };
  await file.setInputFiles({ name: "skills.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(edited)) });
  const changed = page.getByRole("list", { name: "Changed" });
  await expect(changed.getByText(`${first.name} 2 (${first.category})`)).toBeVisible();
  await expect(changed.getByRole("list", { name: `Changes to ${first.name} 2 (${first.category})` })).toHaveText(`name: ${first.name} → ${first.name} 2`);
  await expect(page.getByRole("list", { name: "Added" }).getByText("Elixir (Languages)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("region", { name: "What the import would do" }).screenshot({ path: "/tmp/wt-a-import-preview.png" });
  await page.getByRole("button", { name: "Cancel" }).click();
});

test("an image address that does not load is previewed with a warning, and the form still saves", async ({ page }) => {
  await open(page, "/admin-panel/configure-about", "ConfigureAbout");
  const avatar = page.getByRole("textbox", { name: /^Avatar URL/ });
  await expect(page.getByRole("img", { name: "Preview of the avatar URL" })).toBeVisible();
  await expect(avatar).not.toHaveAccessibleDescription(/could not be loaded/);
  await avatar.fill("/images/no-such-avatar.png");
  await expect(page.getByText("This image could not be loaded; check the address.")).toBeVisible();
  await expect(avatar).toHaveAccessibleDescription(/This image could not be loaded; check the address\./);
  await expect(avatar).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/wt-a-image-warning.png", fullPage: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  expect(await db.get("site/about/avatarUrl")).toBe("/images/no-such-avatar.png");
});

test("the admin navigation shows the number of pending recommendations, live", async ({ page }) => {
  const pending = Object.keys(((await db.get("recommendationSubmissions")) as Record<string, unknown> | null) ?? {}).length;
  await open(page, "/admin-panel/write-quote", "WriteQuote");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  const link = nav.getByRole("link", { name: /^Recommendations/ });
  await expect(link).toHaveAccessibleName(pending > 0 ? `Recommendations ${pending} pending` : "Recommendations");
  await db.push("recommendationSubmissions", {
    fullName: "Nina Navigation",
    role: "Designer",
    relationship: "Worked together",
    text: "Nina says the admin panel tells her what waits.",
    createdAt: Date.now(),
  });
  await expect(link).toHaveAccessibleName(`Recommendations ${pending + 1} pending`);
  await expectNoSeriousA11yViolations(page);
  await nav.screenshot({ path: "/tmp/wt-a-pending-nav.png" });
  // The overview counts the same queue.
  await link.click();
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("link", { name: new RegExp(`^${pending + 1}\\s*Pending recommendations`) })).toBeVisible();
});
