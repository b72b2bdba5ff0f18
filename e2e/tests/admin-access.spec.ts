// Who may do what: a signed-in account that is not listed under admins/ sees the
// plain explanation and no editor, and a write through the Firebase SDK with that account's
// credentials is denied by the rules (the screens are not the only guard).
import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectDatabaseEmulator, getDatabase, ref, set, update } from "firebase/database";
import { db, expect, fillLogin, signInAsAdmin, stackState, test, createAccount } from "../fixtures";

test("a signed-in non-admin sees the explanation and no editor", async ({ page, request }) => {
  const reader = await createAccount(request, "reader");
  await page.goto("/login?redirect=%2Fadmin-panel");
  await fillLogin(page, reader.email, reader.password);
  for (const path of ["/admin-panel", "/admin-panel/write-blog", "/admin-panel/configure-about"]) {
    if (path !== "/admin-panel") await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { name: "This account is not an admin" })).toBeVisible();
    await expect(page.getByRole("main").getByText(reader.email)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeVisible();
    await expect(page.locator('[data-remote="remote_admin"]')).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Save|Publish|Add)/ })).toHaveCount(0);
  }
});

test("a direct SDK write by a signed-in non-admin is denied", async ({ request }) => {
  const reader = await createAccount(request, "reader");
  const { authUrl, databaseUrl } = await stackState();
  const before = await db.get("site/about");
  const app = initializeApp(
    { apiKey: "demo-api-key", projectId: "demo-portfolio", appId: "demo-app", databaseURL: `${databaseUrl}/?ns=demo-portfolio-default-rtdb` },
    `reader-${Date.now()}`,
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, authUrl, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, reader.email, reader.password);
    const database = getDatabase(app);
    const url = new URL(databaseUrl);
    connectDatabaseEmulator(database, url.hostname, Number(url.port));
    await expect(set(ref(database, "site/about/headline"), "Hijacked")).rejects.toThrow(/permission/i);
    await expect(update(ref(database), { "quotes/evil": { text: "x", author: "y", rev: 1, updatedAt: 1 } })).rejects.toThrow(/permission/i);
    await expect(set(ref(database, `admins/${auth.currentUser!.uid}`), true)).rejects.toThrow(/permission/i);
  } finally {
    await deleteApp(app);
  }
  expect(await db.get("site/about")).toEqual(before);
  expect(await db.get("quotes/evil")).toBeNull();
});

test("the admin area is one navigation: the data tool is in the sidebar, and the brand leads back to the overview", async ({ page }) => {
  await signInAsAdmin(page, "/admin-panel/write-quote");
  const sidebar = page.getByRole("navigation", { name: "Admin sections" });
  await expect(sidebar.getByRole("link", { name: "Quotes" })).toHaveAttribute("aria-current", "page");
  await sidebar.getByRole("link", { name: "Data import and export" }).click();
  await expect(page).toHaveURL("/create-realtime-data");
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Data import and export" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("link", { name: "Admin panel" }).click();
  await expect(page).toHaveURL("/admin-panel");
});
