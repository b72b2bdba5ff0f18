// The guard, the login page and its redirect validation, reload while signed in,
// sign-out, and a session lost while on a guarded screen.
import { DEMO_ADMIN, expect, expectRemoteScreen, fillLogin, signInAsAdmin, test, createAccount } from "../fixtures";

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
