import { useId, useState } from "react";
import {
  cancelSchedule,
  contentErrorMessage,
  formatMomentWithZone,
  isConflictError,
  schedulePost,
  useSchedules,
  type ScheduledPost,
} from "shared-content/admin";
import { Button, Panel, StatusMessage, TextField, useConfirm } from "../ui";
import { fromLocalInput, publishAtProblem, suggestedPublishAt, toLocalInput } from "./schedule-time";
import styles from "./post-schedule.module.css";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A save that landed: the post's slug and the revision written. */
export interface LandedPost {
  slug: string;
  rev: number;
}

export interface PostScheduleProps {
  /** The draft as stored (null for a new post, not saved yet). */
  stored: { slug: string; rev: number; title: string } | null;
  /** The form has edits the stored draft lacks. */
  dirty: boolean;
  /**
   * Saves the form as a draft, checked like Publish; resolves with what landed, or null (the
   * form or the Save button says why).
   */
  saveDraft: () => Promise<LandedPost | null>;
}

/**
 * "Publish at" for a draft, new or saved: Schedule (which saves the post first when it is new
 * or has edits), then "Scheduled for …" in the owner's time with Reschedule and Cancel. The
 * scheduler publishes the draft as saved (a later save carries the schedule along); a schedule
 * it could not keep says why here.
 */
export function PostSchedule({ stored, dirty, saveDraft }: PostScheduleProps) {
  const schedules = useSchedules();
  const schedule = stored ? (schedules.data.find((s) => s.slug === stored.slug) ?? null) : null;
  const { confirm, dialog } = useConfirm();
  const run = useScheduleActions({ stored, dirty, saveDraft, schedule });

  const cancel = async () => {
    if (!schedule || !stored) return;
    const ok = await confirm({
      title: "Cancel the schedule?",
      message: `“${stored.title}” will not be published on ${formatMomentWithZone(schedule.publishAt)}. It stays a draft.`,
      confirmLabel: "Cancel the schedule",
      cancelLabel: "Keep it scheduled",
    });
    if (ok) await run.cancel();
  };

  return (
    <Panel title="Schedule">
      {dialog}
      {schedules.status === "error" ? <StatusMessage kind="error">The schedule could not be loaded. Check your connection.</StatusMessage> : null}
      <ScheduleState schedule={schedule} dirty={dirty} />
      {run.done ? (
        <p className={styles.muted} role="status">
          {run.done}
        </p>
      ) : null}
      {schedule === null || run.editing ? (
        <PublishAtRow run={run} rescheduling={schedule !== null} savesFirst={stored === null || dirty} />
      ) : (
        <div className={styles.row}>
          <Button onClick={run.startEditing} disabled={run.busy}>
            Reschedule
          </Button>
          <Button variant="danger" onClick={() => void cancel()} disabled={run.busy}>
            Cancel the schedule
          </Button>
        </div>
      )}
      {run.error ? <StatusMessage kind="error">{run.error}</StatusMessage> : null}
    </Panel>
  );
}

/** What the stored schedule is: its time, or why the scheduler could not keep it. */
function ScheduleState({ schedule, dirty }: { schedule: ScheduledPost | null; dirty: boolean }) {
  if (!schedule) return null;
  if (schedule.failed) {
    return (
      <StatusMessage kind="error">
        Not published on {formatMomentWithZone(schedule.publishAt)}: {schedule.failed}
      </StatusMessage>
    );
  }
  return (
    <StatusMessage kind="info">
      Scheduled for {formatMomentWithZone(schedule.publishAt)}. It stays a draft, visible only to you, until then
      {dirty ? "; it is published as last saved, so save your changes before then" : ""}.
    </StatusMessage>
  );
}

type ScheduleActions = ReturnType<typeof useScheduleActions>;

/** The schedule's state and its two writes: schedule (saving the post first when needed) and cancel. */
function useScheduleActions({ stored, dirty, saveDraft, schedule }: PostScheduleProps & { schedule: ScheduledPost | null }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fieldId = `publish-at${useId().replace(/:/g, "")}`;
  const problem = publishAtProblem(value, Date.now());

  const attempt = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      const message = await work();
      if (message) {
        setEditing(false);
        setDone(message);
      }
    } catch (failure) {
      setError(
        isConflictError(failure)
          ? "This post was changed elsewhere since you opened it. Load the latest version, then schedule it."
          : contentErrorMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    setTouched(true);
    const at = fromLocalInput(value);
    if (problem !== null || at === null) {
      document.getElementById(fieldId)?.focus();
      return Promise.resolve();
    }
    return attempt(async () => {
      // Checked like Publish and saved first: what is scheduled is what the owner sees.
      const target = stored && !dirty ? stored : await saveDraft();
      if (!target) {
        setError("Not scheduled: the post is not saved yet. Fix what is marked, then schedule again.");
        return null;
      }
      await schedulePost(target.slug, target.rev, at);
      return schedule ? "Rescheduled." : "Scheduled.";
    });
  };

  const cancel = () =>
    attempt(async () => {
      if (!stored) return null;
      await cancelSchedule(stored.slug);
      setValue("");
      setTouched(false);
      return "Schedule cancelled: the post stays a draft.";
    });

  const startEditing = () => {
    setValue(toLocalInput(schedule?.publishAt ?? suggestedPublishAt(Date.now())));
    setTouched(false);
    setError(null);
    setDone(null);
    setEditing(true);
  };

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { editing, setEditing, value, change, touched, setTouched, busy, error, done, fieldId, problem, submit, cancel, startEditing };
}

/** The "Publish at" field with Schedule (or Save new time and Keep the current time). */
function PublishAtRow({ run, rescheduling, savesFirst }: { run: ScheduleActions; rescheduling: boolean; savesFirst: boolean }) {
  return (
    // Not a form: this sits inside the post's form, and Enter here must schedule, not save the post.
    <div className={styles.row} role="group" aria-label={rescheduling ? "Reschedule" : "Schedule this post"}>
      <TextField
        id={run.fieldId}
        className={styles.field}
        label="Publish at"
        type="datetime-local"
        step={1}
        value={run.value}
        onChange={run.change}
        onBlur={() => run.setTouched(true)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          void run.submit();
        }}
        error={run.touched ? (run.problem ?? undefined) : undefined}
        hint={`Your local time (${zone()}). The post is published within a minute of it${savesFirst ? "; Schedule saves it first" : ""}.`}
      />
      <Button variant="primary" disabled={run.busy} onClick={() => void run.submit()}>
        {run.busy ? "Scheduling…" : rescheduling ? "Save new time" : "Schedule"}
      </Button>
      {rescheduling ? (
        <Button disabled={run.busy} onClick={() => run.setEditing(false)}>
          Keep the current time
        </Button>
      ) : null}
    </div>
  );
}
