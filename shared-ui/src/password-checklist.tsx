import styles from "./password-checklist.module.css";

/** A password checked against the sign-in service's policy (shared-auth's `PasswordPolicyCheck`). */
export interface PasswordChecklistCheck {
  requirements: readonly { id: string; label: string; met: boolean }[];
  /** "default": the service did not report its policy, so its default rule is shown. */
  source: "server" | "default";
}

export interface PasswordChecklistProps {
  id: string;
  check: PasswordChecklistCheck | null;
}

/**
 * The password policy's requirements, each marked met or not met in words (not colour alone):
 * the admin's account screen and the shell's password reset page.
 */
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
      <p className={styles.checklistTitle}>
        The new password needs{check.source === "server" ? ", under this site's password policy (as the sign-in service reports it)" : ""}:
      </p>
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
