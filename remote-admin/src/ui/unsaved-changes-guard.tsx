import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import { useNavigationBlocker } from "shared-router";
import { ConfirmDialog } from "./confirm-dialog";
import { useBeforeUnload } from "./use-before-unload";

export interface UnsavedChangesGuardProps {
  /** True while the form holds changes that are not saved. */
  when: boolean;
  /** Names what would be lost, e.g. "your changes to the post". */
  what?: string;
}

/**
 * Every guard on the page, in mount order. The router supports one blocker at a time (with two,
 * it warns and consults only the last one), so a screen with several forms (the account screen)
 * would guard only its last form. Instead every guard registers here, and the first one mounted
 * holds the page's only blocker, which asks about all of them.
 */
const guards = new Map<object, { when: boolean; what: string }>();
const listeners = new Set<() => void>();
let version = 0;
function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const getVersion = () => version;

/**
 * Whether any guard of the page holds unsaved changes, and what they would lose. Read when a
 * navigation starts (not from the last render): guards update in layout effects, so a form
 * that was just saved or discarded is clean here before any effect navigates away.
 */
function unsaved(): { when: boolean; what: string } {
  const dirty = [...guards.values()].filter((g) => g.when).map((g) => g.what);
  const what = dirty.length <= 1 ? (dirty[0] ?? "your changes") : `${dirty.slice(0, -1).join(", ")} and ${dirty.at(-1)}`;
  return { when: dirty.length > 0, what };
}

/**
 * Render inside a form (any number of them per screen, whatever the layout): while `when` is
 * true, leaving through an in-app link, `navigate()` or browser Back/Forward asks for
 * confirmation (the shell's router holds the navigation: shared-router's useNavigationBlocker),
 * and closing or reloading the tab triggers the browser's own prompt (`beforeunload`). Changing
 * only the search params of the same path (e.g. opening another item of the same list) is
 * blocked too.
 */
export function UnsavedChangesGuard({ when, what = "your changes" }: UnsavedChangesGuardProps) {
  const [key] = useState(() => ({}));
  useLayoutEffect(() => {
    guards.set(key, { when, what });
    changed();
  }, [key, when, what]);
  useLayoutEffect(
    () => () => {
      guards.delete(key);
      changed();
    },
    [key],
  );
  useSyncExternalStore(subscribe, getVersion, getVersion);
  useBeforeUnload(when);
  const leader = guards.keys().next().value === key;
  return leader ? <PageGuard what={unsaved().what} /> : null;
}

/** The page's one blocker, asking for every registered guard. */
function PageGuard({ what }: { what: string }) {
  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved().when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
