import { useEffect, useState } from "react";
import { formatMoment, formatMomentWithZone, schedulerHealth, useSchedulerRun, useSchedules, type BlogPost, type WithId } from "shared-content/admin";
import { Button, Panel, StatusMessage } from "../ui";
import styles from "./post-schedule.module.css";

/** The clock, re-read every few seconds: "late" is a matter of time passing with no new run. */
function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** What the scheduler's last run says, in plain words (ScheduledPosts). */
function SchedulerStatus({ hasSchedules }: { hasSchedules: boolean }) {
  const run = useSchedulerRun();
  const now = useNow();
  if (run.status === "error") return <StatusMessage kind="error">The scheduler's state could not be loaded. Check your connection.</StatusMessage>;
  if (run.status !== "ready") return <p role="status">Loading the scheduler's state…</p>;
  const health = schedulerHealth(run.data, now);
  switch (health.kind) {
    case "never":
      return hasSchedules ? (
        <StatusMessage kind="warning">
          The scheduler has never run: scheduled posts will not go out until it does (docs/deploy.md, “Scheduled publishing”).
        </StatusMessage>
      ) : (
        <p className={styles.muted}>The scheduler has not run yet.</p>
      );
    case "late":
      return (
        <StatusMessage kind="error">
          The scheduler has not run since {formatMoment(health.lastRunAt)}: posts due since then are waiting. They go out on its next run.
        </StatusMessage>
      );
    case "failed":
      return (
        <StatusMessage kind="error">
          The scheduler's last run, at {formatMoment(health.lastRunAt)}, failed: {health.reason} Next run due by {formatMoment(health.nextRunAt)}.
        </StatusMessage>
      );
    case "ok":
      return (
        <p className={styles.muted} role="status">
          The scheduler last ran at {formatMoment(health.lastRunAt)}
          {run.data?.published.length ? ` and published ${run.data.published.join(", ")}` : ""}; next run due by {formatMoment(health.nextRunAt)}.
        </p>
      );
  }
}

/** The admin's upcoming posts (soonest first) and the scheduler's last and next run. */
export function ScheduledPosts({ posts, onOpen }: { posts: WithId<BlogPost>[]; onOpen: (slug: string) => void }) {
  const schedules = useSchedules();
  const titles = new Map(posts.map((p) => [p.id, p.title]));
  return (
    <Panel title="Scheduled posts">
      <SchedulerStatus hasSchedules={schedules.data.length > 0} />
      {schedules.status === "error" ? <StatusMessage kind="error">The scheduled posts could not be loaded. Check your connection.</StatusMessage> : null}
      {schedules.status === "ready" && schedules.data.length === 0 ? (
        <p className={styles.muted}>No posts are scheduled. Open a draft to choose when it is published.</p>
      ) : (
        <ul className={styles.list} aria-label="Scheduled posts">
          {schedules.data.map((s) => (
            <li key={s.slug} className={styles.item}>
              <span>
                <strong>{titles.get(s.slug) ?? s.slug}</strong>
                <br />
                {s.failed ? (
                  <span>
                    Not published on {formatMomentWithZone(s.publishAt)}: {s.failed}
                  </span>
                ) : (
                  <span>{formatMomentWithZone(s.publishAt)}</span>
                )}
              </span>
              <Button size="small" onClick={() => onOpen(s.slug)} aria-label={`Edit “${titles.get(s.slug) ?? s.slug}”`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
