// The admin's mail endpoints through the renderer, against the real servers: the local database
// enforcing the project's rules (the admin's drafts read as the admin, the rest as the mailer), the
// local mail server's inbox, and ID tokens checked by the Admin SDK in its emulator mode (unsigned
// tokens, the account looked up at a stand-in for the Auth emulator's accounts:lookup).
import type { Server } from "node:http";
import { clearInbox, mailsTo, readInbox } from "dev-tools/mail-server";
import { subscriberId } from "shared-content/mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { close, owner as ownerRequest, port, serve, SITE, startMailSite, type MailSite } from "./local-servers";

const PROJECT = "demo-portfolio";
const ADMIN = { uid: "ada-uid", email: "ada@example.com" };
const OTHER_ADMIN = { uid: "grace-uid", email: "grace@example.com" };

let site: MailSite;
let authStandIn: Server;

const owner = (method: "PUT" | "PATCH" | "GET", path: string, body?: unknown) => ownerRequest(site.database, method, path, body);
const waitForMails = (address: string, count: number) => site.waitForMails(address, count);

/** An Auth-emulator ID token (unsigned, as the emulator issues them) with the given claims. */
function idToken(user: { uid: string; email?: string }, claims: Record<string, unknown> = { admin: true }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: user.uid,
    user_id: user.uid,
    ...(user.email ? { email: user.email } : {}),
    firebase: { identities: {}, sign_in_provider: "password" },
    ...claims,
  })}.`;
}

function call(path: "/__mail/test" | "/__mail/confirmations", body: unknown, token?: string) {
  return fetch(site.url(path), {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const draft = (title: string) => {
  const at = Date.now();
  return {
    title,
    summary: `The summary of ${title}.`,
    body: "x",
    bodyHtml: `<p>The whole of ${title}.</p>`,
    tags: ["notes"],
    status: "draft",
    readingMinutes: 1,
    createdAt: at,
    rev: 1,
    updatedAt: at,
  };
};

beforeAll(async () => {
  // The Auth emulator's accounts:lookup, which the Admin SDK asks in emulator mode whether the account still exists.
  authStandIn = await serve((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const ids = ((JSON.parse(body || "{}") as { localId?: string[] }).localId ?? []).filter((id) => [ADMIN.uid, OTHER_ADMIN.uid, "stranger"].includes(id));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ users: ids.map((localId) => ({ localId, validSince: "0" })) }));
    });
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port(authStandIn)}`;
  site = await startMailSite({ MAIL_SECRET: "admin-mail-test-secret", MAIL_SITE_NAME: "Ada's blog" });
  await owner("PATCH", "", {
    [`admins/${ADMIN.uid}`]: true,
    [`admins/${OTHER_ADMIN.uid}`]: true,
    "blog/drafts/a-draft": draft("A draft"),
    "mail/choices/a-draft": { content: "full" },
  });
});

beforeEach(() => clearInbox(site.mail.webUrl));

afterAll(async () => {
  await Promise.all([close(authStandIn), site.stop()]);
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

describe("the test email", () => {
  it("is refused without a token, with a bad one, without the admin claim, and to a user who is not in admins/", async () => {
    const refusals = [
      await call("/__mail/test", { slug: "a-draft" }),
      await call("/__mail/test", { slug: "a-draft" }, "not-a-token"),
      await call("/__mail/test", { slug: "a-draft" }, idToken(ADMIN, {})),
      await call("/__mail/test", { slug: "a-draft" }, idToken({ uid: "stranger", email: "stranger@example.com" })),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await refusals[0]!.json()).toEqual({ error: "Sign in again as the admin, then retry." });
    expect(await readInbox(site.mail.webUrl)).toEqual([]);
  });

  it("sends the post's email, as the owner chose it (the whole post), to the admin's own address only; a second at once is limited", async () => {
    const res = await call("/__mail/test", { slug: "a-draft" }, idToken(ADMIN));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Sent to ada@example.com. Look for “[Test] A draft” in your inbox." });
    const [mailed] = await waitForMails(ADMIN.email, 1);
    expect(mailed?.subject).toBe("[Test] A draft");
    expect(mailed?.html).toContain("<p>The whole of A draft.</p>");
    expect(mailed?.text).toContain(`${SITE}/blogs/a-draft`);
    expect(mailed?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect((await readInbox(site.mail.webUrl)).length).toBe(1);

    const again = await call("/__mail/test", { slug: "a-draft" }, idToken(ADMIN));
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: string }).error).toMatch(/^Test emails are limited: please wait \d seconds? before sending another\.$/);
    expect(again.headers.get("retry-after")).toMatch(/^\d$/);
  });

  it("says so for a post that is not stored, and for an account without an address", async () => {
    const missing = await call("/__mail/test", { slug: "never-saved" }, idToken(OTHER_ADMIN));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Save the post first: there is nothing stored to send yet." });
    const noAddress = await call("/__mail/test", { slug: "a-draft" }, idToken({ uid: OTHER_ADMIN.uid }));
    expect(noAddress.status).toBe(400);
    expect(await readInbox(site.mail.webUrl)).toEqual([]);
  });
});

describe("confirmation emails of an import", () => {
  it("mails only the pending subscribers named, for the admin only", async () => {
    const pending = "imported@example.com";
    const confirmed = "already@example.com";
    const [pendingId, confirmedId] = [await subscriberId(pending), await subscriberId(confirmed)];
    await owner("PATCH", "", {
      [`subscribers/${pendingId}`]: { email: pending, status: "pending", createdAt: 1, source: "import" },
      [`subscribers/${confirmedId}`]: { email: confirmed, status: "confirmed", createdAt: 1, confirmedAt: 1, source: "import" },
    });
    const ids = [pendingId, confirmedId, "AAAAAAAAAAAAAAAAAAAAAA"];
    expect((await call("/__mail/confirmations", { ids }, idToken(ADMIN, {}))).status).toBe(401);
    expect((await call("/__mail/confirmations", { ids: [] }, idToken(ADMIN))).status).toBe(400);

    const res = await call("/__mail/confirmations", { ids }, idToken(ADMIN));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "1 confirmation email(s) sent; 2 skipped (already confirmed or removed)." });
    const [confirmation] = await waitForMails(pending, 1);
    expect(confirmation?.subject).toBe("Confirm your subscription to Ada's blog");
    expect(confirmation?.text).toContain(`${SITE}/subscribe/confirm?t=`);
    expect(mailsTo(await readInbox(site.mail.webUrl), confirmed)).toEqual([]);
  });
});
