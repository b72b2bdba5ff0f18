import type { ButtonProps } from "./button";
import { Button } from "./button";
import { isUnconfirmed, type SaveStatus } from "./use-save-state";
import styles from "./save-button.module.css";

export interface SaveButtonProps extends Omit<ButtonProps, "children"> {
  status: SaveStatus;
  /** Label at rest, e.g. "Save" or "Publish". */
  label?: string;
  /** Label while the write runs, e.g. "Publishing…". */
  busyLabel?: string;
  /** Text announced after success, e.g. "Saved". */
  successText?: string;
  /** The failure message (shown next to the button, announced). */
  error?: string | null;
}

/** Announced while the server has not confirmed a save for a while (status "pending"). */
export const PENDING_SAVE_TEXT = "Not confirmed yet: waiting for the database. It is sent when the connection returns; keep this tab open.";

/**
 * A save button that shows progress (disabled, busy label, aria-busy), a "not confirmed yet"
 * note while the server is slow to answer, then a success note, or the specific failure next
 * to it. Use with `useSaveState`.
 */
export function SaveButton({
  status,
  label = "Save",
  busyLabel = "Saving…",
  successText = "Saved",
  error,
  variant = "primary",
  disabled,
  ...rest
}: SaveButtonProps) {
  const busy = isUnconfirmed(status);
  return (
    <span className={styles.wrap}>
      <Button {...rest} variant={variant} disabled={disabled || busy} aria-busy={busy || undefined}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? busyLabel : label}
      </Button>
      <span role="status" className={status === "pending" ? styles.pending : styles.success}>
        {status === "saved" ? successText : status === "pending" ? PENDING_SAVE_TEXT : ""}
      </span>
      {status === "error" && error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
