import { useRef, useState, type FormEvent } from "react";
import { ErrorSummary, FieldMessage, SentConfirmation, TextCounter } from "./form-parts";
import { focusField, useRecommendationDraft } from "./use-recommendation-draft";
import { LIMITS, trimDraft, type RecommendationDraft } from "./validate";
import styles from "./recommendation-form.module.css";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; message: string };

interface Props {
  /** Writes the submission; rejects when the database denies or cannot be reached. */
  submit: (draft: RecommendationDraft) => Promise<unknown>;
  /** Turns a rejection into a sentence for the visitor. */
  describeError?: (error: unknown) => string;
}

export function defaultDescribeError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const text = `${code} ${error instanceof Error ? error.message : ""}`;
  if (/permission|denied/i.test(text)) {
    return "The site refused this recommendation (permission denied). Please check the fields and try again.";
  }
  return "Your recommendation could not be sent — the connection failed. Your text is kept; please try again.";
}

/** Sends a valid draft and reports how it went; the status (confirmation or failure) takes the focus once known. */
function useSending({ submit, describeError = defaultDescribeError }: Props) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const statusRef = useRef<HTMLDivElement>(null);
  const send = async (draft: RecommendationDraft) => {
    setStatus({ kind: "sending" });
    try {
      await submit(trimDraft(draft));
      setStatus({ kind: "sent" });
    } catch (err) {
      setStatus({ kind: "failed", message: describeError(err) });
    }
    queueMicrotask(() => statusRef.current?.focus());
  };
  // A bot that filled the hidden field gets the same confirmation but nothing is stored.
  const pretendSent = () => setStatus({ kind: "sent" });
  const reset = () => setStatus({ kind: "idle" });
  return { status, statusRef, send, pretendSent, reset };
}

export function RecommendationForm(props: Props) {
  const { draft, errors, invalid, visible, idOf, field, markSubmitted, reset } = useRecommendationDraft();
  const sending = useSending(props);
  const { status, statusRef } = sending;
  const honeypot = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    markSubmitted();
    const firstInvalid = Object.keys(errors)[0] as keyof RecommendationDraft | undefined;
    if (firstInvalid) return focusField(idOf(firstInvalid));
    if (honeypot.current && honeypot.current.value !== "") return sending.pretendSent();
    await sending.send(draft);
  }

  if (status.kind === "sent") {
    return (
      <SentConfirmation
        statusRef={statusRef}
        onWriteAnother={() => {
          reset();
          sending.reset();
        }}
      />
    );
  }

  const busy = status.kind === "sending";
  const textLen = draft.text.trim().length;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <ErrorSummary invalid={invalid} errors={errors} idOf={idOf} />
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={idOf("fullName")}>Your name</label>
          <input className={styles.input} {...field("fullName")} autoComplete="name" required />
          <FieldMessage fieldId={idOf("fullName")} error={visible("fullName")}>
            As it should appear, {LIMITS.fullName.min}–{LIMITS.fullName.max} characters.
          </FieldMessage>
        </div>
        <div className={styles.field}>
          <label htmlFor={idOf("role")}>Your role</label>
          <input className={styles.input} {...field("role")} autoComplete="organization-title" required />
          <FieldMessage fieldId={idOf("role")} error={visible("role")}>
            E.g. “Engineering manager at Acme”.
          </FieldMessage>
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={idOf("relationship")}>How we worked together</label>
        <input className={styles.input} {...field("relationship")} required />
        <FieldMessage fieldId={idOf("relationship")} error={visible("relationship")}>
          E.g. “Managed me directly for two years”.
        </FieldMessage>
      </div>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={idOf("text")}>Recommendation</label>
          <TextCounter length={textLen} />
        </div>
        <textarea className={styles.input} {...field("text")} rows={8} required />
        <FieldMessage fieldId={idOf("text")} error={visible("text")}>
          Between {LIMITS.text.min} and {LIMITS.text.max} characters: what we did together and what I was like to work with.
        </FieldMessage>
      </div>
      <div className={styles.field}>
        <label htmlFor={idOf("link")}>
          Link <span className={styles.optional}>(optional)</span>
        </label>
        <input className={styles.input} {...field("link")} type="url" inputMode="url" autoComplete="url" placeholder="https://" />
        <FieldMessage fieldId={idOf("link")} error={visible("link")}>
          Your LinkedIn profile or website.
        </FieldMessage>
      </div>
      {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={idOf("website")}>Website</label>
        <input id={idOf("website")} name="website" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
      </div>
      {status.kind === "failed" ? (
        <div className={styles.failure} role="alert" tabIndex={-1} ref={statusRef} data-state="failed">
          {status.message}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? "Sending…" : "Send recommendation"}
        </button>
        <p className={styles.note}>It will be published after review.</p>
      </div>
    </form>
  );
}
