// The endpoint browsers send release reports to (POST /__releases/report; federation-contract's
// release-health.ts), the counts it keeps per release in the database, and the automatic abort of
// a canary (docs/releases.md: canaries). The same code runs in the Cloud Function
// and in the local stack's Functions emulator.
//
// What it refuses, always with no-store and a sentence: another method (405); a client over its
// rate (429, with Retry-After); a body over REPORT_LIMITS.bytes (413); a body that is not JSON or
// not a report (400, naming the first problem). Runs that name a remote the site does not load, or
// a release that is neither the remote's live release nor its canary, are not counted (a tab open
// since an older release, or a made-up name: nothing of them reaches the database). A client that
// does not keep to the rate limit can still tilt a canary's error rate; the worst it can do is
// abort it, which puts visitors back on the live release.
import type { IncomingMessage } from "node:http";
import { REPORT_LIMITS, canaryAbortReason, type CanaryAbort, type CanaryThreshold, type ReleaseCounts, type ReleaseReport } from "release-protocol";
import * as v from "valibot";

const RunSchema = v.strictObject({
  remote: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/, "a remote is named like remote_blog")),
  release: v.pipe(v.string(), v.regex(/^[0-9A-Za-z.+_-]{1,80}$/, "a release is an id like 1.0.1-3f2a9c0d1e")),
  view: v.boolean(),
  failed: v.boolean(),
});

/** A report as browsers send it (shell/src/remotes/release-reports.ts). */
export const ReportSchema = v.strictObject({
  v: v.literal(1),
  runs: v.pipe(
    v.array(RunSchema),
    v.minLength(1, "a report names at least one run"),
    v.maxLength(REPORT_LIMITS.runs, `a report names at most ${REPORT_LIMITS.runs} runs`),
  ),
});

/** The report in `body`, or the reason it is refused (the 400's text). */
export function parseReport(body: string): { report: ReleaseReport } | { refused: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { refused: "A release report is JSON." };
  }
  const parsed = v.safeParse(ReportSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const at = v.getDotPath(issue);
    return { refused: `Not a release report: ${at ? `${at}: ` : ""}${issue.message}.` };
  }
  return { report: parsed.output as ReleaseReport };
}

/**
 * How many reports a client, and this whole instance, may send per window: a page view sends one
 * (two when a failure comes after the view was reported), so 30 a minute is a busy reader.
 */
export const REPORT_RATE = { perClient: 30, perInstance: 1200, windowMs: 60_000 } as const;

/** A fixed-window counter per client (Hosting's X-Forwarded-For, else the socket's address) and for the instance. */
export function createRateLimiter(rate: { perClient: number; perInstance: number; windowMs: number } = REPORT_RATE, now = () => Date.now()) {
  let windowStart = now();
  let total = 0;
  let perClient = new Map<string, number>();
  return {
    /** True when this request may go on; false once the client or the instance is over its rate. */
    allow(client: string): boolean {
      if (now() - windowStart >= rate.windowMs) {
        windowStart = now();
        total = 0;
        perClient = new Map();
      }
      const mine = perClient.get(client) ?? 0;
      if (mine >= rate.perClient || total >= rate.perInstance) return false;
      perClient.set(client, mine + 1);
      total++;
      return true;
    },
    retryAfterSeconds: () => Math.max(1, Math.ceil((rate.windowMs - (now() - windowStart)) / 1000)),
  };
}

/** Who sent a request: the first address of X-Forwarded-For (Firebase Hosting sets it), else the socket's. */
export function clientOf(req: IncomingMessage): string {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")[0]
    ?.trim();
  return forwarded || req.socket?.remoteAddress || "unknown";
}

/** The body of a request, or "too large" past `limit` bytes. Cloud Functions has read it already (rawBody). */
export async function readBody(req: IncomingMessage, limit: number): Promise<string | "too large"> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) return "too large";
  const raw = (req as IncomingMessage & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(raw)) return raw.length > limit ? "too large" : raw.toString("utf8");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return "too large";
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** What the counts need of the database (state-database.ts gives the Admin SDK's). */
export interface HealthDatabase {
  /** Adds to each release's counts, atomically per count. */
  increment(amounts: ({ remote: string; release: string } & ReleaseCounts)[]): Promise<void>;
  counts(remote: string, release: string): Promise<ReleaseCounts | null>;
  /**
   * Records a canary's abort, ends the canary and adds the abort to the release record, in one
   * write; false when it was recorded already or the canary is no longer running.
   */
  recordAbort(remote: string, release: string, abort: CanaryAbort, live: string | null): Promise<boolean>;
}

/** What the site serves now, to tell a current release from an old or made-up one. */
export interface ServedReleases {
  live(remote: string): string | null;
  /** The remote's canary release, while it runs. */
  canary(remote: string): string | null;
}

export interface CountedReport {
  counted: number;
  /** Canaries this report made abort: remote -> the release and why. */
  aborted: Record<string, { release: string; reason: string }>;
}

/**
 * Counts a report's runs of current releases, then judges each canary it touched against the live
 * release (canaryAbortReason) and records the abort of one past the threshold.
 */
export async function countReport(
  report: ReleaseReport,
  served: ServedReleases,
  db: HealthDatabase,
  threshold?: CanaryThreshold,
  now = () => Date.now(),
): Promise<CountedReport> {
  const amounts = new Map<string, { remote: string; release: string } & ReleaseCounts>();
  const touchedCanaries = new Set<string>();
  let counted = 0;
  for (const run of report.runs) {
    const canary = served.canary(run.remote);
    if ((run.release !== served.live(run.remote) && run.release !== canary) || (!run.view && !run.failed)) continue;
    const key = `${run.remote}/${run.release}`;
    const sum = amounts.get(key) ?? { remote: run.remote, release: run.release, views: 0, failed: 0 };
    sum.views += run.view ? 1 : 0;
    sum.failed += run.failed ? 1 : 0;
    amounts.set(key, sum);
    counted++;
    if (run.release === canary) touchedCanaries.add(run.remote);
  }
  if (amounts.size > 0) await db.increment([...amounts.values()]);
  const aborted: CountedReport["aborted"] = {};
  for (const remote of touchedCanaries) {
    const canary = served.canary(remote);
    const live = served.live(remote);
    if (!canary) continue;
    const [canaryCounts, liveCounts] = await Promise.all([db.counts(remote, canary), live ? db.counts(remote, live) : null]);
    const reason = canaryCounts && canaryAbortReason(canaryCounts, liveCounts, threshold);
    if (!reason || !canaryCounts) continue;
    const recorded = await db.recordAbort(remote, canary, { at: now(), reason, canary: canaryCounts, live: liveCounts ?? { views: 0, failed: 0 } }, live);
    if (recorded) aborted[remote] = { release: canary, reason };
  }
  return { counted, aborted };
}
