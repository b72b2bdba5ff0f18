// Sending each newly published post to its subscribers, exactly once per subscriber and round,
// whoever published it (the Publish button or the scheduler): the job finds published posts
// without a finished round rather than hooking either path. The ledger
// (`mail/ledger/{slug}/r{round}/{id}`) is the only memory: a mail is claimed ("sending", which the
// rules let only one runner take), sent, then marked "sent" or "failed". A run stops at its time
// budget and the next run continues, so any number of subscribers fits in runs of bounded length;
// a runner that died mid-mail leaves a claim the rules let the next run take again after
// SUBSCRIPTION_LIMITS.claimLeaseMs (docs/data.md, "Subscriptions").
import {
  BlogPostSchema,
  MAIL_PATHS,
  MailChoiceSchema,
  SUBSCRIPTION_LIMITS,
  SendRoundSchema,
  SubscriberSchema,
  decodeOne,
  ledgerPath,
  mailChoicePath,
  postPath,
  sendRoundPath,
  shareImage,
  type MediaStorage,
  type SendRound,
  type Subscriber,
  wantsPost,
} from "shared-content/mail";
import { SERVER_TIME, type MailDatabase } from "./mail-database";
import { postMail, type PostForMail } from "./messages";
import { unsubscribeLink } from "./subscriptions";
import type { SendMail } from "./transport";

export interface MailJobContext {
  db: MailDatabase;
  send: SendMail;
  secret: string;
  base: string;
  siteName: string;
  media: MediaStorage | null;
  /** When this run must stop starting mails (epoch ms). */
  deadline: number;
  /** The pause between two mails: the provider's rate. */
  pauseMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface MailJobRun {
  /** Per post this run worked on: mails sent and failed in this run, and whether its round is finished. */
  posts: { slug: string; round: number; sent: number; failed: number; done: boolean }[];
}

type Choices = Record<string, { content: "summary" | "full"; sendAgain?: true }>;
type IndexEntry = { publishedAt?: number; tags?: string[] | Record<string, string> };
interface RoundWork {
  slug: string;
  round: SendRound;
  start: boolean;
  publishedAt: number;
  /** The post's tags from the index entry just read (subscribers' filters match them). */
  tags: string[];
}

const clock = (ctx: MailJobContext) => ctx.now?.() ?? Date.now();

/** The rounds to work on, oldest post first: a new post's first round, an unfinished round, or one the owner asked to send again. */
async function roundsToWork(ctx: MailJobContext, since: number): Promise<RoundWork[]> {
  const index = ((await ctx.db.read("blog/index")) ?? {}) as Record<string, IndexEntry>;
  const sends = ((await ctx.db.read(MAIL_PATHS.sends)) ?? {}) as Record<string, unknown>;
  const choices = ((await ctx.db.read(MAIL_PATHS.choices)) ?? {}) as Choices;
  const out: RoundWork[] = [];
  const now = clock(ctx);
  for (const [slug, entry] of Object.entries(index)) {
    const publishedAt = entry?.publishedAt ?? 0;
    const tags = Object.values(entry?.tags ?? {});
    const round = decodeOne(SendRoundSchema, sends[slug], sendRoundPath(slug));
    if (!round) {
      if (publishedAt >= since) out.push({ slug, round: { round: 1, startedAt: now }, start: true, publishedAt, tags });
    } else if (round.doneAt === undefined) out.push({ slug, round, start: false, publishedAt, tags });
    else if (choices[slug]?.sendAgain) out.push({ slug, round: { round: round.round + 1, startedAt: now }, start: true, publishedAt, tags });
  }
  return out.sort((a, b) => a.publishedAt - b.publishedAt);
}

/**
 * The post as its mail shows it: the summary or the whole body (the owner's choice), the cover, the
 * link. Null when the stored value is not a post. The mail job and the admin's test email share it.
 */
export function mailablePost(
  { base, media }: Pick<MailJobContext, "base" | "media">,
  slug: string,
  stored: { raw: unknown; path: string },
  rawChoice: unknown,
): PostForMail | null {
  const post = decodeOne(BlogPostSchema, stored.raw, stored.path);
  if (!post) return null;
  const choice = decodeOne(MailChoiceSchema, rawChoice, mailChoicePath(slug));
  const cover =
    post.coverImage && media ? shareImage(media, post.coverImage.id).url : post.coverUrl?.startsWith("/") ? `${base}${post.coverUrl}` : post.coverUrl;
  return {
    slug,
    title: post.title,
    summary: post.summary,
    ...(choice?.content === "full" && post.bodyHtml ? { bodyHtml: post.bodyHtml } : {}),
    ...(cover ? { coverUrl: cover, coverAlt: post.coverImage?.alt ?? "" } : {}),
    url: `${base}/blogs/${slug}`,
  };
}

async function postForMail(ctx: MailJobContext, slug: string): Promise<PostForMail | null> {
  const raw = await ctx.db.read(postPath(slug));
  if (raw === null || raw === undefined) return null;
  return mailablePost(ctx, slug, { raw, path: postPath(slug) }, await ctx.db.read(mailChoicePath(slug)));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round's remaining mails, until the deadline: claim, send, mark. */
async function workRound(ctx: MailJobContext, slug: string, round: SendRound, post: PostForMail, tags: string[]) {
  const now = () => clock(ctx);
  const subscribers = Object.entries(await ctx.db.confirmedSubscribers())
    .map(([id, raw]) => [id, decodeOne(SubscriberSchema, raw, `subscribers/${id}`)] as const)
    .filter((e): e is readonly [string, Subscriber] => e[1] !== null && (e[1].confirmedAt ?? 0) <= round.startedAt && wantsPost(e[1], tags));
  const ledger = ((await ctx.db.read(ledgerPath(slug, round.round))) ?? {}) as Record<string, { state?: string; at?: number }>;
  const stale = now() - SUBSCRIPTION_LIMITS.claimLeaseMs;
  const todo = subscribers.filter(([id]) => !ledger[id] || (ledger[id].state === "sending" && (ledger[id].at ?? 0) < stale));
  let sent = 0;
  let failed = 0;
  for (const [id, subscriber] of todo) {
    if (now() >= ctx.deadline) return { sent, failed, finished: false };
    const entry = ledgerPath(slug, round.round, id);
    // The rules refuse a claim another runner holds, or any entry already sent.
    if (!(await ctx.db.trySet(entry, { state: "sending", at: SERVER_TIME }))) continue;
    try {
      const unsubscribe = unsubscribeLink(ctx.base, ctx.secret, id);
      const messageId = `<${slug}.r${round.round}.${id}@${new URL(ctx.base).hostname}>`;
      await ctx.send(postMail({ to: subscriber.email, post, siteName: ctx.siteName, unsubscribe, messageId }));
      await ctx.db.trySet(entry, { state: "sent", at: SERVER_TIME });
      sent++;
    } catch (error) {
      const reason = String((error as Error).message ?? error).slice(0, SUBSCRIPTION_LIMITS.error.max);
      await ctx.db.trySet(entry, { state: "failed", at: SERVER_TIME, error: reason });
      failed++;
    }
    if (ctx.pauseMs > 0) await pause(ctx.pauseMs);
  }
  // Finished only when no claim is left open (another runner's, or one to take again later).
  const after = ((await ctx.db.read(ledgerPath(slug, round.round))) ?? {}) as Record<string, { state?: string }>;
  const open = subscribers.some(([id]) => !after[id] || after[id].state === "sending");
  return { sent, failed, finished: !open, totals: Object.values(after) };
}

export async function runMailJob(ctx: MailJobContext): Promise<MailJobRun> {
  const run: MailJobRun = { posts: [] };
  const since = (await ctx.db.read(MAIL_PATHS.since)) as number | null;
  if (typeof since !== "number") {
    // The first run: posts published before subscriptions existed are never sent.
    await ctx.db.trySet(MAIL_PATHS.since, SERVER_TIME);
    return run;
  }
  for (const work of await roundsToWork(ctx, since)) {
    const { slug, start } = work;
    let round = work.round;
    if (clock(ctx) >= ctx.deadline) break;
    const post = await postForMail(ctx, slug);
    if (!post) continue;
    if (start) {
      await ctx.db.update({ [sendRoundPath(slug)]: { round: round.round, startedAt: SERVER_TIME }, [`${mailChoicePath(slug)}/sendAgain`]: null });
      round = decodeOne(SendRoundSchema, await ctx.db.read(sendRoundPath(slug)), sendRoundPath(slug)) ?? round;
    }
    const result = await workRound(ctx, slug, round, post, work.tags);
    if (result.finished) {
      const totals = result.totals ?? [];
      await ctx.db.update({
        [sendRoundPath(slug)]: {
          ...round,
          doneAt: SERVER_TIME,
          sent: totals.filter((e) => e.state === "sent").length,
          failed: totals.filter((e) => e.state === "failed").length,
        },
      });
    }
    run.posts.push({ slug, round: round.round, sent: result.sent, failed: result.failed, done: result.finished });
    ctx.log?.(`mail: ${slug} round ${round.round}: ${result.sent} sent, ${result.failed} failed${result.finished ? ", finished" : ", continues next run"}`);
  }
  return run;
}
