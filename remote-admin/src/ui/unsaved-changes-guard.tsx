import { useContext, useEffect, useRef, useState } from "react";
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
 * Render inside a form screen: while `when` is true, leaving through an in-app link asks for
 * confirmation (react-router `useBlocker`, which needs the shell's data router), and closing
 * or reloading the tab triggers the browser's own prompt (`beforeunload`). Changing only the
 * search params of the same path (e.g. opening another item of the same list) is blocked too.
 * Under a plain <BrowserRouter> (no data router, so no useBlocker) in-app link clicks are
 * intercepted instead; browser Back is then not guarded.
 */
export function UnsavedChangesGuard({ when, what = "your changes" }: UnsavedChangesGuardProps) {
  useBeforeUnload(when);
  // useBlocker throws outside a data router; keep working (tab close only) if the host has none.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const inRouter = useInRouterContext();
  if (dataRouter) return <NavigationBlocker when={when} what={what} />;
  return inRouter ? <LinkClickBlocker when={when} what={what} /> : null;
}

/**
 * Fallback without a data router: a capture-phase click listener on the document sees a click
 * on a same-site link before react-router's own handler, holds it, and asks first.
 */
function LinkClickBlocker({ when, what }: { when: boolean; what: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const whenRef = useRef(when);
  whenRef.current = when;

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (!whenRef.current || event.defaultPrevented || event.button !== 0) return;
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
  }, [when]);

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
        whenRef.current = false;
        if (to) navigate(to);
      }}
      onCancel={() => setPending(null)}
    />
  );
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
