import type { ReactNode } from "react";
import { Button, StatusMessage } from "../ui";

/** A warning that this browser kept something the database does not have, with Restore and Discard. */
export function RestorePrompt({
  restoreLabel,
  discardLabel,
  onRestore,
  onDiscard,
  children,
}: {
  restoreLabel: string;
  discardLabel: string;
  onRestore: () => void;
  onDiscard: () => void;
  children: ReactNode;
}) {
  return (
    <StatusMessage
      kind="warning"
      action={
        <>
          <Button onClick={onRestore}>{restoreLabel}</Button>
          <Button onClick={onDiscard}>{discardLabel}</Button>
        </>
      }
    >
      {children}
    </StatusMessage>
  );
}
