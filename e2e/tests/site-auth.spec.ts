// The guard, the login page and its redirect validation, reload while signed in,
// sign-out, a session lost while on a guarded screen, and a forgotten password reset through
// the Auth emulator's out-of-band code under the local password policy.
import { DEMO_ADMIN, expect, expectNoSeriousA11yViolations, expectRemoteScreen, fillLogin, signInAsAdmin, stackState, test, createAccount } from "../fixtures";

/** The newest password reset code the Auth emulator holds for `email` (it sends no email; `npm start` prints the link). */
async function resetCodeFor(email: string): Promise<string | undefined> {
  const { authUrl } = await stackState();
  const answer = await fetch(`${authUrl}/emulator/v1/projects/demo-portfolio/oobCodes`);
  const { oobCodes = [] } = (await answer.json()) as { oobCodes?: { email: string; oobCode: string; requestType: string }[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET").at(-1)?.oobCode;
}

test("a forgotten password: the reset email's code sets a new one under the policy; the link then cannot be used again", async ({ page, request }) => {
  const account = await createAccount(request, "forgetful");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const form = page.getByRole("form", { name: "Reset your password" });
  await expect(form.getByLabel("Email")).toHaveValue(account.email);
  await form.getByRole("button", { name: "Send the reset link" }).click();
  const sent = page.getByRole("status").filter({ hasText: `If an account exists for ${account.email}` });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("This is the local stack: no email is sent.");
  await page.screenshot({ path: "/tmp/owner-forgot-390.png", fullPage: true });
  await expect.poll(() => resetCodeFor(account.email)).toBeTruthy();
  const code = (await resetCodeFor(account.email))!;

  // A damaged link is explained, with a way to ask for a new one.
  await page.goto("/reset-password?mode=resetPassword&oobCode=not-a-code");
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("it was used already, a newer link replaced it, or it was copied incompletely");
  await expect(page.getByRole("form", { name: "Reset your password" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`For ${account.email}.`)).toBeVisible();
  const next = page.getByLabel("New password", { exact: true });
  await next.fill("weakpassword");
  const requirements = page.getByRole("list", { name: "Password requirements" }).getByRole("listitem");
  await expect(requirements.filter({ hasText: "An uppercase letter" })).toContainText("(not met)");
  await expect(requirements.filter({ hasText: "A number" })).toContainText("(not met)");
  await page.getByLabel("New password again").fill("weakpassword");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "does not meet every requirement" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/owner-reset-1280.png", fullPage: true });

  const chosen = "Remembered-Now-2026";
  await next.fill(chosen);
  await expect(requirements.filter({ hasText: "(not met)" })).toHaveCount(0);
  await page.getByLabel("New password again").fill(chosen);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeFocused();
  await page.getByRole("link", { name: "Sign in with it" }).click();
  await expect(page).toHaveURL("/login");
  await fillLogin(page, account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await page.getByLabel("Password", { exact: true }).fill(chosen);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "This account is not an admin" })).toBeVisible();

  // The same link again: used.
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
});

test("signed out, a guarded deep link goes to /login with the full path; signing in returns there", async ({ page }) => {
  await page.goto("/admin-panel/configure-skills?tab=2");
  await expect(page).toHaveURL("/login?redirect=%2Fadmin-panel%2Fconfigure-skills%3Ftab%3D2");
  await expect(page).toHaveTitle(/Sign in/);
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL("/admin-panel/configure-skills?tab=2");
  await expectRemoteScreen(page, "remote_admin", "ConfigureSkills");
});

test("a wrong password shows its message in an alert, focused, and the button is usable again", async ({ page }) => {
  await page.goto("/login");
  await fillLogin(page, DEMO_ADMIN.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  // Focus moves to the message (the button was disabled while busy, which would drop it to the body).
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page).toHaveURL("/login");
});

test("the Sign in button is disabled while signing in", async ({ page }) => {
  await page.goto("/login");
  // Hold the Auth emulator's answer so the in-between state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/accounts:signInWithPassword*", async (route) => {
    await held;
    await route.continue();
  });
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("button", { name: /Signing in/ })).toBeDisabled();
  release();
  await expect(page).toHaveURL("/admin-panel");
});

for (const redirect of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
  test(`redirect=${redirect} ends on /admin-panel`, async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
    await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL("/admin-panel");
    await expectRemoteScreen(page, "remote_admin", "AdminOverview");
  });
}

test("a signed-in visitor who opens /login is sent on", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/login?redirect=%2Fadmin-panel%2Fwrite-quote");
  await expect(page).toHaveURL("/admin-panel/write-quote");
  await page.goto("/login?redirect=%2F%2Fevil.example");
  await expect(page).toHaveURL("/admin-panel");
});

test("a reload on a guarded page while signed in stays there", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel/write-blog?draft=1");
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  await page.reload();
  await expectRemoteScreen(page, "remote_admin", "WriteBlog");
  await expect(page).toHaveURL("/admin-panel/write-blog?draft=1");
  expect(seen.filter((p) => p === "/login")).toEqual([]);
});

test("Sign out returns to / and the admin panel is guarded again", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/admin-panel");
  await expect(page).toHaveURL("/login?redirect=%2Fadmin-panel");
});

test("losing the session on a guarded screen (signed out in another tab) goes to /login?redirect=...", async ({ page, context }) => {
  await signInAsAdmin(page, "/admin-panel/configure-films?sort=year");
  const other = await context.newPage();
  await other.goto("/admin-panel");
  await other.getByRole("button", { name: "Sign out" }).click();
  await expect(other).toHaveURL("/");
  await expect(page).toHaveURL("/login?redirect=%2Fadmin-panel%2Fconfigure-films%3Fsort%3Dyear");
});

test("a signed-in account that is not an admin gets a plain explanation and Sign out", async ({ page, request }) => {
  const { email, password } = await createAccount(request, "visitor");
  await page.goto("/login?redirect=%2Fadmin-panel%2Fconfigure-about");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL("/admin-panel/configure-about");
  await expect(page.getByRole("heading", { name: "This account is not an admin" })).toBeVisible();
  await expect(page.locator('[data-remote="remote_admin"]')).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
});
