// The scheduled-publishing job: publishes every draft whose time has come, oldest first, through
// the same planned move as the Publish button (post-save.ts), and records the run in
// blog/scheduler for the admin panel. One module, two callers: the scheduled Cloud Function in
// production and the local stack's runner, both through the Admin SDK acting as the scheduler uid
// (renderer/src/scheduler.ts), so the database rules check every move it makes
// (docs/data.md, "Scheduled publishing").
import { ConflictError, isConflictError, stripEmpty, toContentError, PATHS } from "shared-content";
import { planStatusChange, readStoredPost, SERVER_TIME, type ReadValue } from "../post-save";
import { withChangeMarks } from "../changes";
import { schedulePath } from "../paths";
import { PostScheduleSchema, type PostSchedule, type SchedulerRun } from "../schedule-schemas";
import { LIMITS } from "../limits";
import { decodeOne } from "../decode";

/** What the job needs from its database client. */
export interface SchedulerDatabase {
  /** The value at a path, null when there is none. */
  read: ReadValue;
  /** One multi-path update; rejects when the rules refuse it. */
  update(updates: Record<string, unknown>): Promise<void>;
}

export interface RunOptions {
  /** The time to publish up to (ms): the database's clock in production; tests drive it. */
  now: number;
  /** How often the job runs, recorded so the admin panel can say when the next run is due. */
  intervalMs: number;
}

/** The reason a stale move is given, shown to the owner beside the post. */
export const STALE_REASON = "The post was edited after it was scheduled, in a way the schedule did not follow. Check it and schedule it again.";
const GONE_REASON = "The post is no longer a draft, or could not be read. Check it and schedule it again.";

/** Due schedules, oldest first (ties by slug), leaving out those already marked failed. */
export function duePosts(raw: unknown, now: number): { slug: string; schedule: PostSchedule }[] {
  if (raw === null || typeof raw !== "object") return [];
  return Object.entries(raw)
    .map(([slug, value]) => ({ slug, schedule: decodeOne(PostScheduleSchema, value, schedulePath(slug)) }))
    .filter((e): e is { slug: string; schedule: PostSchedule } => e.schedule !== null && e.schedule.failed === undefined && e.schedule.publishAt <= now)
    .sort((a, b) => a.schedule.publishAt - b.schedule.publishAt || a.slug.localeCompare(b.slug));
}

const short = (text: string) => (text.length > LIMITS.schedulerNote.max ? `${text.slice(0, LIMITS.schedulerNote.max - 1)}…` : text);

/**
 * One run: publish each due post (a missed run's posts too: everything due, oldest first). A stale
 * move (the post changed since it was scheduled; refused before sending, as Publish refuses it, or
 * by the rules) marks its schedule failed with the reason, so it is reported once and not retried;
 * any other failure is reported and tried again on the next run. The run is recorded whatever happens.
 */
export async function runScheduledPublishing(db: SchedulerDatabase, { now, intervalMs }: RunOptions): Promise<SchedulerRun> {
  const published: string[] = [];
  const failures: { slug: string; reason: string }[] = [];
  let error: string | undefined;
  try {
    for (const { slug, schedule } of duePosts(await db.read(PATHS.schedule), now)) {
      try {
        await publishOne(db, slug, schedule);
        published.push(slug);
      } catch (failure) {
        const stale = isConflictError(failure);
        const reason = stale ? (failure.currentRev === null ? GONE_REASON : STALE_REASON) : short(`Not published yet: ${toContentError(failure).message}`);
        failures.push({ slug, reason });
        if (stale) await db.update({ [schedulePath(slug)]: { ...schedule, failed: reason } }).catch(() => undefined);
      }
    }
  } catch (failure) {
    error = short(`The schedule could not be read: ${toContentError(failure).message}`);
  }
  const run: SchedulerRun = { lastRunAt: now, intervalMs, ok: error === undefined && failures.length === 0, published, failures, ...(error ? { error } : {}) };
  // lastRunAt in the database's own time: the rules accept no time ahead of theirs.
  await db.update({ [PATHS.scheduler]: stripEmpty({ ...run, lastRunAt: SERVER_TIME }) });
  return run;
}

/** The Publish button's move, continuing the rev the post was scheduled at. */
async function publishOne(db: SchedulerDatabase, slug: string, schedule: PostSchedule): Promise<void> {
  const plan = await planStatusChange(db.read, slug, schedule.rev, "published", SERVER_TIME);
  try {
    // With the blog's change mark, so open pages show the post as it goes out.
    await db.update(withChangeMarks(plan.updates));
  } catch (refused) {
    // Refused by the rules: a conflict when the draft changed in between (as savePost tells one).
    const stored = await readStoredPost(db.read, slug).catch(() => undefined);
    if (stored === null) throw new ConflictError(plan.sourcePath, null);
    if (stored?.post && stored.post.rev !== schedule.rev) throw new ConflictError(stored.path, stored.post.rev);
    throw refused;
  }
}
