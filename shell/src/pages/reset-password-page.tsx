import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "shared-router";
import { SITE_PATHS } from "shared-content";
import { checkPasswordPolicy, checkPasswordResetCode, refreshPasswordPolicy, resetPassword } from "shared-auth";
import { usePasswordPolicy } from "shared-auth/password-policy";
import { authErrorMessage, isSpentResetLink, resetLinkMessage } from "shared-auth/messages";
import { PasswordChecklist } from "shared-ui";
import { useDocumentTitle } from "../use-document-title";
import { FormFooter, PasswordField } from "./auth-form";
import { ForgotPasswordForm } from "./forgot-password-form";
import styles from "./login-page.module.css";

type LinkState = { kind: "checking" } | { kind: "ready"; email: string } | { kind: "unusable"; message: string } | { kind: "done"; email: string };

/**
 * /reset-password?mode=resetPassword&oobCode=…: where the password reset email's link lands (the
 * Firebase console's email template points its action URL here, docs/admin-account.md). Checks
 * the code, then asks for a new password under the project's policy.
 */
export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const [params] = useSearchParams();
  const code = params.get("oobCode") ?? "";
  const isReset = params.get("mode") === "resetPassword" && code !== "";
  const [state, setState] = useState<LinkState>(() =>
    isReset ? { kind: "checking" } : { kind: "unusable", message: "This address is not a password reset link. Ask for one below." },
  );
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const { check } = usePasswordPolicy(password, { checkPasswordPolicy, refreshPasswordPolicy });
  const checklistId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!isReset) return;
    let current = true;
    checkPasswordResetCode(code).then(
      (email) => current && setState({ kind: "ready", email }),
      (err: unknown) => current && setState({ kind: "unusable", message: resetLinkMessage(err) }),
    );
    return () => {
      current = false;
    };
  }, [code, isReset]);
  useEffect(() => {
    if (state.kind === "done" || state.kind === "unusable") headingRef.current?.focus();
  }, [state.kind]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || state.kind !== "ready") return;
    if (check && !check.met) return setError("The new password does not meet every requirement listed above yet.");
    if (password !== repeat) return setError("The two passwords are not the same. Type the new password again in both fields.");
    setError("");
    setBusy(true);
    try {
      await resetPassword(code, password);
      setState({ kind: "done", email: state.email });
    } catch (err) {
      if (isSpentResetLink(err)) setState({ kind: "unusable", message: resetLinkMessage(err) });
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const title = state.kind === "done" ? "Password changed" : state.kind === "unusable" ? "This link cannot be used" : "Choose a new password";
  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <h1 id="reset-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {state.kind === "checking" ? <p role="status">Checking the link…</p> : null}
      {state.kind === "unusable" ? (
        <>
          <p role="alert" className={styles.error}>
            {state.message}
          </p>
          <ForgotPasswordForm />
        </>
      ) : null}
      {state.kind === "done" ? (
        <p role="status">
          The password of <strong>{state.email}</strong> is changed. <Link to={SITE_PATHS.login.getHref()}>Sign in with it</Link>.
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          <p className={styles.lead}>
            For <strong>{state.email}</strong>.
          </p>
          <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
          <PasswordField
            id="reset-password"
            label="New password"
            autoComplete="new-password"
            aria-describedby={checklistId}
            value={password}
            onValue={setPassword}
          />
          <PasswordChecklist id={checklistId} check={check} />
          <PasswordField id="reset-repeat" label="New password again" autoComplete="new-password" value={repeat} onValue={setRepeat} />
          <FormFooter error={error} busy={busy} label="Set the new password" busyLabel="Saving…" />
        </form>
      ) : null}
    </section>
  );
}
