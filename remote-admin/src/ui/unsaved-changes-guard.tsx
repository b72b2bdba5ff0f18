import { useContext } from "react";
import { UNSAFE_DataRouterContext, useBlocker } from "react-router-dom";
import { ConfirmDialog } from "./confirm-dialog";
import { useBeforeUnload } from "./use-before-unload";

export interface UnsavedChangesGuardProps {
  /** True while the form holds changes that are not saved. */
  when: boolean;
  /** Names what would be lost, e.g. "your changes to the post". */
  what?: string;
}

/**
 * Render inside a form screen: while `when` is true, leaving through an in-app link asks for
 * confirmation (react-router `useBlocker`, which needs the shell's data router), and closing
 * or reloading the tab triggers the browser's own prompt (`beforeunload`). Changing only the
 * search params of the same path (e.g. opening another item of the same list) is blocked too.
 */
export function UnsavedChangesGuard({ when, what = "your changes" }: UnsavedChangesGuardProps) {
  useBeforeUnload(when);
  // useBlocker throws outside a data router; keep working (tab close only) if the host has none.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationBlocker when={when} what={what} /> : null;
}

function NavigationBlocker({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      message={`You have unsaved changes. Leaving now discards ${what}.`}
      confirmLabel="Discard and leave"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
