// The admin's account screen. Password change under the policy (checklist, mismatch,
// wrong current password), sign out, sign in with the new password, old one refused, changed
// back; a server policy with uppercase and symbols; the error messages; email change.
//
// The Auth emulator cannot serve a password policy: it stores a passwordPolicyConfig sent to
// its updateConfig endpoint, but GET /v2/passwordPolicy answers 501 and only the minimum length
// 6 is enforced. The local stack's Auth front (dev-tools/src/auth-front.ts) answers that request
// with the local policy (12 characters with lowercase, uppercase and a number) and refuses a
// password that misses it, as the real service does; another policy is served to the browser by
// intercepting the same request on its way to the front.
import type { Page, Route } from "@playwright/test";
import { DEMO_ADMIN, a11yCheck, expect, expectRemoteScreen, fillLogin, setTheme, signInAsAdmin, stackState, test } from "../fixtures";

const NEW_PASSWORD = "Fresh-Start-2026!";

/** Puts the demo admin back (password and email) through the emulator's admin REST API. */
async function restoreAdmin(): Promise<void> {
  const { authUrl, admin } = await stackState();
  const res = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/demo-portfolio/accounts:update`, {
    method: "POST",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify({ localId: admin.uid, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`restoring the admin failed: HTTP ${res.status} ${await res.text()}`);
}

// A failed test must not leave the shared stack with another password or email.
test.afterEach(restoreAdmin);

async function openAccount(page: Page) {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL("/admin-panel/account");
  return expectRemoteScreen(page, "remote_admin", "Account");
}

function passwordForm(page: Page) {
  return page.getByRole("form", { name: "Change password" });
}

async function requirement(page: Page, label: string) {
  return passwordForm(page).getByRole("listitem").filter({ hasText: label });
}

test("opening Account and checking a new password logs no console error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const policyAnswers: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/v2/passwordPolicy")) policyAnswers.push(response.status());
  });
  await openAccount(page);
  const form = passwordForm(page);
  await form.getByLabel(/^New password/).fill("abc");
  await expect(await requirement(page, "At least 12 characters")).toContainText("(not met)");
  await expect(await requirement(page, "An uppercase letter")).toContainText("(not met)");
  await form.getByLabel(/^New password/).fill("Long enough 2026");
  await expect(await requirement(page, "At least 12 characters")).toContainText("(met)");
  await expect(await requirement(page, "An uppercase letter")).toContainText("(met)");
  expect(errors).toEqual([]);
  expect(policyAnswers).toContain(200);
  // The checklist comes from the policy the sign-in service reported, not the fallback note.
  await expect(form.getByText("did not report its password policy", { exact: false })).toHaveCount(0);
});

test("account details: email, creation and last sign-in times", async ({ page }) => {
  const slot = await openAccount(page);
  await expect(slot.getByTestId("account-email")).toHaveText(DEMO_ADMIN.email);
  await expect(slot.getByTestId("account-created").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(slot.getByTestId("account-last-sign-in").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
});

test("the admin changes the password, signs in with the new one, the old one fails, and changes it back", async ({ page }) => {
  await openAccount(page);
  const form = passwordForm(page);
  const save = form.getByRole("button", { name: "Change password" });

  // Weak under the local policy (12 characters, lowercase, uppercase, a number).
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await form.getByLabel(/^New password/).fill("abcdefgh");
  await expect(await requirement(page, "At least 12 characters")).toContainText("(not met)");
  await form.getByLabel("Confirm new password").fill("abcdefgh");
  await expect(save).toBeDisabled();

  // Long enough, but the confirmation differs.
  await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await expect(await requirement(page, "At least 12 characters")).toContainText("(met)");
  await form.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
  await expect(form.getByText("The two new passwords do not match.")).toBeVisible();
  await expect(save).toBeDisabled();

  // Wrong current password: explained, and everything typed is kept.
  await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await form.getByLabel("Current password").fill("not-my-password");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form.getByRole("alert").filter({ hasText: "The current password is not correct" })).toBeVisible();
  await expect(form.getByLabel("Confirm new password")).toHaveValue(NEW_PASSWORD);
  await expect(form.getByLabel("Current password")).toHaveValue("not-my-password");

  // Right current password: changed.
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await save.click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("admin-account-changed.png"), fullPage: true });

  // Sign out from the account screen.
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);

  // The old password fails, the new one works.
  await page.goto("/login?redirect=%2Fadmin-panel%2Faccount");
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin-panel/account");
  await expectRemoteScreen(page, "remote_admin", "Account");

  // And back to the demo password, through the screen.
  await form.getByLabel("Current password").fill(NEW_PASSWORD);
  await form.getByLabel(/^New password/).fill(DEMO_ADMIN.password);
  await form.getByLabel("Confirm new password").fill(DEMO_ADMIN.password);
  await save.click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();
});

test("keyboard only: change the password; another browser signed in as the admin loses its session and lands on /login?redirect=...", async ({
  page,
  browser,
}) => {
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInAsAdmin(other, "/admin-panel/configure-films?sort=year");

  await openAccount(page);
  await passwordForm(page).getByLabel("Current password").focus();
  await page.keyboard.type(DEMO_ADMIN.password);
  await page.keyboard.press("Tab");
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press("Tab");
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your password was changed.")).toBeVisible();

  // The change revoked the other browser's tokens: its next check with the Auth service (here a
  // reload; otherwise the hourly token refresh) signs it out, and the guard sends it to login.
  await other.reload();
  await expect(other).toHaveURL("/login?redirect=%2Fadmin-panel%2Fconfigure-films%3Fsort%3Dyear");
  // This browser keeps its session.
  await page.reload();
  await expectRemoteScreen(page, "remote_admin", "Account");
  await elsewhere.close();
});

const STRICT_POLICY = {
  customStrengthOptions: {
    minPasswordLength: 10,
    maxPasswordLength: 40,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
    containsNonAlphanumericCharacter: true,
  },
  allowedNonAlphanumericCharacters: ["!", "@", "#", "$", "%", "^", "&", "*", "-"],
  enforcementState: "ENFORCE",
  schemaVersion: 1,
};

async function servePolicy(page: Page, policy: () => object): Promise<string[]> {
  const asked: string[] = [];
  await page.route("**/v2/passwordPolicy*", async (route: Route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(policy()) });
  });
  return asked;
}

test("a server policy with uppercase and symbols: every requirement is listed as met or not", async ({ page }) => {
  await servePolicy(page, () => STRICT_POLICY);
  await openAccount(page);
  const form = passwordForm(page);
  const save = form.getByRole("button", { name: "Change password" });
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  const next = form.getByLabel(/^New password/);

  await next.fill("password1");
  const items = form.getByRole("list", { name: "Password requirements" }).getByRole("listitem");
  await expect(items).toHaveText([
    /At least 10 characters \(not met\)/,
    /At most 40 characters \(met\)/,
    /A lowercase letter \(a-z\) \(met\)/,
    /An uppercase letter \(A-Z\) \(not met\)/,
    /A number \(0-9\) \(met\)/,
    /A symbol such as ! @ # \$ % \^ \(not met\)/,
  ]);
  await form.getByLabel("Confirm new password").fill("password1");
  await expect(save).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("admin-account-policy.png"), fullPage: true });

  await next.fill("Password-2026");
  await form.getByLabel("Confirm new password").fill("Password-2026");
  await expect(items.filter({ hasText: "(not met)" })).toHaveCount(0);
  await expect(save).toBeEnabled();
});

test("password-does-not-meet-requirements fetches the policy again and refreshes the checklist", async ({ page }) => {
  let policy: object = STRICT_POLICY;
  const asked = await servePolicy(page, () => policy);
  await openAccount(page);
  const form = passwordForm(page);
  // The server's policy changed after the page cached it: now 16 characters.
  await page.route("**/accounts:update*", async (route) => {
    policy = { ...STRICT_POLICY, customStrengthOptions: { ...STRICT_POLICY.customStrengthOptions, minPasswordLength: 16 } };
    await route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: 400, message: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 16 characters]" },
      }),
    });
  });
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await form.getByLabel(/^New password/).fill("Password-2026");
  await form.getByLabel("Confirm new password").fill("Password-2026");
  const before = asked.length;
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "does not meet the password policy" })).toBeVisible();
  await expect(form.getByRole("listitem").filter({ hasText: "At least 16 characters" })).toContainText("(not met)");
  expect(asked.length).toBeGreaterThan(before);
  await expect(form.getByRole("button", { name: "Change password" })).toBeDisabled();
  await expect(form.getByLabel(/^New password/)).toHaveValue("Password-2026");
});

test("too many requests and a network failure each get their own message", async ({ page }) => {
  await openAccount(page);
  const form = passwordForm(page);
  const save = form.getByRole("button", { name: "Change password" });
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);

  await page.route("**/accounts:signInWithPassword*", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ error: { code: 400, message: "TOO_MANY_ATTEMPTS_TRY_LATER" } }) }),
  );
  await save.click();
  await expect(form.getByRole("alert").filter({ hasText: "Too many attempts" })).toBeVisible();

  await page.unroute("**/accounts:signInWithPassword*");
  await page.route("**/accounts:signInWithPassword*", (route) => route.abort("internetdisconnected"));
  await save.click();
  await expect(form.getByRole("alert").filter({ hasText: "Could not reach the sign-in service" })).toBeVisible();
  await expect(form.getByLabel("Confirm new password")).toHaveValue(NEW_PASSWORD);
});

test("change email: an address in use is explained; a free one is applied and shown", async ({ page, request }) => {
  const { authUrl } = await stackState();
  const taken = `taken-${Date.now()}@example.com`;
  const created = await request.post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email: taken, password: "Someone-Else-2026", returnSecureToken: true },
  });
  expect(created.ok()).toBe(true);

  const slot = await openAccount(page);
  const form = page.getByRole("form", { name: "Change email" });
  await form.getByLabel("New email address").fill("not-an-email");
  await form.getByLabel("New email address").blur();
  await expect(form.getByText("That is not a valid email address.", { exact: false })).toBeVisible();

  await form.getByLabel("New email address").fill(taken);
  await form.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await form.getByRole("button", { name: "Change email" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "Another account already uses that email address" })).toBeVisible();

  const fresh = `admin-${Date.now()}@example.com`;
  await form.getByLabel("New email address").fill(fresh);
  await form.getByRole("button", { name: "Change email" }).click();
  await expect(form.getByText(`Your sign-in email is now ${fresh}.`)).toBeVisible();
  await expect(slot.getByTestId("account-email")).toHaveText(fresh);
  // afterEach puts admin@example.com back.
});

/** axe on this screen only (the shell's header and nav are checked by the shell's specs). */
async function expectScreenAccessible(page: Page): Promise<void> {
  const result = await a11yCheck(page).include('[data-remote="remote_admin"][data-module="Account"]').analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("axe: the account screen in both themes", async ({ page }) => {
  await openAccount(page);
  await passwordForm(page)
    .getByLabel(/^New password/)
    .fill("abc");
  await passwordForm(page).getByLabel("Confirm new password").fill("abd");
  await setTheme(page, "light");
  await expectScreenAccessible(page);
  await setTheme(page, "dark");
  await expectScreenAccessible(page);
  await page.screenshot({ path: test.info().outputPath("admin-account-dark.png"), fullPage: true });
  // 360 px wide: nothing of the screen sticks out sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  const slot = page.locator('[data-remote="remote_admin"][data-module="Account"]');
  expect(await slot.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath("admin-account-360.png"), fullPage: true });
});

test("the local stack enforces its policy: a weak password is refused by the sign-in service itself, with its reason", async ({ request }) => {
  const { authUrl } = await stackState();
  const weak = await request.post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email: `weak-${Date.now()}@example.com`, password: "password", returnSecureToken: true },
  });
  expect(weak.status()).toBe(400);
  expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
    /^PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: \[Password must contain at least 12 characters/,
  );
});
