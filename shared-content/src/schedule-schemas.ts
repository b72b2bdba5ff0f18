// Scheduled publishing's records (docs/data.md, "Scheduled publishing"): read only by the
// admin panel and the job, so kept out of schemas.ts, whose every line ships to every visitor.
import * as v from "valibot";
import { LIMITS } from "./limits";
import { list, slugSchema, text, timestampSchema } from "./schemas";

const rev = v.pipe(v.number(), v.integer(), v.minValue(1));
const interval = v.pipe(v.number("Interval must be a number"), v.integer("Interval must be a whole number"), v.minValue(1000), v.maxValue(24 * 60 * 60 * 1000));

/** When a draft goes out (blog/schedule/{slug}), and the rev it was scheduled at: an edit since makes the move stale. */
export const PostScheduleSchema = v.strictObject({
  publishAt: timestampSchema,
  rev,
  /** Set by the scheduler when it could not publish the post: the reason, until the owner reschedules. */
  failed: v.optional(text(LIMITS.schedulerNote, "Reason")),
});
/** The scheduler's record of its last run (blog/scheduler), written by the job. */
export const SchedulerRunSchema = v.strictObject({
  lastRunAt: timestampSchema,
  /** How often it runs: the next run is due at lastRunAt + intervalMs. */
  intervalMs: interval,
  ok: v.boolean(),
  published: list(slugSchema, "Published"),
  failures: list(v.strictObject({ slug: slugSchema, reason: text(LIMITS.schedulerNote, "Reason") }), "Failures"),
  error: v.optional(text(LIMITS.schedulerNote, "Error")),
});

export type PostSchedule = v.InferOutput<typeof PostScheduleSchema>;
export type SchedulerRun = v.InferOutput<typeof SchedulerRunSchema>;
