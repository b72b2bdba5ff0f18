// Scheduled publishing, the owner's side: the schedules and the scheduler's last run (live, admin
// only), and scheduling or cancelling a draft. The job that publishes is shared-content/server's
// runScheduledPublishing; docs/data.md, "Scheduled publishing", has the design.
import { ConflictError, PATHS, toContentError, type LiveResult } from "shared-content";
import { ContentError } from "../errors";
import { decodeOne } from "../decode";
import { draftPath } from "../paths";
import { schedulePath } from "../paths";
import { PostScheduleSchema, SchedulerRunSchema, type PostSchedule, type SchedulerRun } from "../schedule-schemas";
import { connection } from "./db";
import { useAdminRead } from "./admin-hooks";

export type ScheduledPost = PostSchedule & { slug: string };

/** Every schedule, soonest first. Admin only. */
export function useSchedules(): LiveResult<ScheduledPost[]> {
  return useAdminRead<ScheduledPost[]>(
    PATHS.schedule,
    (value) =>
      Object.entries((value ?? {}) as Record<string, unknown>)
        .flatMap(([slug, raw]) => {
          const schedule = decodeOne(PostScheduleSchema, raw, schedulePath(slug));
          return schedule ? [{ ...schedule, slug }] : [];
        })
        .sort((a, b) => a.publishAt - b.publishAt || a.slug.localeCompare(b.slug)),
    [],
  );
}

/** The scheduler's last recorded run (null when it never ran). Admin only. */
export function useSchedulerRun(): LiveResult<SchedulerRun | null> {
  return useAdminRead<SchedulerRun | null>(PATHS.scheduler, (value) => decodeOne(SchedulerRunSchema, value, PATHS.scheduler), null);
}

/**
 * Schedule (or reschedule) a saved draft: the scheduler publishes it, as saved at `rev`, at
 * `publishAt` (UTC ms, in the future). A save of the draft carries the schedule to its new rev; a
 * draft changed elsewhere since `rev` is a ConflictError (the rules refuse the schedule too).
 */
export async function schedulePost(slug: string, rev: number, publishAt: number): Promise<void> {
  if (!Number.isFinite(publishAt)) throw new ContentError("invalid", "Choose the day and time to publish at.");
  if (publishAt <= Date.now()) throw new ContentError("invalid", "Choose a time in the future, or use Publish to publish it now.");
  const { db, sdk } = await connection();
  try {
    await sdk.update(sdk.ref(db), { [schedulePath(slug)]: { publishAt: Math.round(publishAt), rev } });
  } catch (error) {
    const mapped = toContentError(error);
    if (mapped.code === "permission-denied") {
      const stored: unknown = (await sdk.get(sdk.ref(db, `${draftPath(slug)}/rev`)).catch(() => null))?.val();
      if (stored !== rev) throw new ConflictError(draftPath(slug), typeof stored === "number" ? stored : null);
    }
    throw mapped;
  }
}

/** Cancel a post's schedule: it stays a draft. */
export async function cancelSchedule(slug: string): Promise<void> {
  const { db, sdk } = await connection();
  try {
    await sdk.update(sdk.ref(db), { [schedulePath(slug)]: null });
  } catch (error) {
    throw toContentError(error);
  }
}
