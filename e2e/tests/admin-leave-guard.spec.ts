// The unsaved-changes guard also covers browser Back: the shell's data router lets the admin
// remote use react-router's useBlocker, which holds a history (POP) navigation and asks first.
import { expect, expectNoSeriousA11yViolations, expectRemoteScreen, signInAsAdmin, test } from "../fixtures";

test("browser Back with unsaved changes asks first; Stay keeps the input, Discard leaves", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel");
  await expectRemoteScreen(page, "remote_admin", "AdminOverview");
  // Reach the editor in-app, so Back is a history move inside the app (not to the login page).
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL("/admin-panel/configure-about");
  await expectRemoteScreen(page, "remote_admin", "ConfigureAbout");
  const headline = page.getByLabel("Headline");
  await expect(headline).toBeEditable();
  const typed = `Unsaved on Back ${Date.now().toString(36)}`;
  await headline.fill(typed);

  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await page.goBack({ waitUntil: "commit" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL("/admin-panel/configure-about");
  await expect(headline).toHaveValue(typed);

  await page.goBack({ waitUntil: "commit" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Discard and leave" }).click();
  await expect(page).toHaveURL("/admin-panel");
  await expectRemoteScreen(page, "remote_admin", "AdminOverview");
});

// The account screen has two forms (password, email); the router honours one blocker
// only, so each form's own guard left the password form unguarded. One guard serves them all.
test("the account screen asks before Back discards a new password", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel");
  await expectRemoteScreen(page, "remote_admin", "AdminOverview");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL("/admin-panel/account");
  const slot = await expectRemoteScreen(page, "remote_admin", "Account");
  const password = slot.getByRole("form", { name: "Change password" }).getByLabel(/^New password/);
  await password.fill("Unsaved-pass1!");

  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await page.goBack({ waitUntil: "commit" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("the passwords you typed");
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL("/admin-panel/account");
  await expect(password).toHaveValue("Unsaved-pass1!");

  await page.goBack({ waitUntil: "commit" });
  await dialog.getByRole("button", { name: "Discard and leave" }).click();
  await expect(page).toHaveURL("/admin-panel");
});
