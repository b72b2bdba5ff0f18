import { useState } from "react";
import {
  approveSubmission,
  formatShortDay,
  rejectSubmission,
  rejectSubmissions,
  useSubmissions,
  type RecommendationSubmission,
  type WithId,
} from "shared-content/admin";
import { Button, Panel, StatusMessage, useConfirm } from "../ui";
import { describeWriteError } from "../lib/write-errors";
import group from "../ui/list-fieldset.module.css";
import items from "./list-item.module.css";
import styles from "./moderation-queue.module.css";

type Submission = WithId<RecommendationSubmission>;
type Outcome = { kind: "success" | "error"; text: string };

const plural = (n: number) => (n === 1 ? "" : "s");

/** Which submissions are ticked for a bulk rejection; only those still waiting count (another tab may have handled some). */
function useSelection(pending: readonly Submission[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = pending.filter((s) => selected.has(s.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const setAll = (on: boolean) => setSelected(new Set(on ? pending.map((s) => s.id) : []));
  const clear = () => setSelected(new Set());
  return { selected, chosen, toggle, setAll, clear };
}

/**
 * Approve, reject and reject-selected: one write at a time (busyId names it, "selected" for the bulk one),
 * rejections confirmed first, each ending in one success or error message.
 */
function useModeration(chosen: readonly Submission[], clearSelection: () => void) {
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);

  const run = async (busy: string, write: () => Promise<unknown>, success: string, failure: string) => {
    setBusyId(busy);
    setMessage(null);
    try {
      await write();
      setMessage({ kind: "success", text: success });
    } catch (e) {
      setMessage({ kind: "error", text: `${failure} ${describeWriteError(e)}` });
    } finally {
      setBusyId(null);
    }
  };

  const rejectChosen = async () => {
    const count = chosen.length;
    const ok = await confirm({
      title: `Reject ${count} submission${plural(count)}?`,
      message: `Reject and delete ${count === 1 ? "the selected submission" : `all ${count} selected submissions`}? They will not be published and cannot be restored.`,
      confirmLabel: "Reject and delete",
    });
    if (!ok) return;
    const write = async () => {
      await rejectSubmissions(chosen.map((s) => s.id));
      clearSelection();
    };
    await run("selected", write, `Rejected ${count} submission${plural(count)}.`, "Could not reject the selected submissions.");
  };

  const approve = (s: Submission) =>
    run(
      s.id,
      () => approveSubmission(s.id),
      `Approved the recommendation by ${s.fullName}; it is now on the home page.`,
      `Could not approve the recommendation by ${s.fullName}.`,
    );

  const reject = async (s: Submission) => {
    const ok = await confirm({
      title: "Reject this submission?",
      message: `Reject and delete the recommendation submitted by ${s.fullName}? It will not be published and cannot be restored.`,
      confirmLabel: "Reject and delete",
    });
    if (!ok) return;
    await run(s.id, () => rejectSubmission(s.id), `Rejected the submission by ${s.fullName}.`, `Could not reject the submission by ${s.fullName}.`);
  };

  return { busyId, message, dialog, approve, reject, rejectChosen };
}

interface SubmissionItemProps {
  submission: Submission;
  /** Shown with a checkbox when there is more than one to choose from. */
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  busyId: string | null;
  onApprove: () => void;
  onReject: () => void;
}

function SubmissionItem({ submission: s, selectable, selected, onSelect, busyId, onApprove, onReject }: SubmissionItemProps) {
  return (
    <li className={styles.submission}>
      <article aria-label={`Submission by ${s.fullName}`}>
        <div className={items.title}>
          {selectable ? (
            <>
              <input
                type="checkbox"
                aria-label={`Select the submission by ${s.fullName}`}
                checked={selected}
                onChange={(e) => onSelect(e.target.checked)}
              />{" "}
            </>
          ) : null}
          {s.fullName}
        </div>
        <p className={items.meta}>
          {s.role} · {s.relationship} · sent {formatShortDay(s.createdAt)}
        </p>
        <p className={styles.text}>{s.text}</p>
        {s.link ? (
          <p className={items.meta}>
            Link: <span className={styles.link}>{s.link}</span>
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="primary"
            disabled={busyId !== null}
            aria-busy={busyId === s.id || undefined}
            onClick={onApprove}
            aria-label={`Approve the recommendation by ${s.fullName}`}
          >
            {busyId === s.id ? "Working…" : "Approve"}
          </Button>
          <Button variant="danger" disabled={busyId !== null} onClick={onReject} aria-label={`Reject the recommendation by ${s.fullName}`}>
            Reject
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The recommendations visitors submitted, waiting for the admin to approve (publish) or reject (delete) them, one by one or in bulk. */
export function ModerationQueue() {
  const queue = useSubmissions();
  const pending = queue.data;
  const selection = useSelection(pending);
  const { chosen } = selection;
  const { busyId, message, dialog, approve, reject, rejectChosen } = useModeration(chosen, selection.clear);
  const selectable = pending.length > 1;

  return (
    <Panel title={`Waiting for approval (${queue.status === "ready" ? queue.data.length : "…"})`}>
      {dialog}
      {message ? <StatusMessage kind={message.kind}>{message.text}</StatusMessage> : null}
      {queue.status === "loading" ? <p role="status">Loading submissions…</p> : null}
      {queue.status === "error" ? (
        <StatusMessage kind="error" action={<Button onClick={queue.retry}>Retry</Button>}>
          Could not load the submissions: {queue.error?.message}
        </StatusMessage>
      ) : null}
      {queue.status === "ready" && queue.data.length === 0 ? <p className={items.meta}>No submissions are waiting.</p> : null}
      {selectable ? (
        <div className={styles.actions}>
          <label>
            <input type="checkbox" checked={chosen.length === pending.length} onChange={(e) => selection.setAll(e.target.checked)} /> Select all (
            {pending.length})
          </label>
          <Button variant="danger" disabled={busyId !== null || chosen.length === 0} onClick={() => void rejectChosen()}>
            Reject selected ({chosen.length})
          </Button>
        </div>
      ) : null}
      <ul className={`${group.list} ${styles.queue}`} aria-label="Pending submissions">
        {queue.data.map((s) => (
          <SubmissionItem
            key={s.id}
            submission={s}
            selectable={selectable}
            selected={selection.selected.has(s.id)}
            onSelect={(on) => selection.toggle(s.id, on)}
            busyId={busyId}
            onApprove={() => void approve(s)}
            onReject={() => void reject(s)}
          />
        ))}
      </ul>
    </Panel>
  );
}
