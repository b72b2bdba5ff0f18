import { describe, expect, it } from "vitest";
import { schedulerHealth } from "./scheduler-health";
import type { SchedulerRun } from "./schedule-schemas";

const MIN = 60_000;
const run = (patch: Partial<SchedulerRun> = {}): SchedulerRun => ({ lastRunAt: 10 * MIN, intervalMs: MIN, ok: true, published: [], failures: [], ...patch });

describe("schedulerHealth", () => {
  it("says when the next run is due after a good run", () => {
    expect(schedulerHealth(run(), 10 * MIN + 5_000)).toEqual({ kind: "ok", lastRunAt: 10 * MIN, nextRunAt: 11 * MIN });
  });

  it("says the last run failed, with the reasons", () => {
    expect(schedulerHealth(run({ ok: false, error: "The schedule could not be read: denied." }), 10 * MIN)).toMatchObject({
      kind: "failed",
      reason: "The schedule could not be read: denied.",
    });
    expect(schedulerHealth(run({ ok: false, failures: [{ slug: "a", reason: "Edited since." }] }), 10 * MIN)).toMatchObject({
      kind: "failed",
      reason: "a: Edited since.",
    });
  });

  it("says it is late after three intervals without a run (three minutes at least), and never when it has no record", () => {
    expect(schedulerHealth(run(), 13 * MIN).kind).toBe("ok");
    expect(schedulerHealth(run(), 13 * MIN + 1).kind).toBe("late");
    // A short interval (the end-to-end suite's) is not late before three minutes.
    expect(schedulerHealth(run({ intervalMs: 2_000 }), 12 * MIN).kind).toBe("ok");
    expect(schedulerHealth(run({ ok: false, error: "x" }), 20 * MIN).kind).toBe("late");
    expect(schedulerHealth(null, 0)).toEqual({ kind: "never" });
  });
});
