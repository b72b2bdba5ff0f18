// The pieces the sign-in card's three forms share (sign in, forgot password, choose a new
// password), so the three look and behave alike.
import { useEffect, useRef, type InputHTMLAttributes } from "react";
import styles from "./login-page.module.css";

/** A labelled input in the sign-in card's style; `onValue` receives what was typed. */
export function AuthField({
  id,
  label,
  onValue,
  ...input
}: { id: string; label: string; onValue: (value: string) => void } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} required onChange={(e) => onValue(e.target.value)} {...input} />
    </>
  );
}

/** The email field every form of the card starts with. */
export function EmailField({ id, value, onValue }: { id: string; value: string; onValue: (email: string) => void }) {
  return <AuthField id={id} label="Email" type="email" name="email" autoComplete="username" value={value} onValue={onValue} />;
}

/** A password field: `autoComplete` says whether it is the current password or a new one. */
export function PasswordField(
  props: {
    id: string;
    label: string;
    autoComplete: "current-password" | "new-password";
    value: string;
    onValue: (value: string) => void;
  } & InputHTMLAttributes<HTMLInputElement>,
) {
  return <AuthField type="password" {...props} />;
}

/**
 * The form's error and its submit button. After a failed attempt the button (disabled while
 * busy) has lost focus, so the message takes it and is announced.
 */
export function FormFooter({ error, busy, label, busyLabel }: { error: string; busy: boolean; label: string; busyLabel: string }) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return (
    <>
      <div ref={errorRef} role="alert" tabIndex={-1} className={error ? styles.error : styles.errorEmpty}>
        {error}
      </div>
      <button className={styles.submit} type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
