// The mail job against the real servers: the local database enforcing the project's rules (the job
// writes as the mailer uid through the Admin SDK) and the local mail server, whose inbox is counted
// per subscriber. A crash is a real one: a separate process killed mid-round, then a restart.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clearInbox, mailsTo, readInbox } from "dev-tools/mail-server";
import { subscriberId } from "shared-content/mail";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runMailJob, type MailJobContext } from "../src/mail/send-posts";
import { owner as ownerRequest, SITE, startMailStack, type MailStack } from "./local-servers";

const SECRET = "mail-job-test-secret";
const T0 = Date.now() - 3_600_000;

let stack: MailStack;

const owner = (method: "PUT" | "PATCH" | "GET", path: string, body?: unknown) => ownerRequest(stack.database, method, path, body);

async function addSubscribers(count: number, prefix: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const updates: Record<string, unknown> = {};
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
  for (const email of emails)
    updates[`subscribers/${await subscriberId(email)}`] = { email, status: "confirmed", createdAt: T0, confirmedAt: T0, source: "import", ...extra };
  await owner("PATCH", "", updates);
  return emails;
}

/** A published post with its list entry, as the Publish button (or the scheduler) leaves it. */
async function publish(slug: string, tags: string[] = ["notes"], body = "<p>The whole post.</p>") {
  const at = Date.now();
  const post = {
    title: `Post ${slug}`,
    summary: `About ${slug}`,
    body: "x",
    bodyHtml: body,
    tags,
    status: "published",
    readingMinutes: 1,
    createdAt: at,
    publishedAt: at,
    rev: 1,
    updatedAt: at,
  };
  await owner("PATCH", "", {
    [`blog/posts/${slug}`]: post,
    [`blog/index/${slug}`]: { title: post.title, summary: post.summary, tags, readingMinutes: 1, publishedAt: at },
  });
}

const job = (extra: Partial<MailJobContext> = {}): MailJobContext => ({
  db: stack.services.db,
  send: stack.services.send,
  secret: SECRET,
  base: SITE,
  siteName: "Ada's blog",
  media: null,
  deadline: Date.now() + 60_000,
  pauseMs: 0,
  ...extra,
});

async function inboxCounts(emails: string[]): Promise<number[]> {
  const mails = await readInbox(stack.mail.webUrl);
  return emails.map((e) => mailsTo(mails, e).length);
}

beforeAll(async () => {
  stack = await startMailStack({ MAIL_SECRET: SECRET, SITE_URL: SITE });
});

beforeEach(async () => {
  await owner("PUT", "", { mail: { since: T0 } });
  await clearInbox(stack.mail.webUrl);
});

afterEach(() => vi.useRealTimers());

afterAll(() => stack.stop());

describe("sending new posts to subscribers", () => {
  it("sends a new post once to each confirmed subscriber whose tags match: both parts, the unsubscribe headers; a re-publish is not sent again unless asked", async () => {
    const everyone = await addSubscribers(2, "all");
    const [tagged] = await addSubscribers(1, "tagged", { tags: ["typescript"] });
    const [other] = await addSubscribers(1, "other", { tags: ["films"] });
    const [pending] = await addSubscribers(1, "pending", { status: "pending", confirmedAt: null });
    await owner("PUT", "mail/choices/first", { content: "full" });
    await publish("first", ["TypeScript"]);
    const run = await runMailJob(job());
    expect(run.posts).toEqual([{ slug: "first", round: 1, sent: 3, failed: 0, done: true }]);
    expect(await inboxCounts([...everyone, tagged!, other!, pending!])).toEqual([1, 1, 1, 0, 0]);
    const [sent] = mailsTo(await readInbox(stack.mail.webUrl), everyone[0]!);
    expect(sent?.subject).toBe("Post first");
    expect(sent?.html).toContain("<p>The whole post.</p>");
    expect(sent?.text).toContain("The whole post.");
    expect(sent?.text).toContain(`${SITE}/blogs/first`);
    expect(sent?.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${SITE}/unsubscribe\\?t=[A-Za-z0-9_.-]+>$`));
    expect(sent?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(await owner("GET", "mail/sends/first")).toMatchObject({ round: 1, sent: 3, failed: 0, doneAt: expect.any(Number) });

    // Unpublished and published again (a correction): nothing more, until the owner asks.
    await publish("first", ["TypeScript"]);
    expect((await runMailJob(job())).posts).toEqual([]);
    await owner("PATCH", "mail/choices/first", { sendAgain: true });
    expect((await runMailJob(job())).posts).toEqual([{ slug: "first", round: 2, sent: 3, failed: 0, done: true }]);
    expect(await inboxCounts([...everyone, tagged!])).toEqual([2, 2, 2]);
    expect(await owner("GET", "mail/choices/first")).toEqual({ content: "full" });
  });

  it("stops at its deadline and the next run continues; two runners at once still send one mail each", async () => {
    const emails = await addSubscribers(40, "paced");
    await publish("paced");
    let clock = Date.now();
    const first = await runMailJob(job({ now: () => (clock += 1), deadline: clock + 30 }));
    expect(first.posts[0]).toMatchObject({ done: false });
    const runners = await Promise.all([runMailJob(job()), runMailJob(job())]);
    expect(runners.flatMap((r) => r.posts).some((p) => p.done)).toBe(true);
    expect(new Set(await inboxCounts(emails))).toEqual(new Set([1]));
  });

  it("a crash in the middle of a round to 200 subscribers, then a restart: each has exactly one mail", async () => {
    const emails = await addSubscribers(200, "crash");
    await publish("crash");
    const child = spawn(process.execPath, ["--import", "tsx", join(dirname(fileURLToPath(import.meta.url)), "fixtures", "crashing-mail-job.ts")], {
      env: { ...process.env, ...stack.env, CRASH_AT: "73" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const ended = await new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    expect(ended).toBe("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    expect((await inboxCounts(emails)).reduce((a, b) => a + b)).toBe(72);
    const claims = Object.values((await owner("GET", "mail/ledger/crash/r1")) as Record<string, { state: string }>);
    expect(claims.filter((c) => c.state === "sending")).toHaveLength(1);

    // The restart, after the dead runner's claim has expired (the database's clock, here faked).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const run = await runMailJob(job({ deadline: Date.now() + 120_000 }));
    expect(run.posts).toEqual([{ slug: "crash", round: 1, sent: 128, failed: 0, done: true }]);
    expect(new Set(await inboxCounts(emails))).toEqual(new Set([1]));
    expect(await owner("GET", "mail/sends/crash")).toMatchObject({ sent: 200, failed: 0 });
  });
});
