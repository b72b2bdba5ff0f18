import type { ReactNode, Ref } from "react";
import { SITE_PATHS } from "shared-content";
import { Link } from "shared-router";
import { visuallyHidden } from "shared-ui";
import { focusField, type DraftField } from "./use-recommendation-draft";
import { LIMITS, type FieldErrors } from "./validate";
import styles from "./recommendation-form.module.css";

/** What replaces the form once the recommendation was received. */
export function SentConfirmation({ statusRef, onWriteAnother }: { statusRef: Ref<HTMLDivElement>; onWriteAnother: () => void }) {
  return (
    <div className={styles.success} role="status" tabIndex={-1} ref={statusRef} data-state="sent">
      <h2 className={styles.successTitle}>Thank you!</h2>
      <p>Your recommendation was received and awaits approval. It will appear on the home page once it has been reviewed.</p>
      <p className={styles.successLinks}>
        <Link to={SITE_PATHS.home.getHref()}>Back to the home page</Link>
        <button type="button" className={styles.linkButton} onClick={onWriteAnother}>
          Write another one
        </button>
      </p>
    </div>
  );
}

/** Every problem at once, announced together (the field messages say the same, each in place), each a link to its field. */
export function ErrorSummary({ invalid, errors, idOf }: { invalid: DraftField[]; errors: FieldErrors; idOf: (name: DraftField) => string }) {
  if (invalid.length === 0) return null;
  return (
    <div className={styles.failure} role="alert" data-state="invalid">
      <p className={styles.summaryTitle}>{invalid.length === 1 ? "One field needs attention:" : `${invalid.length} fields need attention:`}</p>
      <ul className={styles.summaryList}>
        {invalid.map((f) => (
          <li key={f}>
            <a
              href={`#${idOf(f)}`}
              onClick={(e) => {
                e.preventDefault();
                focusField(idOf(f));
              }}
            >
              {errors[f]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The hint under a field, replaced by its error message when there is one (same place, no layout jump). */
export function FieldMessage({ fieldId, error, children }: { fieldId: string; error: string | undefined; children: ReactNode }) {
  return error ? (
    <p id={`${fieldId}-error`} className={styles.error}>
      {error}
    </p>
  ) : (
    <p id={`${fieldId}-hint`} className={styles.hint}>
      {children}
    </p>
  );
}

/** The recommendation's length against its limit, with the excess spoken to screen readers. */
export function TextCounter({ length }: { length: number }) {
  const over = length > LIMITS.text.max;
  return (
    <span className={over ? `${styles.counter} ${styles.over}` : styles.counter} aria-live="polite">
      <span aria-hidden="true">
        {length} / {LIMITS.text.max}
      </span>
      <span className={visuallyHidden}>{over ? `${length - LIMITS.text.max} characters too many` : ""}</span>
    </span>
  );
}
