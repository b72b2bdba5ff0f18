// What the admin panel says about the scheduler (remote-admin's ScheduledPosts): pure, so the rule
// for "late" is written and tested once.
import type { SchedulerRun } from "./schedule-schemas";

/** A run is late when none has been recorded for this many intervals (and at least this long). */
export const LATE_AFTER_INTERVALS = 3;
export const LATE_AFTER_MIN_MS = 3 * 60_000;

export type SchedulerHealth =
  | { kind: "ok"; lastRunAt: number; nextRunAt: number }
  | { kind: "failed"; lastRunAt: number; nextRunAt: number; reason: string }
  | { kind: "late"; lastRunAt: number }
  | { kind: "never" };

/** The scheduler's state at `now` from its last recorded run (null: it never ran). */
export function schedulerHealth(run: SchedulerRun | null, now: number): SchedulerHealth {
  if (run === null) return { kind: "never" };
  const nextRunAt = run.lastRunAt + run.intervalMs;
  if (now - run.lastRunAt > Math.max(LATE_AFTER_INTERVALS * run.intervalMs, LATE_AFTER_MIN_MS)) return { kind: "late", lastRunAt: run.lastRunAt };
  if (!run.ok) {
    const reason = run.error ?? run.failures.map((f) => `${f.slug}: ${f.reason}`).join(" ");
    return { kind: "failed", lastRunAt: run.lastRunAt, nextRunAt, reason };
  }
  return { kind: "ok", lastRunAt: run.lastRunAt, nextRunAt };
}
