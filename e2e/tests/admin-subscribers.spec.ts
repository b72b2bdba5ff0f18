// Admin -> Subscribers on the composed build: the counts, search, removing after a confirmation,
// and a CSV import that sends no mail (the local inbox stays empty for those addresses).
import { mailsTo, readInbox } from "dev-tools/mail-server";
import { db, expect, inbox, keepContent, openAdminScreen, test } from "../fixtures";

keepContent("subscribers");

test("lists subscribers with counts, searches, removes after asking, imports a CSV without mailing anyone", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await db.set("subscribers", null);
  await openAdminScreen(page, "subscribers", "Subscribers");
  await expect(page.getByText("No subscribers yet.")).toBeVisible();

  await page.getByLabel(/Import CSV/).setInputFiles({
    name: "list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,tags\nfirst-${stamp}@example.com,films\nsecond-${stamp}@example.com,\nnot-an-address,\n`),
  });
  await expect(page.getByRole("status").filter({ hasText: "2 address(es) to import; skipped: line 4 (not an email address: not-an-address)" })).toBeVisible();
  await page.getByRole("button", { name: "Import 2" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 2 new subscribers as confirmed; no mail was sent." })).toBeVisible();
  await expect(page.getByText("2 confirmed, 0 pending.")).toBeVisible();

  await page.getByLabel("Search subscribers").fill(`first-${stamp}`);
  const list = page.getByRole("list", { name: "Subscribers" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("button", { name: `Remove first-${stamp}@example.com` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`first-${stamp}@example.com will get no more posts`);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Removed first-${stamp}@example.com.` })).toBeVisible();
  await expect(page.getByText("1 confirmed, 0 pending.")).toBeVisible();

  const mails = await readInbox(await inbox());
  expect([...mailsTo(mails, `first-${stamp}@example.com`), ...mailsTo(mails, `second-${stamp}@example.com`)]).toEqual([]);
});
