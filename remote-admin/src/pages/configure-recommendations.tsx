import { useCallback, useState } from "react";
import {
  approveSubmission,
  formatShortDay,
  rejectSubmission,
  rejectSubmissions,
  useRecommendations,
  useSubmissions,
  type Recommendation,
  type RecommendationSubmission,
  type WithId,
} from "shared-content/admin";
import { Button, FormGrid, ImageUrlField, Panel, StatusMessage, TextAreaField, TextField, useConfirm, type FormState } from "../ui";
import { CollectionEditor } from "../editors/collection-editor";
import { LinksEditor, linksToFields, linksToForm, type LinkForm } from "../editors/links-editor";
import { optionalText } from "../lib/form-values";
import { describeWriteError } from "../lib/write-errors";
import group from "../ui/list-fieldset.module.css";
import items from "./list-item.module.css";
import styles from "./configure-recommendations.module.css";

interface RecommendationForm {
  fullName: string;
  role: string;
  relationship: string;
  text: string;
  avatarUrl: string;
  links: LinkForm[];
  date: string;
}

export const recommendationToForm = (r: WithId<Recommendation> | null): RecommendationForm => ({
  fullName: r?.fullName ?? "",
  role: r?.role ?? "",
  relationship: r?.relationship ?? "",
  text: r?.text ?? "",
  avatarUrl: r?.avatarUrl ?? "",
  links: linksToForm(r?.links),
  date: r?.date ?? new Date().toISOString().slice(0, 10),
});
export const recommendationToFields = (f: RecommendationForm) => ({
  fullName: f.fullName.trim(),
  role: f.role.trim(),
  relationship: f.relationship.trim(),
  text: f.text.trim(),
  avatarUrl: optionalText(f.avatarUrl),
  links: linksToFields(f.links),
  date: f.date.trim(),
});

/** /admin-panel/configure-recommendations: the moderation queue, then the published list. */
export default function ConfigureRecommendations() {
  const live = useRecommendations();
  const renderForm = useCallback((form: FormState<RecommendationForm>) => {
    const { values, set, errors, field } = form;
    return (
      <>
        <FormGrid>
          <TextField label="Full name" required {...field("fullName")} maxLength={80} />
          <TextField label="Role" required {...field("role")} maxLength={120} hint="E.g. Engineering manager at Acme" />
          <TextField label="Relationship" required {...field("relationship")} maxLength={120} hint="E.g. Managed me for two years" />
          <TextField label="Date" required type="date" {...field("date")} />
          <ImageUrlField label="Avatar URL" {...field("avatarUrl")} />
        </FormGrid>
        <TextAreaField label="Recommendation" required {...field("text")} rows={8} maxLength={3000} hint="20 to 3000 characters." />
        <LinksEditor legend="Links" name="links" links={values.links} onChange={(links) => set("links", links)} errors={errors} />
      </>
    );
  }, []);
  return (
    <CollectionEditor
      kind="recommendations"
      title="Recommendations"
      description="Approve or reject what visitors submitted, and edit the recommendations shown on the home page."
      noun="recommendation"
      live={live}
      reorderable
      before={<ModerationQueue />}
      toForm={recommendationToForm}
      toFields={recommendationToFields}
      renderForm={renderForm}
      itemLabel={(r) => r.fullName}
      searchFields={(r) => [r.fullName, r.role, r.relationship, r.text]}
      renderItem={(r) => (
        <div>
          <div className={items.title}>{r.fullName}</div>
          <p className={items.meta}>
            {r.role} · {r.relationship} · {r.date}
          </p>
          <p className={`${items.text} ${items.clamp}`}>{r.text}</p>
        </div>
      )}
    />
  );
}

function ModerationQueue() {
  const queue = useSubmissions();
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pending = queue.data;
  // Only what is still waiting counts (another tab may have handled some).
  const chosen = pending.filter((s) => selected.has(s.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const rejectChosen = async () => {
    const ok = await confirm({
      title: `Reject ${chosen.length} submission${chosen.length === 1 ? "" : "s"}?`,
      message: `Reject and delete ${chosen.length === 1 ? "the selected submission" : `all ${chosen.length} selected submissions`}? They will not be published and cannot be restored.`,
      confirmLabel: "Reject and delete",
    });
    if (!ok) return;
    setBusyId("selected");
    setMessage(null);
    try {
      await rejectSubmissions(chosen.map((s) => s.id));
      setSelected(new Set());
      setMessage({ kind: "success", text: `Rejected ${chosen.length} submission${chosen.length === 1 ? "" : "s"}.` });
    } catch (e) {
      setMessage({ kind: "error", text: `Could not reject the selected submissions. ${describeWriteError(e)}` });
    } finally {
      setBusyId(null);
    }
  };

  const approve = async (s: WithId<RecommendationSubmission>) => {
    setBusyId(s.id);
    setMessage(null);
    try {
      await approveSubmission(s.id);
      setMessage({ kind: "success", text: `Approved the recommendation by ${s.fullName}; it is now on the home page.` });
    } catch (e) {
      setMessage({ kind: "error", text: `Could not approve the recommendation by ${s.fullName}. ${describeWriteError(e)}` });
    } finally {
      setBusyId(null);
    }
  };

  const reject = async (s: WithId<RecommendationSubmission>) => {
    const ok = await confirm({
      title: "Reject this submission?",
      message: `Reject and delete the recommendation submitted by ${s.fullName}? It will not be published and cannot be restored.`,
      confirmLabel: "Reject and delete",
    });
    if (!ok) return;
    setBusyId(s.id);
    setMessage(null);
    try {
      await rejectSubmission(s.id);
      setMessage({ kind: "success", text: `Rejected the submission by ${s.fullName}.` });
    } catch (e) {
      setMessage({ kind: "error", text: `Could not reject the submission by ${s.fullName}. ${describeWriteError(e)}` });
    } finally {
      setBusyId(null);
    }
  };

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
      {pending.length > 1 ? (
        <div className={styles.actions}>
          <label>
            <input
              type="checkbox"
              checked={chosen.length === pending.length}
              onChange={(e) => setSelected(new Set(e.target.checked ? pending.map((s) => s.id) : []))}
            />{" "}
            Select all ({pending.length})
          </label>
          <Button variant="danger" disabled={busyId !== null || chosen.length === 0} onClick={() => void rejectChosen()}>
            Reject selected ({chosen.length})
          </Button>
        </div>
      ) : null}
      <ul className={`${group.list} ${styles.queue}`} aria-label="Pending submissions">
        {queue.data.map((s) => (
          <li key={s.id} className={styles.submission}>
            <article aria-label={`Submission by ${s.fullName}`}>
              <div className={items.title}>
                {pending.length > 1 ? (
                  <>
                    <input
                      type="checkbox"
                      aria-label={`Select the submission by ${s.fullName}`}
                      checked={selected.has(s.id)}
                      onChange={(e) => toggle(s.id, e.target.checked)}
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
                  onClick={() => void approve(s)}
                  aria-label={`Approve the recommendation by ${s.fullName}`}
                >
                  {busyId === s.id ? "Working…" : "Approve"}
                </Button>
                <Button variant="danger" disabled={busyId !== null} onClick={() => void reject(s)} aria-label={`Reject the recommendation by ${s.fullName}`}>
                  Reject
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
