import { useId, useState, type FormEvent } from "react";
import { checkPasswordPolicy, refreshPasswordPolicy } from "shared-auth";
import { changePassword } from "./admin-account";
import { CheckboxField, Field, FormActions, Panel, SaveButton, StatusMessage, TextField, UnsavedChangesGuard, useSaveState } from "../ui";
import { authErrorCode } from "shared-auth/messages";
import { passwordChangeMessage } from "./account-messages";
import { PasswordChecklist } from "shared-ui";
import { usePasswordPolicy } from "shared-auth/password-policy";
import fieldStyles from "../ui/field.module.css";
import styles from "./account.module.css";

export interface ChangePasswordFormProps {
  /** False while the screen is signing out, so leaving is not blocked. */
  guard?: boolean;
}

/**
 * Current password, new password and confirmation. Save stays disabled until the new password
 * meets every requirement of the policy and both entries match; on failure nothing typed is lost.
 */
export function ChangePasswordForm({ guard = true }: ChangePasswordFormProps) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [show, setShow] = useState(false);
  const { check, reload } = usePasswordPolicy(next, { checkPasswordPolicy, refreshPasswordPolicy });
  const save = useSaveState(passwordChangeMessage);
  const checklistId = `pw-rules-${useId().replace(/:/g, "")}`;
  const whyId = `${checklistId}-why`;

  const mismatch = confirm !== "" && confirm !== next;
  const ready = current !== "" && next !== "" && check?.met === true && next === confirm;
  const dirty = current !== "" || next !== "" || confirm !== "";
  const type = show ? "text" : "password";

  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    if (save.status === "saved") save.reset();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    let policyRefused = false;
    const ok = await save.run(async () => {
      try {
        await changePassword(current, next);
      } catch (error) {
        policyRefused = authErrorCode(error) === "auth/password-does-not-meet-requirements";
        throw error;
      }
    });
    if (ok) {
      setCurrent("");
      setNext("");
      setConfirm("");
    } else if (policyRefused) {
      // changePassword already refreshed the SDK's cached policy; re-check what is typed.
      await reload();
    }
  };

  return (
    <Panel title="Change password">
      <UnsavedChangesGuard when={guard && dirty} what="the passwords you typed" />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change password">
        <TextField label="Current password" type={type} autoComplete="current-password" value={current} onChange={edit(setCurrent)} required />
        <Field label="New password" required>
          {(control) => (
            <>
              <input
                {...control}
                // The checklist describes the field, so screen readers hear the requirements.
                aria-describedby={[control["aria-describedby"], checklistId].filter(Boolean).join(" ")}
                className={fieldStyles.input}
                type={type}
                autoComplete="new-password"
                value={next}
                onChange={(e) => edit(setNext)(e.target.value)}
                required
              />
              <PasswordChecklist id={checklistId} check={check} />
            </>
          )}
        </Field>
        <TextField
          label="Confirm new password"
          type={type}
          autoComplete="new-password"
          value={confirm}
          onChange={edit(setConfirm)}
          error={mismatch ? "The two new passwords do not match." : undefined}
          required
        />
        <CheckboxField label="Show passwords" checked={show} onChange={setShow} />
        <FormActions>
          <SaveButton
            type="submit"
            status={save.status}
            label="Change password"
            busyLabel="Changing password…"
            successText=""
            error={save.error}
            disabled={!ready}
            aria-describedby={ready ? undefined : whyId}
          />
        </FormActions>
        {!ready && save.status !== "saving" ? (
          <p id={whyId} className={styles.hint}>
            The button is enabled once you have entered the current password, the new password meets every requirement, and both new passwords match.
          </p>
        ) : null}
        {save.status === "saved" ? <StatusMessage kind="success">Your password was changed. Use the new one next time you sign in.</StatusMessage> : null}
      </form>
    </Panel>
  );
}
