import type { ReactNode } from "react";
import styles from "./status-message.module.css";

export interface StatusMessageProps {
  kind: "info" | "success" | "error" | "warning";
  children: ReactNode;
  /** Optional action (e.g. a Retry button) shown after the text. */
  action?: ReactNode;
}

/**
 * A message about the state of the screen. Errors and warnings use role="alert" so they are
 * announced at once; success and info use role="status" (polite).
 */
export function StatusMessage({ kind, children, action }: StatusMessageProps) {
  const role = kind === "error" || kind === "warning" ? "alert" : "status";
  return (
    <div role={role} className={`${styles.message} ${styles[kind]}`}>
      <span>{children}</span>
      {action ? <span className={styles.action}>{action}</span> : null}
    </div>
  );
}
