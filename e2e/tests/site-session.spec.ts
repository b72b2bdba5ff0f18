// Signed out again automatically when the account is disabled. The SDK finds
// out at its background token refresh (5 minutes before the 1-hour expiry); the page clock is
// moved forward to get there, and the guarded screen must land on /login?redirect=...
import { DEMO_ADMIN, expect, expectRemoteScreen, fillLogin, stackState, test, createAccount } from "../fixtures";

test("an account disabled while signed in is signed out at the next token refresh and sent to login", async ({ page, request }) => {
  const { authUrl } = await stackState();
  const { email, password, uid: localId } = await createAccount(request, "disabled");

  await page.clock.install();
  await page.goto("/login?redirect=%2Fadmin-panel%2Fconfigure-about%3Fx%3D1");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL("/admin-panel/configure-about?x=1");
  // Signed in but not an admin: the guard let them in, the admin layout explains.
  await expect(page.getByRole("heading", { name: "This account is not an admin" })).toBeVisible();

  const disable = await request.post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/demo-portfolio/accounts:update`, {
    headers: { Authorization: "Bearer owner" },
    data: { localId, disableUser: true },
  });
  expect(disable.ok()).toBe(true);

  await page.clock.fastForward("56:00");
  await expect(page).toHaveURL("/login?redirect=%2Fadmin-panel%2Fconfigure-about%3Fx%3D1", { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  // And the account cannot sign in again, with a plain message.
  await fillLogin(page, email, password);
  await expect(page.getByRole("alert")).toHaveText("This account has been disabled.");
});

test("the admin stays signed in across a background token refresh", async ({ page }) => {
  await page.clock.install();
  await page.goto("/login?redirect=%2Fadmin-panel");
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL("/admin-panel");
  await expectRemoteScreen(page, "remote_admin", "AdminOverview");
  const refreshed = page.waitForRequest((r) => r.url().includes("securetoken.googleapis.com/v1/token"));
  await page.clock.fastForward("56:00");
  await refreshed;
  await expect(page).toHaveURL("/admin-panel");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectRemoteScreen(page, "remote_admin", "AdminOverview");
});
