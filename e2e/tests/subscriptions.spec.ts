// Email subscriptions on the composed build and the local stack, read through the local mail
// server's inbox API (maildev): subscribe from the blog (without JavaScript and with it), confirm
// from the mail, publish with the Publish button and by the scheduler, and count what arrives per
// subscriber; the one-click unsubscribe POST of RFC 8058 stops the next post. The job's crash,
// pacing and concurrency cases are in renderer/tests/mail-job.test.ts.
import { clearInbox, mailsTo, readInbox, type InboxMail } from "dev-tools/mail-server";
import { db, draftPost, expect, inbox, keepContent, mailsFor, signInAsAdmin, stackState, test } from "../fixtures";

keepContent("blog", "subscribers", "mail");

const draftOf = (title: string, tags: string[]) => draftPost(title, { tags, body: `## ${title}\n\nThe body of ${title}.` });

const linkFrom = (mail: InboxMail, path: string) => {
  const found = (mail.text ?? "").match(new RegExp(`https?://[^\\s]+${path}\\?t=[A-Za-z0-9_.-]+`));
  if (!found) throw new Error(`no ${path} link in ${mail.subject}`);
  return found[0];
};

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("subscribes from the blog list, bad input gets a field message, the mail's link confirms", async ({ page }) => {
    const address = `nojs-${Date.now().toString(36)}@example.com`;
    await page.goto("/blogs/list");
    const form = page.getByRole("region", { name: "New posts by email" });
    await form.getByLabel("Email").fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Enter an email address like name@example.com.")).toBeVisible();
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    const [confirmation] = await mailsFor(address, 1);
    await page.goto(linkFrom(confirmation!, "/subscribe/confirm"));
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  });
});

test("subscribe with a tag filter, confirm, publish (button and scheduler): one mail each with both parts and the unsubscribe headers; one-click unsubscribe stops the next", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const all = `all-${stamp}@example.com`;
  const tagged = `films-${stamp}@example.com`;
  await clearInbox(await inbox());

  // With JavaScript, from the end of a post; the same address twice gets the same answer.
  const { siteUrl } = await stackState();
  const first = Object.keys(((await db.get("blog/index")) ?? {}) as object)[0];
  for (const [address, tags] of [
    [all, ""],
    [all, ""],
    [tagged, "films"],
  ] as const) {
    await page.goto(`/blogs/${first}`);
    const form = page.getByRole("region", { name: "New posts by email" });
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Only posts tagged (optional)").fill(tags);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toHaveText(/Check your inbox/);
  }
  for (const address of [all, tagged]) {
    const [confirmation] = await mailsFor(address, 1);
    const res = await request.get(linkFrom(confirmation!, "/subscribe/confirm").replace(siteUrl, ""));
    expect(res.status()).toBe(200);
  }

  // The Publish button.
  const slug = `mailed-${stamp}`;
  await db.set(`blog/drafts/${slug}`, draftOf(`Mailed ${stamp}`, ["notes"]));
  await signInAsAdmin(page, `/admin-panel/write-blog?edit=${slug}`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  const posts = (await mailsFor(all, 3)).filter((m) => m.subject === `Mailed ${stamp}`);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.text).toContain(`/blogs/${slug}`);
  expect(posts[0]!.html).toContain(`Summary of Mailed ${stamp}.`);
  expect(posts[0]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(posts[0]!.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(unsubscribe).toContain("/unsubscribe?t=");

  // The scheduler: a post tagged films reaches both subscribers, once.
  const scheduled = `scheduled-mail-${stamp}`;
  await db.update("", {
    [`blog/drafts/${scheduled}`]: draftOf(`Films ${stamp}`, ["films"]),
    [`blog/schedule/${scheduled}`]: { publishAt: Date.now() - 1000, rev: 1 },
  });
  await mailsFor(tagged, 2);
  expect(mailsTo(await readInbox(await inbox()), tagged).map((m) => m.subject)).toEqual([expect.stringContaining("Confirm"), `Films ${stamp}`]);

  // One click (RFC 8058) unsubscribes; the next post reaches only the other subscriber.
  const oneClick = await request.post(unsubscribe.replace(siteUrl, ""), { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  const next = `after-${stamp}`;
  await db.update("", { [`blog/drafts/${next}`]: draftOf(`After ${stamp}`, ["films"]), [`blog/schedule/${next}`]: { publishAt: Date.now() - 1000, rev: 1 } });
  await mailsFor(tagged, 3);
  await page.waitForTimeout(3000);
  const everything = await readInbox(await inbox());
  const subjects = (address: string) => mailsTo(everything, address).map((m) => m.subject);
  expect(subjects(all).filter((s) => s.includes(stamp))).toEqual([`Mailed ${stamp}`, `Films ${stamp}`]);
  expect(subjects(tagged).filter((s) => s.includes(stamp))).toEqual([`Films ${stamp}`, `After ${stamp}`]);
});
