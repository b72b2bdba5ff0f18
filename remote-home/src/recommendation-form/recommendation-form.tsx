import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { SITE_PATHS } from "shared-content";
import { Link } from "shared-router";
import { visuallyHidden } from "shared-ui";
import { EMPTY_DRAFT, LIMITS, validateDraft, type FieldErrors, type RecommendationDraft } from "./validate";
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

export function RecommendationForm({ submit, describeError = defaultDescribeError }: Props) {
  const [draft, setDraft] = useState<RecommendationDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<Partial<Record<keyof RecommendationDraft, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const honeypot = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const uid = useId();

  const errors: FieldErrors = validateDraft(draft);
  const visible = (f: keyof RecommendationDraft) => (submitted || touched[f] ? errors[f] : undefined);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      document.getElementById(`${uid}-${firstInvalid}`)?.focus();
      return;
    }
    // A bot that filled the hidden field gets the same confirmation but nothing is stored.
    if (honeypot.current && honeypot.current.value !== "") {
      setStatus({ kind: "sent" });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      await submit({
        fullName: draft.fullName.trim(),
        role: draft.role.trim(),
        relationship: draft.relationship.trim(),
        text: draft.text.trim(),
        link: draft.link.trim(),
      });
      setStatus({ kind: "sent" });
    } catch (err) {
      setStatus({ kind: "failed", message: describeError(err) });
    }
    queueMicrotask(() => statusRef.current?.focus());
  }

  if (status.kind === "sent") {
    return (
      <div className={styles.success} role="status" tabIndex={-1} ref={statusRef} data-state="sent">
        <h2 className={styles.successTitle}>Thank you!</h2>
        <p>Your recommendation was received and awaits approval. It will appear on the home page once it has been reviewed.</p>
        <p className={styles.successLinks}>
          <Link to={SITE_PATHS.home.getHref()}>Back to the home page</Link>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setDraft(EMPTY_DRAFT);
              setTouched({});
              setSubmitted(false);
              setStatus({ kind: "idle" });
            }}
          >
            Write another one
          </button>
        </p>
      </div>
    );
  }

  const field = (name: keyof RecommendationDraft) => {
    const error = visible(name);
    return {
      id: `${uid}-${name}`,
      name,
      value: draft[name],
      "aria-invalid": error ? ("true" as const) : ("false" as const),
      "aria-describedby": error ? `${uid}-${name}-error` : `${uid}-${name}-hint`,
      onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    };
  };
  /** The hint under a field, replaced by its error message when there is one (same place, no layout jump). */
  const messageOf = (name: keyof RecommendationDraft, hint: ReactNode) => {
    const error = visible(name);
    return error ? (
      <p id={`${uid}-${name}-error`} className={styles.error}>
        {error}
      </p>
    ) : (
      <p id={`${uid}-${name}-hint`} className={styles.hint}>
        {hint}
      </p>
    );
  };
  const sending = status.kind === "sending";
  const textLen = draft.text.trim().length;

  // Every problem at once, announced together (the field messages below say the same, each in place).
  const invalid = submitted ? (Object.keys(errors) as (keyof RecommendationDraft)[]) : [];

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={sending}>
      {invalid.length > 0 ? (
        <div className={styles.failure} role="alert" data-state="invalid">
          <p className={styles.summaryTitle}>{invalid.length === 1 ? "One field needs attention:" : `${invalid.length} fields need attention:`}</p>
          <ul className={styles.summaryList}>
            {invalid.map((f) => (
              <li key={f}>
                <a
                  href={`#${uid}-${f}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(`${uid}-${f}`)?.focus();
                  }}
                >
                  {errors[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${uid}-fullName`}>Your name</label>
          <input {...field("fullName")} autoComplete="name" required />
          {messageOf(
            "fullName",
            <>
              As it should appear, {LIMITS.fullName.min}–{LIMITS.fullName.max} characters.
            </>,
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${uid}-role`}>Your role</label>
          <input {...field("role")} autoComplete="organization-title" required />
          {messageOf("role", <>E.g. “Engineering manager at Acme”.</>)}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${uid}-relationship`}>How we worked together</label>
        <input {...field("relationship")} required />
        {messageOf("relationship", <>E.g. “Managed me directly for two years”.</>)}
      </div>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={`${uid}-text`}>Recommendation</label>
          <span className={textLen > LIMITS.text.max ? `${styles.counter} ${styles.over}` : styles.counter} aria-live="polite">
            <span aria-hidden="true">
              {textLen} / {LIMITS.text.max}
            </span>
            <span className={visuallyHidden}>{textLen > LIMITS.text.max ? `${textLen - LIMITS.text.max} characters too many` : ""}</span>
          </span>
        </div>
        <textarea {...field("text")} rows={8} required />
        {messageOf(
          "text",
          <>
            Between {LIMITS.text.min} and {LIMITS.text.max} characters: what we did together and what I was like to work with.
          </>,
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${uid}-link`}>
          Link <span className={styles.optional}>(optional)</span>
        </label>
        <input {...field("link")} type="url" inputMode="url" autoComplete="url" placeholder="https://" />
        {messageOf("link", <>Your LinkedIn profile or website.</>)}
      </div>
      {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${uid}-website`}>Website</label>
        <input id={`${uid}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
      </div>
      {status.kind === "failed" ? (
        <div className={styles.failure} role="alert" tabIndex={-1} ref={statusRef} data-state="failed">
          {status.message}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? "Sending…" : "Send recommendation"}
        </button>
        <p className={styles.note}>It will be published after review.</p>
      </div>
    </form>
  );
}
