import { useState, type FormEvent } from "react";
import type { EmailChangeResult } from "shared-auth/admin";
import { changeEmail } from "./admin-account";
import { FormActions, Panel, SaveButton, StatusMessage, TextField, UnsavedChangesGuard, useSaveState } from "../ui";
import { emailChangeMessage } from "./account-messages";
import styles from "./account.module.css";

// Catches typos before asking the service; the service has the last word (auth/invalid-email).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ChangeEmailFormProps {
  currentEmail: string | null;
  guard?: boolean;
  onChanged?: (result: EmailChangeResult) => void;
}

/** New sign-in email, confirmed with the current password (re-authentication). */
export function ChangeEmailForm({ currentEmail, guard = true, onChanged }: ChangeEmailFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<EmailChangeResult | null>(null);
  const save = useSaveState(emailChangeMessage);

  const trimmed = email.trim();
  const shapeError =
    touched && trimmed !== "" && !EMAIL_SHAPE.test(trimmed)
      ? "That is not a valid email address. Check it for typos, such as a missing @ or domain."
      : touched && trimmed !== "" && trimmed.toLowerCase() === currentEmail?.toLowerCase()
        ? "That is already your email address."
        : undefined;
  const ready = trimmed !== "" && password !== "" && EMAIL_SHAPE.test(trimmed) && trimmed.toLowerCase() !== currentEmail?.toLowerCase();
  const dirty = email !== "" || password !== "";

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ready) return;
    setResult(null);
    let outcome: EmailChangeResult | null = null;
    const ok = await save.run(async () => {
      outcome = await changeEmail(password, trimmed);
    });
    if (ok && outcome) {
      setResult(outcome);
      setEmail("");
      setPassword("");
      setTouched(false);
      onChanged?.(outcome);
    }
  };

  return (
    <Panel title="Change email">
      <UnsavedChangesGuard when={guard && dirty} what="the new email you typed" />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change email">
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setResult(null);
          }}
          onBlur={() => setTouched(true)}
          error={shapeError}
          required
        />
        <TextField
          label="Current password"
          hint="Needed to confirm it is you."
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <FormActions>
          <SaveButton type="submit" status={save.status} label="Change email" busyLabel="Changing email…" successText="" error={save.error} disabled={!ready} />
        </FormActions>
        {result?.kind === "updated" ? <StatusMessage kind="success">Your sign-in email is now {result.email}.</StatusMessage> : null}
        {result?.kind === "verification-sent" ? (
          <StatusMessage kind="info">
            A confirmation link was sent to {result.email}. Your email changes when you follow it; until then, sign in with the current address.
          </StatusMessage>
        ) : null}
      </form>
    </Panel>
  );
}
