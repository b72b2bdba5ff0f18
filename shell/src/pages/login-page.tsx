import { useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "shared-router";
import { signInWithEmail, useAuthStore } from "shared-auth";
import { authErrorMessage } from "shared-auth/messages";
import { safeRedirect } from "../auth/redirect";
import { EmailField, FormFooter, PasswordField } from "./auth-form";
import { ForgotPasswordForm } from "./forgot-password-form";
import { useDocumentTitle } from "../use-document-title";
import styles from "./login-page.module.css";

export function LoginPage() {
  useDocumentTitle("Sign in");
  const status = useAuthStore((s) => s.status);
  const [params] = useSearchParams();
  const target = safeRedirect(params.get("redirect"));
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // "Forgot password?" (also opened by /login?forgot, the reset page's "ask for a new link").
  const [forgot, setForgot] = useState(params.has("forgot"));

  // Already signed in (or just signed in): go on to the redirect target.
  if (status === "signedIn" && !busy) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError("");
    setBusy(true);
    try {
      await signInWithEmail(email.trim(), password);
      setBusy(false);
      navigate(target, { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        Sign in
      </h1>
      <p className={styles.lead}>Sign in to manage the site.</p>
      {status === "loading" ? (
        <p role="status">Checking your sign-in…</p>
      ) : forgot ? (
        <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <EmailField id="login-email" value={email} onValue={setEmail} />
          <PasswordField id="login-password" label="Password" name="password" autoComplete="current-password" value={password} onValue={setPassword} />
          <FormFooter error={error} busy={busy} label="Sign in" busyLabel="Signing in…" />
          <button type="button" className={styles.linkButton} onClick={() => setForgot(true)}>
            Forgot password?
          </button>
        </form>
      )}
    </section>
  );
}
