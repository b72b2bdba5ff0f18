// The owner's mail tools on the composed build and the local stack, read through the local mail
// server's inbox API (maildev): "Send a test email to me" from the post editor (to the admin only,
// as the post would go out, limited), each post's recipients with their status and time, and a CSV
// import that sends confirmation emails only when asked.
import type { Page } from "@playwright/test";
import { clearInbox, mailsTo, readInbox } from "dev-tools/mail-server";
import { DEMO_ADMIN, db, draftPost, expect, inbox, keepContent, mailsFor, signInAsAdmin, stackState, test } from "../fixtures";

keepContent("blog", "subscribers", "mail");

const draftOf = (title: string, tags: string[]) => draftPost(title, { tags, bodyHtml: `<p>The body of ${title}.</p>` });

/** The post editor's email panel (a section under its heading). */
const emailPanel = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Email to subscribers" }) });

test("the post editor sends a test email to the admin only, as the post would go out; the button waits, and a second at once is refused in words", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const slug = `test-mail-${stamp}`;
  const title = `Test mail ${stamp}`;
  await clearInbox(await inbox());
  await db.update("", {
    [`blog/drafts/${slug}`]: draftOf(title, ["notes"]),
    [`subscribers/AAAAAAAAAAAAAAAAAAAAAA`]: { email: `reader-${stamp}@example.com`, status: "confirmed", createdAt: 1, confirmedAt: 1, source: "import" },
  });
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  const panel = emailPanel(page);
  // The choice is saved at once; the radio shows what the database holds.
  await panel.getByRole("radio", { name: "the whole post" }).click();
  await expect(panel.getByRole("radio", { name: "the whole post" })).toBeChecked();

  // Held for a moment, so the button's waiting state can be seen.
  await page.route("**/__mail/test", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await panel.getByRole("button", { name: "Send a test email to me" }).click();
  await expect(panel.getByRole("button", { name: "Sending the test email…" })).toBeDisabled();
  await expect(panel.getByRole("status").filter({ hasText: `Sent to ${DEMO_ADMIN.email}.` })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Send a test email to me" })).toBeEnabled();
  await panel.screenshot({ path: test.info().outputPath("post-mail-panel.png") });

  const [mail] = (await mailsFor(DEMO_ADMIN.email, 1)).filter((m) => m.subject === `[Test] ${title}`);
  expect(mail?.html).toContain(`<p>The body of ${title}.</p>`);
  expect(mail?.text).toContain(`/blogs/${slug}`);
  expect(mailsTo(await readInbox(await inbox()), `reader-${stamp}@example.com`)).toEqual([]);

  await panel.getByRole("button", { name: "Send a test email to me" }).click();
  await expect(panel.getByRole("alert")).toHaveText(/Test emails are limited: please wait \d+ seconds? before sending another\./);
});

test("each sent post lists its recipients with status and time, in the editor and on Subscribers; a removed subscriber shows as gone", async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const slug = `recipients-${stamp}`;
  const [first, second] = [`first-${stamp}@example.com`, `second-${stamp}@example.com`];
  await db.set("subscribers", null);
  await signInAsAdmin(page, "/admin-panel/subscribers");
  await page.getByLabel(/Import CSV/).setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(`email\n${first}\n${second}\n`) });
  await page.getByRole("button", { name: "Import 2" }).click();
  await expect(page.getByText("2 confirmed, 0 pending.")).toBeVisible();

  // Published by the scheduler; the mail job sends it to both.
  await db.update("", {
    [`blog/drafts/${slug}`]: draftOf(`Recipients ${stamp}`, ["notes"]),
    [`blog/schedule/${slug}`]: { publishAt: Date.now() - 1000, rev: 1 },
  });
  await mailsFor(first, 1);
  await mailsFor(second, 1);

  const toggle = page.getByRole("button", { name: `Show the recipients of ${slug}` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: `Hide the recipients of ${slug}` })).toHaveAttribute("aria-expanded", "true");
  const table = page.getByRole("table", { name: new RegExp(`^Recipients of ${slug}: 2`) });
  await expect(table.getByRole("row")).toHaveCount(3);
  for (const address of [first, second]) await expect(table.getByRole("row", { name: new RegExp(`${address} sent`) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("subscribers-recipients.png"), fullPage: true });

  await page.getByRole("button", { name: `Remove ${first}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(table.getByRole("row", { name: /No longer subscribed sent/ })).toBeVisible();

  await page.goto(`/admin-panel/write-blog?edit=${slug}`);
  const panel = emailPanel(page);
  const inEditor = panel.getByRole("table", { name: /^Recipients of this post: 2/ });
  await expect(inEditor.getByRole("row", { name: new RegExp(`${second} sent`) })).toBeVisible();
  await expect(inEditor.getByRole("columnheader")).toHaveText(["Address", "Status", "Time"]);
  await panel.screenshot({ path: test.info().outputPath("post-mail-recipients.png") });
});

test("a CSV import sends confirmation emails only when asked: the addresses are then pending until they confirm", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const [first, second] = [`confirm-a-${stamp}@example.com`, `confirm-b-${stamp}@example.com`];
  await db.set("subscribers", null);
  await clearInbox(await inbox());
  await signInAsAdmin(page, "/admin-panel/subscribers");
  const option = page.getByRole("checkbox", { name: "Send a confirmation email to each imported address" });
  await expect(option).not.toBeChecked();
  await option.check();
  await page.getByLabel(/Import CSV/).setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(`email\n${first}\n${second}\n`) });
  await expect(page.getByRole("status").filter({ hasText: "2 address(es) to import, each to be sent a confirmation email." })).toBeVisible();
  await page.getByRole("button", { name: "Import 2" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Imported 2 new subscribers as pending and sent each a confirmation email. They get posts once they confirm." }),
  ).toBeVisible();
  await expect(page.getByText("0 confirmed, 2 pending.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("subscribers-import.png"), fullPage: true });

  const [confirmation] = await mailsFor(first, 1);
  expect(confirmation?.subject).toMatch(/^Confirm your subscription to /);
  await mailsFor(second, 1);
  const link = (confirmation?.text ?? "").match(/https?:\/\/\S+\/subscribe\/confirm\?t=[A-Za-z0-9_.-]+/)?.[0] ?? "";
  const { siteUrl } = await stackState();
  expect((await request.get(link.replace(siteUrl, ""))).status()).toBe(200);
  await expect(page.getByText("1 confirmed, 1 pending.")).toBeVisible();
});
