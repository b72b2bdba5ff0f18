import { useEffect, useRef, useState, type FormEvent } from "react";
import { getRuntimeConfig, sendPasswordReset } from "shared-auth";
import { authErrorMessage } from "shared-auth/messages";
import { EmailField, FormFooter } from "./auth-form";
import styles from "./login-page.module.css";

/** Whether this site runs on the local stack (the Auth emulator sends no email). */
function usesAuthEmulator(): boolean {
  try {
    return Boolean(getRuntimeConfig().emulators?.auth);
  } catch {
    return false;
  }
}

/**
 * "Forgot password?": sends Firebase Auth's password reset email. The answer is the same whether
 * the address has an account or not. On the local stack no email leaves the machine: the link
 * is printed by `npm start` (docs/admin-account.md).
 */
export function ForgotPasswordForm({ initialEmail = "", onBack }: { initialEmail?: string; onBack?: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      setError("Enter the email address you sign in with.");
      return;
    }
    setError("");
    setBusy(true);
    try {
      await sendPasswordReset(address);
      setSentTo(address);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.forgot}>
      <h2 className={styles.subtitle}>Reset your password</h2>
      {sentTo ? (
        <div ref={sentRef} tabIndex={-1} role="status" className={styles.notice}>
          <p>
            If an account exists for <strong>{sentTo}</strong>, an email with a link to choose a new password is on its way. The link works once, for an hour.
          </p>
          {usesAuthEmulator() ? (
            <p>
              This is the local stack: no email is sent. The link is printed in the terminal running <code>npm start</code> (see docs/admin-account.md).
            </p>
          ) : null}
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset your password">
          <p className={styles.lead}>Enter the email address you sign in with, and we will send you a link to choose a new password.</p>
          <EmailField id="forgot-email" value={email} onValue={setEmail} />
          <FormFooter error={error} busy={busy} label="Send the reset link" busyLabel="Sending…" />
        </form>
      )}
      {onBack ? (
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to sign in
        </button>
      ) : null}
    </div>
  );
}
