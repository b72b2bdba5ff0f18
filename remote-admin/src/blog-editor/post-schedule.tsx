import { useState } from "react";
import {
  cancelSchedule,
  contentErrorMessage,
  formatMomentWithZone,
  isConflictError,
  schedulePost,
  useSchedules,
  type BlogPost,
  type WithId,
} from "shared-content/admin";
import { Button, Panel, StatusMessage, TextField, useConfirm } from "../ui";
import { fromLocalInput, publishAtProblem, suggestedPublishAt, toLocalInput } from "./schedule-time";
import styles from "./post-schedule.module.css";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Publish at" for a saved draft: Schedule, then "Scheduled for …" in the owner's time with
 * Reschedule and Cancel. The scheduler publishes the draft as saved (a later save carries the
 * schedule along); a schedule it could not keep says why here.
 */
export function PostSchedule({ post, dirty }: { post: WithId<BlogPost>; dirty: boolean }) {
  const schedules = useSchedules();
  const schedule = schedules.data.find((s) => s.slug === post.id) ?? null;
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const showForm = schedule === null || editing;
  const problem = publishAtProblem(value, Date.now());

  const startEditing = () => {
    setValue(toLocalInput(schedule?.publishAt ?? suggestedPublishAt(Date.now())));
    setTouched(false);
    setError(null);
    setDone(null);
    setEditing(true);
  };

  const submit = async () => {
    setTouched(true);
    const at = fromLocalInput(value);
    if (problem !== null || at === null) return;
    setBusy(true);
    setError(null);
    try {
      await schedulePost(post.id, post.rev, at);
      setEditing(false);
      setDone(schedule ? "Rescheduled." : "Scheduled.");
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

  const cancel = async () => {
    if (!schedule) return;
    const ok = await confirm({
      title: "Cancel the schedule?",
      message: `“${post.title}” will not be published on ${formatMomentWithZone(schedule.publishAt)}. It stays a draft.`,
      confirmLabel: "Cancel the schedule",
      cancelLabel: "Keep it scheduled",
    });
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      await cancelSchedule(post.id);
      setEditing(false);
      setValue("");
      setTouched(false);
      setDone("Schedule cancelled: the post stays a draft.");
    } catch (failure) {
      setError(contentErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Schedule">
      {dialog}
      {schedules.status === "error" ? <StatusMessage kind="error">The schedule could not be loaded. Check your connection.</StatusMessage> : null}
      {schedule?.failed ? (
        <StatusMessage kind="error">
          Not published on {formatMomentWithZone(schedule.publishAt)}: {schedule.failed}
        </StatusMessage>
      ) : schedule ? (
        <StatusMessage kind="info">Scheduled for {formatMomentWithZone(schedule.publishAt)}. It stays a draft, visible only to you, until then.</StatusMessage>
      ) : null}
      {done ? (
        <p className={styles.muted} role="status">
          {done}
        </p>
      ) : null}
      {showForm ? (
        // Not a form: this sits inside the post's form, and Enter here must schedule, not save the post.
        <div className={styles.row} role="group" aria-label={schedule ? "Reschedule" : "Schedule this post"}>
          <TextField
            className={styles.field}
            label="Publish at"
            type="datetime-local"
            step={1}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              void submit();
            }}
            error={touched ? (problem ?? undefined) : undefined}
            hint={`Your local time (${zone()}). The post is published within a minute of it${dirty ? ", as last saved: save your changes before then" : ""}.`}
          />
          <Button variant="primary" disabled={busy} onClick={() => void submit()}>
            {busy ? "Scheduling…" : schedule ? "Save new time" : "Schedule"}
          </Button>
          {schedule ? (
            <Button disabled={busy} onClick={() => setEditing(false)}>
              Keep the current time
            </Button>
          ) : null}
        </div>
      ) : (
        <div className={styles.row}>
          <Button onClick={startEditing} disabled={busy}>
            Reschedule
          </Button>
          <Button variant="danger" onClick={() => void cancel()} disabled={busy}>
            Cancel the schedule
          </Button>
        </div>
      )}
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
    </Panel>
  );
}
