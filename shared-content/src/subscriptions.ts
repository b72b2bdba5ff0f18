// Email subscriptions: the subscriber records, the per-post mail choices and the send ledger
// (docs/data.md, "Subscriptions"). Server and admin only: the public entry never exports this
// module, so nothing about subscribers reaches a visitor's bundle.
import * as v from "valibot";
import { EMAIL_PATTERN, LIMITS, SLUG_PATTERN } from "./limits";

/** The uid the mail job and the renderer's subscribe endpoints act as (Admin SDK override, like SCHEDULER_UID). */
export const MAILER_UID = "mailer";

export const MAIL_PATHS = {
  /** `{id}`: one record per address (id = subscriberId(email)); admin and mailer only. */
  subscribers: "subscribers",
  /** `mail/choices/{slug}`: the owner's choice per post (summary or full post; send again). */
  choices: "mail/choices",
  /** `mail/sends/{slug}`: each post's send round (when it started, when it ended, counts). */
  sends: "mail/sends",
  /** `mail/ledger/{slug}/r{round}/{id}`: one entry per subscriber and round: sending, sent or failed (no address: erasing a subscriber erases it). */
  ledger: "mail/ledger",
  /** Epoch ms the mail job first ran: posts published before it are never sent. */
  since: "mail/since",
  /** `mail/signups/{all | client key}`: the signup rate limits' windows. */
  signups: "mail/signups",
} as const;

/**
 * The renderer's endpoints only the signed-in admin calls (POST, JSON, the admin's Firebase ID token
 * as a Bearer token): a post's email sent to the admin's own address, and the confirmation mails
 * of addresses imported as pending.
 */
export const ADMIN_MAIL_ENDPOINTS = { test: "/__mail/test", confirmations: "/__mail/confirmations" } as const;

export const SUBSCRIPTION_LIMITS = {
  tags: { max: 10 },
  tag: { max: 40 },
  error: { max: 300 },
  /** A claim ("sending") older than this is taken again by the next run (its sender died). */
  claimLeaseMs: 60_000,
  /** Signups per client (IP) per window, and for the whole site per window. */
  perClient: { count: 5, windowMs: 60 * 60_000 },
  overall: { count: 200, windowMs: 60 * 60_000 },
  /** How long a confirmation link stays valid. */
  confirmTtlMs: 3 * 24 * 60 * 60_000,
  /** Test emails per admin: one at a time a few seconds apart, and a handful an hour. */
  testMail: { gapMs: 5_000, count: 10, windowMs: 60 * 60_000 },
  /** Confirmation mails of an import: the ids one request sends (the admin's page sends batches). */
  confirmationsPerRequest: 20,
} as const;

/** A subscriber's key: 22 characters of the SHA-256 of the normalised address, base64url. */
export const SUBSCRIBER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A client key of the signup limit (a hash of the client's address), or "all". */
export const SIGNUP_KEY_PATTERN = /^(all|c-[A-Za-z0-9_-]{22})$/;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const TagSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(SUBSCRIPTION_LIMITS.tag.max));

export const SubscriberSchema = v.strictObject({
  email: v.pipe(v.string(), v.maxLength(LIMITS.email.max), v.regex(EMAIL_PATTERN)),
  status: v.picklist(["pending", "confirmed"]),
  tags: v.optional(v.pipe(v.array(TagSchema), v.maxLength(SUBSCRIPTION_LIMITS.tags.max))),
  createdAt: v.number(),
  confirmedAt: v.optional(v.number()),
  source: v.picklist(["form", "import"]),
});
export type Subscriber = v.InferOutput<typeof SubscriberSchema>;

/** What the Subscribe form sends: an address and optionally the tags to follow (comma separated). */
export const SubscribeInputSchema = v.object({
  email: v.pipe(
    v.string("Enter your email address."),
    v.trim(),
    v.nonEmpty("Enter your email address."),
    v.maxLength(LIMITS.email.max, `At most ${LIMITS.email.max} characters.`),
    v.regex(EMAIL_PATTERN, "Enter an email address like name@example.com."),
  ),
  tags: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => [
        ...new Set(
          text
            .split(",")
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean),
        ),
      ]),
      v.maxLength(SUBSCRIPTION_LIMITS.tags.max, `At most ${SUBSCRIPTION_LIMITS.tags.max} tags.`),
      v.check((tags) => tags.every((t) => t.length <= SUBSCRIPTION_LIMITS.tag.max), `Each tag at most ${SUBSCRIPTION_LIMITS.tag.max} characters.`),
    ),
  ),
});

export const MailChoiceSchema = v.strictObject({
  content: v.picklist(["summary", "full"]),
  /** The owner asks for this post to be sent again (a correction): the next run starts a new round. */
  sendAgain: v.optional(v.literal(true)),
});
export type MailChoice = v.InferOutput<typeof MailChoiceSchema>;

export const SendRoundSchema = v.strictObject({
  round: v.number(),
  startedAt: v.number(),
  doneAt: v.optional(v.number()),
  sent: v.optional(v.number()),
  failed: v.optional(v.number()),
});
export type SendRound = v.InferOutput<typeof SendRoundSchema>;

export const LedgerEntrySchema = v.strictObject({
  state: v.picklist(["sending", "sent", "failed"]),
  at: v.number(),
  error: v.optional(v.string()),
});
export type LedgerEntry = v.InferOutput<typeof LedgerEntrySchema>;

export const subscriberPath = (id: string) => `${MAIL_PATHS.subscribers}/${id}`;
export const mailChoicePath = (slug: string) => `${MAIL_PATHS.choices}/${slug}`;
export const sendRoundPath = (slug: string) => `${MAIL_PATHS.sends}/${slug}`;
export const ledgerPath = (slug: string, round: number, id?: string) => `${MAIL_PATHS.ledger}/${slug}/r${round}${id ? `/${id}` : ""}`;

/** Base64url of SHA-256, in the browser and in Node alike (Web Crypto). */
async function sha256Key(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "").slice(0, 22);
}

/** The same address always lands on the same record, so a second signup is not a second subscriber. */
export const subscriberId = (email: string): Promise<string> => sha256Key(`subscriber:${normaliseEmail(email)}`);
export const signupClientKey = async (client: string): Promise<string> => `c-${await sha256Key(`client:${client}`)}`;

/** A subscriber with no tags gets every post; one with tags gets the posts sharing one of them. */
export function wantsPost(subscriber: Pick<Subscriber, "tags">, postTags: readonly string[] = []): boolean {
  if (!subscriber.tags || subscriber.tags.length === 0) return true;
  const tags = new Set(postTags.map((t) => t.trim().toLowerCase()));
  return subscriber.tags.some((t) => tags.has(t));
}

export const isSlug = (slug: string) => SLUG_PATTERN.test(slug);
