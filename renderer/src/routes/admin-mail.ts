// The admin's mail endpoints (POST, JSON, never cached), for the signed-in admin's browser: the ID
// token as a Bearer token (never a cookie, so no other site can make the admin's browser ask).
//   POST /__mail/test {slug}: the post's email, as it would go out, to the admin's own address.
//   POST /__mail/confirmations {ids}: confirmation mails to imported pending subscribers.
// Answers {message} in plain words, or {error}.
import type { IncomingMessage } from "node:http";
import { ADMIN_MAIL_ENDPOINTS, SUBSCRIPTION_LIMITS, isSlug, mediaStorageOf } from "shared-content/mail";
import { parseTarget, type Send } from "../http";
import type { AdminIdentity } from "../mail/admin-access";
import { createTestMailLimiter, sendImportConfirmations, sendTestMail, waitInWords } from "../mail/admin-mail";
import type { MailServices } from "../mail/context";
import type { SubscriptionContext } from "../mail/subscriptions";
import { readBody } from "../releases/reports";
import type { ServedConfig } from "../releases/served-config";

const JSON_TYPE = "application/json; charset=utf-8";
const MAX_BODY = 4096;

export const isAdminMailPath = (path: string) => Object.values(ADMIN_MAIL_ENDPOINTS).includes(path as never);

type Answer = { status: number; body: { message: string } | { error: string }; headers?: Record<string, string> };
const refuse = (status: number, error: string, headers?: Record<string, string>): Answer => ({ status, body: { error }, ...(headers ? { headers } : {}) });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | Answer> {
  const text = await readBody(req, MAX_BODY);
  if (text === "too large") return refuse(413, "The request is too large.");
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return refuse(400, "The request is not JSON.");
}

export function createAdminMailRoute({ served, mail, log }: { served: ServedConfig; mail: MailServices | null; log: (line: string) => void }) {
  const limiter = createTestMailLimiter();

  async function answer(req: IncomingMessage, path: string): Promise<Answer> {
    if (req.method !== "POST") return refuse(405, "Use POST.", { Allow: "POST" });
    if (!mail) return refuse(503, "This site cannot send email: SMTP_URL and MAIL_SECRET are not set (docs/deploy.md).");
    const config = await served.current();
    if (!config.site) return refuse(503, "The site's address is not configured.");
    const admin = await mail.admins.identify(req.headers.authorization, config.firebase.projectId);
    if (!admin) return refuse(401, "Sign in again as the admin, then retry.");
    const body = await readJson(req);
    if ("status" in body && "body" in body) return body as Answer;
    const ctx: SubscriptionContext = {
      db: mail.db,
      send: mail.send,
      secret: mail.settings.secret,
      base: config.site.url.replace(/\/+$/, ""),
      siteName: await mail.siteName(),
    };
    if (path === ADMIN_MAIL_ENDPOINTS.test) return testMail(ctx, admin, body.slug, mediaStorageOf(config));
    return confirmations(ctx, body.ids);
  }

  async function testMail(ctx: SubscriptionContext, admin: AdminIdentity, slug: unknown, media: ReturnType<typeof mediaStorageOf>): Promise<Answer> {
    if (typeof slug !== "string" || !isSlug(slug)) return refuse(400, "Save the post first: it has no address yet.");
    if (!admin.email) return refuse(400, "Your account has no email address to send the test to.");
    const allowed = limiter.take(admin.uid, Date.now());
    if (!allowed.ok) {
      const wait = waitInWords(allowed.retryAfterMs);
      return refuse(429, `Test emails are limited: please wait ${wait} before sending another.`, {
        "Retry-After": String(Math.ceil(allowed.retryAfterMs / 1000)),
      });
    }
    const result = await sendTestMail({ ...ctx, media, readAsAdmin: (path) => mail!.admins.readAs(admin.uid, path) }, admin, slug);
    if (result.status === "no-post") return refuse(404, "Save the post first: there is nothing stored to send yet.");
    if (result.status === "no-email") return refuse(400, "Your account has no email address to send the test to.");
    log(`[renderer] test email of ${slug} sent to the admin`);
    return { status: 200, body: { message: `Sent to ${result.to}. Look for “${result.subject}” in your inbox.` } };
  }

  async function confirmations(ctx: SubscriptionContext, ids: unknown): Promise<Answer> {
    const max = SUBSCRIPTION_LIMITS.confirmationsPerRequest;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > max || !ids.every((id) => typeof id === "string"))
      return refuse(400, `Send 1 to ${max} subscriber ids at a time.`);
    const { sent, skipped } = await sendImportConfirmations(ctx, ids as string[]);
    return { status: 200, body: { message: `${sent} confirmation email(s) sent${skipped ? `; ${skipped} skipped (already confirmed or removed)` : ""}.` } };
  }

  return async (req: IncomingMessage, send: Send): Promise<void> => {
    const path = parseTarget(req.url)?.path ?? "";
    const result = await answer(req, path).catch((error: unknown): Answer => {
      log(`[renderer] ${path}: ${String(error)}`);
      return refuse(502, "The email could not be sent: the mail server refused it or could not be reached. Try again in a moment.");
    });
    send(result.status, JSON_TYPE, JSON.stringify(result.body), { "Cache-Control": "no-store", ...result.headers });
  };
}
