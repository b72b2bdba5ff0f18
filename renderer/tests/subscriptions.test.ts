// Subscribing, confirming and unsubscribing through the renderer's endpoints, against the real
// servers: the local database enforcing the project's rules (the endpoints write as the mailer uid
// through the Admin SDK) and the local mail server, whose inbox the test reads over its HTTP API.
import { clearInbox, mailsTo, readInbox, type InboxMail } from "dev-tools/mail-server";
import { subscriberId } from "shared-content/mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signLink } from "../src/mail/tokens";
import { rest as restAt, SITE, startMailSite, type MailSite } from "./local-servers";

const SECRET = "subscriptions-test-secret";

let stack: MailSite;

const site = (path: string) => stack.url(path);
const rest = (path: string, as: "owner" | "visitor" = "owner") => restAt(stack.database, path, { as });
const waitForMails = (address: string, count: number) => stack.waitForMails(address, count);

/** The form's POST as a browser without JavaScript sends it (or as JSON, as the script does). */
function signup(fields: Record<string, string>, { client = "198.51.100.1", json = false } = {}) {
  return fetch(site("/subscribe"), {
    method: "POST",
    headers: {
      "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
      accept: json ? "application/json" : "text/html",
      "fastly-client-ip": client,
    },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

const linkIn = (m: InboxMail, path: string) => {
  const found = (m.text ?? "").match(new RegExp(`${SITE.replace(/[.]/g, "\\.")}${path}\\?t=[A-Za-z0-9_.-]+`));
  if (!found) throw new Error(`no ${path} link in: ${m.text}`);
  return found[0].replace(SITE, "");
};

beforeAll(async () => {
  stack = await startMailSite({ MAIL_SECRET: SECRET, MAIL_SITE_NAME: "Ada's blog" });
});

beforeEach(() => clearInbox(stack.mail.webUrl));

afterAll(() => stack.stop());

describe("subscribing through the renderer", () => {
  it("answers bad input with field messages, as a page without JavaScript and as JSON, and stores nothing", async () => {
    const page = await signup({ email: "not-an-address", tags: "" });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Enter an email address like name@example.com.");
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('aria-invalid="true"');
    const json = await signup({ email: "" }, { json: true });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ status: "invalid", errors: { email: "Enter your email address." } });
    expect((await rest("subscribers")).value).toBeNull();
  });

  it("double opt-in: a pending record and a signed link by mail; confirmed only from the link; a second signup changes and reveals nothing", async () => {
    const address = "Reader.One@Example.com";
    const first = await signup({ email: address, tags: "TypeScript, films" });
    expect(first.status).toBe(200);
    const firstPage = await first.text();
    expect(firstPage).toContain("Check your inbox");
    const [confirmation] = await waitForMails("reader.one@example.com", 1);
    expect(confirmation?.subject).toBe("Confirm your subscription to Ada's blog");
    expect(confirmation?.html).toContain("new posts tagged typescript, films");
    const id = await subscriberId(address);
    expect((await rest(`subscribers/${id}`)).value).toMatchObject({
      email: "reader.one@example.com",
      status: "pending",
      tags: ["typescript", "films"],
      source: "form",
    });
    // Visitors never read the list.
    expect((await rest("subscribers", "visitor")).status).toBe(401);

    const link = linkIn(confirmation!, "/subscribe/confirm");
    const forged = `${link.slice(0, -2)}xx`;
    expect((await fetch(site(forged))).status).toBe(400);
    const confirmed = await fetch(site(link));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscription confirmed");
    expect((await rest(`subscribers/${id}`)).value).toMatchObject({ status: "confirmed" });

    await clearInbox(stack.mail.webUrl);
    const again = await signup({ email: "reader.one@example.com" });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstPage);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(await readInbox(stack.mail.webUrl), "reader.one@example.com")).toHaveLength(0);
    expect((await rest(`subscribers/${id}`)).value).toMatchObject({ status: "confirmed", tags: ["typescript", "films"] });
  });

  it("unsubscribes from the link in a mail (GET, in words) and by RFC 8058's one-click POST, erasing the address", async () => {
    for (const [address, oneClick] of [
      ["gone.get@example.com", false],
      ["gone.post@example.com", true],
    ] as const) {
      expect((await signup({ email: address }, { client: `203.0.113.${oneClick ? 2 : 1}` })).status).toBe(200);
      const [confirmation] = await waitForMails(address, 1);
      expect((await fetch(site(linkIn(confirmation!, "/subscribe/confirm")))).status).toBe(200);
      const id = await subscriberId(address);
      const link = `/unsubscribe?t=${signLink(SECRET, { action: "unsubscribe", id })}`;
      const res = oneClick
        ? await fetch(site(link), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })
        : await fetch(site(link));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(oneClick ? "Unsubscribed." : `${address} will receive no more emails`);
      expect((await rest(`subscribers/${id}`)).value).toBeNull();
    }
    // A link whose signature does not hold unsubscribes nobody.
    expect((await fetch(site(`/unsubscribe?t=${signLink("another-secret", { action: "unsubscribe", id: "abcdefghijklmnopqrstuv" })}`))).status).toBe(400);
  });

  it("limits signups per client: the sixth within the hour is refused, another client still gets through", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signup({ email: `flood${i}@example.com` }, { client: "192.0.2.77" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await signup({ email: "calm@example.com" }, { client: "192.0.2.78" })).status).toBe(200);
    expect((await rest("mail/signups/all")).value).toMatchObject({ count: expect.any(Number) });
  });

  it("the mailer uid's rules: its own nodes only; a claim is taken once and a sent entry is final", async () => {
    const db = stack.services.db;
    const id = "abcdefghijklmnopqrstuv";
    const entry = `mail/ledger/hello/r1/${id}`;
    expect(await db.trySet(entry, { state: "sending", at: { ".sv": "timestamp" } })).toBe(true);
    expect(await db.trySet(entry, { state: "sending", at: { ".sv": "timestamp" } })).toBe(false);
    expect(await db.trySet(entry, { state: "sent", at: { ".sv": "timestamp" } })).toBe(true);
    expect(await db.trySet(entry, { state: "sending", at: { ".sv": "timestamp" } })).toBe(false);
    expect(await db.trySet(entry, null)).toBe(false);
    expect(await db.trySet("admins/mailer", true)).toBe(false);
    expect(await db.trySet("blog/drafts/x", { title: "x" })).toBe(false);
    expect(await db.trySet("mail/choices/hello", { content: "full" })).toBe(false);
    await expect(db.read("blog/drafts")).rejects.toThrow(/permission/i);
  });
});
