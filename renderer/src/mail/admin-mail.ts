// What the admin's mail endpoints do (routes/admin-mail.ts): a post's email, as it would go out,
// sent to the admin's own address only; and the confirmation mails of addresses the admin imported
// as pending. Both act for an admin already identified (admin-access.ts).
import { SUBSCRIPTION_LIMITS, draftPath, mailChoicePath, postPath, subscriberId, type MediaStorage } from "shared-content/mail";
import type { AdminIdentity } from "./admin-access";
import { postMail } from "./messages";
import { mailablePost } from "./send-posts";
import { sendConfirmation, unsubscribeLink, type SubscriptionContext } from "./subscriptions";

type LimitVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * The test email's light limit, per admin and per instance: a gap between two sends, and at most
 * `count` in a sliding window. In memory: a few instances may each allow as many, which is fine
 * for mail that only goes to the admin.
 */
export function createTestMailLimiter(limits: { gapMs: number; count: number; windowMs: number } = SUBSCRIPTION_LIMITS.testMail) {
  const sent = new Map<string, number[]>();
  return {
    take(uid: string, now: number): LimitVerdict {
      const recent = (sent.get(uid) ?? []).filter((at) => at > now - limits.windowMs);
      const last = recent[recent.length - 1];
      if (last !== undefined && now - last < limits.gapMs) return { ok: false, retryAfterMs: last + limits.gapMs - now };
      if (recent.length >= limits.count) return { ok: false, retryAfterMs: recent[0]! + limits.windowMs - now };
      sent.set(uid, [...recent, now]);
      return { ok: true };
    },
  };
}

/** Words for a wait: "5 seconds", "1 minute", "12 minutes". */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

interface TestMailContext extends SubscriptionContext {
  media: MediaStorage | null;
  /** Reads a path as the admin (their drafts are theirs only). */
  readAsAdmin(path: string): Promise<unknown>;
}

type TestMailResult = { status: "sent"; to: string; subject: string } | { status: "no-post" } | { status: "no-email" };

/**
 * The post's email (its published version, else its draft, as last saved) with the owner's
 * summary-or-full choice, sent to the admin's own address. The subject says it is a test; the
 * unsubscribe link is the admin's own (it removes the admin's subscription, if any).
 */
export async function sendTestMail(ctx: TestMailContext, admin: AdminIdentity, slug: string): Promise<TestMailResult> {
  if (!admin.email) return { status: "no-email" };
  let stored = { raw: await ctx.readAsAdmin(postPath(slug)), path: postPath(slug) };
  if (stored.raw === null || stored.raw === undefined) stored = { raw: await ctx.readAsAdmin(draftPath(slug)), path: draftPath(slug) };
  if (stored.raw === null || stored.raw === undefined) return { status: "no-post" };
  const post = mailablePost(ctx, slug, stored, await ctx.db.read(mailChoicePath(slug)));
  if (!post) return { status: "no-post" };
  const unsubscribe = unsubscribeLink(ctx.base, ctx.secret, await subscriberId(admin.email));
  const mail = postMail({
    to: admin.email,
    post,
    siteName: ctx.siteName,
    unsubscribe,
    messageId: `<test.${slug}.${Date.now()}@${new URL(ctx.base).hostname}>`,
  });
  const subject = `[Test] ${mail.subject}`;
  await ctx.send({ ...mail, subject });
  return { status: "sent", to: admin.email, subject };
}

/** The confirmation mails of imported pending subscribers: how many went out, and the ids skipped (unknown or already confirmed). */
export async function sendImportConfirmations(ctx: SubscriptionContext, ids: readonly string[]): Promise<{ sent: number; skipped: number }> {
  let sent = 0;
  for (const id of ids) if (await sendConfirmation(ctx, id)) sent++;
  return { sent, skipped: ids.length - sent };
}
