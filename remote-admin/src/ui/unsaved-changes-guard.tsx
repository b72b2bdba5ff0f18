import { useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { UNSAFE_DataRouterContext, useBlocker, useInRouterContext, useNavigate } from "shared-router";
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
 * true, leaving through an in-app link or browser Back asks for confirmation (react-router
 * `useBlocker`, which needs the shell's data router), and closing or reloading the tab
 * triggers the browser's own prompt (`beforeunload`). Changing only the search params of the
 * same path (e.g. opening another item of the same list) is blocked too. Under a plain
 * <BrowserRouter> (no data router, so no useBlocker) in-app link clicks are intercepted
 * instead; browser Back is then not guarded.
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
  // useBlocker throws outside a data router; keep working (tab close only) if the host has none.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const inRouter = useInRouterContext();
  if (dataRouter) return <NavigationBlocker what={what} />;
  return inRouter ? <LinkClickBlocker what={what} /> : null;
}

/**
 * Fallback without a data router: a capture-phase click listener on the document sees a click
 * on a same-site link before react-router's own handler, holds it, and asks first.
 */
function LinkClickBlocker({ what }: { what: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!unsaved().when || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== "_self") return;
      if (anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return (
    <ConfirmDialog
      open={pending !== null}
      title="Leave without saving?"
      message={`You have unsaved changes. Leaving now discards ${what}.`}
      confirmLabel="Discard and leave"
      cancelLabel="Stay on this page"
      onConfirm={() => {
        const to = pending;
        setPending(null);
        if (to) navigate(to);
      }}
      onCancel={() => setPending(null)}
    />
  );
}

function NavigationBlocker({ what }: { what: string }) {
  const blocker = useBlocker(
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
