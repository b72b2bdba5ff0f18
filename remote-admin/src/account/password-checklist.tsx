import type { PasswordPolicyCheck } from "shared-auth";
import styles from "./account.module.css";

export interface PasswordChecklistProps {
  id: string;
  check: PasswordPolicyCheck | null;
}

/** The policy requirements, each marked met or not met in words (not colour alone). */
export function PasswordChecklist({ id, check }: PasswordChecklistProps) {
  if (!check) {
    return (
      <p id={id} className={styles.hint}>
        Loading the password requirements…
      </p>
    );
  }
  return (
    <div id={id} className={styles.checklist}>
      <p className={styles.checklistTitle}>The new password needs:</p>
      <ul aria-label="Password requirements" className={styles.requirements}>
        {check.requirements.map((r) => (
          <li key={r.id} data-requirement={r.id} data-met={r.met} className={r.met ? styles.met : styles.unmet}>
            <span aria-hidden="true" className={styles.mark}>
              {r.met ? "✓" : "✗"}
            </span>
            {r.label}
            <span className={styles.state}>{r.met ? " (met)" : " (not met)"}</span>
          </li>
        ))}
      </ul>
      {check.source === "default" ? (
        <p className={styles.hint}>
          The sign-in service did not report its password policy, so its default rule is shown. It may still refuse a password; if it does, you will be told
          why.
        </p>
      ) : null}
    </div>
  );
}
