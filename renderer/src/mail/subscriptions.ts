// Subscribe, confirm and unsubscribe: what the renderer's endpoints do (routes/subscribe.ts).
// Double opt-in: a signup stores a pending record and mails a signed, expiring confirmation link;
// only a confirmed subscriber is ever sent a post. The answer to a signup is the same whether the
// address was new, pending or already confirmed, so the form reveals nothing about who subscribed.
import {
  SUBSCRIBER_ID_PATTERN,
  SUBSCRIPTION_LIMITS,
  SubscribeInputSchema,
  SubscriberSchema,
  decodeOne,
  normaliseEmail,
  signupClientKey,
  subscriberId,
  subscriberPath,
  validate,
  MAIL_PATHS,
} from "shared-content/mail";
import { confirmationMail } from "./messages";
import { SERVER_TIME, type MailDatabase } from "./mail-database";
import { signLink, verifyLink } from "./tokens";
import type { SendMail } from "./transport";

export interface SubscriptionContext {
  db: MailDatabase;
  send: SendMail;
  secret: string;
  /** The site's public URL (the runtime config's site.url): links in mails are made from it. */
  base: string;
  siteName: string;
  now?: () => number;
}

export type SignupResult =
  | { status: "accepted" }
  | { status: "invalid"; errors: Record<string, string>; values: { email: string; tags: string } }
  | { status: "limited" };

/** A window counter: false once `limit` signups happened in the window. */
async function withinLimit(db: MailDatabase, key: string, limit: { count: number; windowMs: number }, now: number): Promise<boolean> {
  return db.transaction(`${MAIL_PATHS.signups}/${key}`, (current) => {
    const c = current as { count?: number; since?: number } | null;
    if (!c || typeof c.since !== "number" || typeof c.count !== "number" || c.since + limit.windowMs <= now) return { count: 1, since: now };
    if (c.count >= limit.count) return undefined;
    return { count: c.count + 1, since: c.since };
  });
}

export async function subscribe(ctx: SubscriptionContext, input: { email?: unknown; tags?: unknown }, client: string): Promise<SignupResult> {
  const values = { email: typeof input.email === "string" ? input.email : "", tags: typeof input.tags === "string" ? input.tags : "" };
  const parsed = validate(SubscribeInputSchema, { email: values.email, ...(values.tags.trim() ? { tags: values.tags } : {}) });
  if (!parsed.ok) return { status: "invalid", errors: parsed.errors, values };
  const now = ctx.now?.() ?? Date.now();
  // Per client first: one client hammering the form does not use up everyone's allowance.
  if (!(await withinLimit(ctx.db, await signupClientKey(client), SUBSCRIPTION_LIMITS.perClient, now))) return { status: "limited" };
  if (!(await withinLimit(ctx.db, "all", SUBSCRIPTION_LIMITS.overall, now))) return { status: "limited" };
  const email = normaliseEmail(parsed.value.email);
  const id = await subscriberId(email);
  const stored = decodeOne(SubscriberSchema, await ctx.db.read(subscriberPath(id)), subscriberPath(id));
  // Already confirmed: nothing to do, and nothing said about it.
  if (stored?.status === "confirmed") return { status: "accepted" };
  const tags = parsed.value.tags ?? [];
  await ctx.db.update({
    [subscriberPath(id)]: { email, status: "pending", ...(tags.length ? { tags } : {}), createdAt: stored?.createdAt ?? SERVER_TIME, source: "form" },
  });
  await ctx.send(confirmationMail({ to: email, link: confirmLink(ctx, id, now), siteName: ctx.siteName, tags }));
  return { status: "accepted" };
}

const confirmLink = (ctx: SubscriptionContext, id: string, now: number) =>
  `${ctx.base}/subscribe/confirm?t=${signLink(ctx.secret, { action: "confirm", id, expires: now + SUBSCRIPTION_LIMITS.confirmTtlMs })}`;

/**
 * Mails a pending subscriber the confirmation link (the admin's import, when asked). False, and
 * nothing sent, for an id that is not a pending subscriber: a confirmed one needs none.
 */
export async function sendConfirmation(ctx: SubscriptionContext, id: string): Promise<boolean> {
  if (!SUBSCRIBER_ID_PATTERN.test(id)) return false;
  const stored = decodeOne(SubscriberSchema, await ctx.db.read(subscriberPath(id)), subscriberPath(id));
  if (stored?.status !== "pending") return false;
  const now = ctx.now?.() ?? Date.now();
  await ctx.send(confirmationMail({ to: stored.email, link: confirmLink(ctx, id, now), siteName: ctx.siteName, tags: stored.tags ?? [] }));
  return true;
}

export type LinkResult = { status: "done"; email: string } | { status: "invalid" | "expired" | "gone" };

export async function confirm(ctx: SubscriptionContext, token: string): Promise<LinkResult> {
  const verdict = verifyLink(ctx.secret, token, "confirm", ctx.now?.() ?? Date.now());
  if (!verdict.ok) return { status: verdict.reason };
  const path = subscriberPath(verdict.claims.id);
  const stored = decodeOne(SubscriberSchema, await ctx.db.read(path), path);
  if (!stored) return { status: "gone" };
  if (stored.status !== "confirmed") await ctx.db.update({ [`${path}/status`]: "confirmed", [`${path}/confirmedAt`]: SERVER_TIME });
  return { status: "done", email: stored.email };
}

/** Removes the subscriber's record (its address with it): an unsubscribed address is no longer stored. */
export async function unsubscribe(ctx: SubscriptionContext, token: string): Promise<LinkResult> {
  const verdict = verifyLink(ctx.secret, token, "unsubscribe");
  if (!verdict.ok) return { status: verdict.reason };
  const path = subscriberPath(verdict.claims.id);
  const stored = decodeOne(SubscriberSchema, await ctx.db.read(path), path);
  if (!stored) return { status: "gone" };
  await ctx.db.update({ [path]: null });
  return { status: "done", email: stored.email };
}

/** The personal unsubscribe link a mail carries (in its body and its List-Unsubscribe header). */
export const unsubscribeLink = (base: string, secret: string, id: string) => `${base}/unsubscribe?t=${signLink(secret, { action: "unsubscribe", id })}`;
