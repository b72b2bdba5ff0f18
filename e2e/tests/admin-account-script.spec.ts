// The admin account command `npm run admin-account` (scripts/admin-account.ts, documented in
// docs/admin-account.md) run against the running emulators: it creates a second admin who can
// then use the admin-only data tool, and resets a password.
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { db, expect, expectRemoteScreen, fillLogin, NAMESPACE, stackState, test } from "../fixtures";

const run = promisify(execFile);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function adminScript(args: string[], env: Record<string, string> = {}) {
  const { authUrl, databaseUrl } = await stackState();
  return run(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "scripts", "admin-account.ts"), ...args, "--auth-url", authUrl, "--database-url", `${databaseUrl}/?ns=${NAMESPACE}`],
    { env: { ...process.env, ...env }, cwd: repoRoot },
  );
}

test("creates another admin who can use the data tool, and resets a password", async ({ page }) => {
  const email = `second-admin-${Date.now()}@example.com`;
  const created = await adminScript([], { ADMIN_EMAIL: email, ADMIN_PASSWORD: "second-admin-pw" });
  const uid = /\(uid ([^)]+)\)/.exec(created.stdout)?.[1];
  expect(created.stdout).toContain(`Created ${email}`);
  expect(uid).toBeTruthy();
  expect(await db.get(`admins/${uid}`)).toBe(true);

  try {
    await page.goto("/login?redirect=%2Fcreate-realtime-data");
    await fillLogin(page, email, "second-admin-pw");
    await expect(page).toHaveURL("/create-realtime-data");
    const slot = await expectRemoteScreen(page, "remote_admin", "CreateRealtimeData");
    await expect(slot.getByRole("button", { name: "Export all content" })).toBeVisible();

    // Running it again resets the password of the existing account.
    const again = await adminScript(["reset-password", "--email", email, "--password", "another-pw-2"]);
    expect(again.stdout).toContain(`Password of ${email} (uid ${uid}) reset`);
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.goto("/login");
    await fillLogin(page, email, "second-admin-pw");
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await page.getByLabel("Password").fill("another-pw-2");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/admin-panel");
  } finally {
    await db.remove(`admins/${uid}`);
  }
});

test("refuses a password shorter than 6 characters and an unknown command", async () => {
  await expect(adminScript([], { ADMIN_EMAIL: "x@example.com", ADMIN_PASSWORD: "12345" })).rejects.toMatchObject({
    stderr: expect.stringContaining("at least 6 characters"),
  });
  await expect(adminScript(["delete-everything"])).rejects.toMatchObject({ stderr: expect.stringContaining('unknown command "delete-everything"') });
});
