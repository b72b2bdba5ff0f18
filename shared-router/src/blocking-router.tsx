// The shell's browser router: react-router's declarative <BrowserRouter>, plus the one thing the
// site used its data router for, holding a navigation while a form has unsaved changes. The data
// router (createBrowserRouter) costs every visitor about 16 KB gzip for loaders, actions and
// fetchers the site does not use; this is the part of it the admin needs.
import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, parsePath, type Location, type Navigator, type To } from "react-router-dom";

type History = ReturnType<typeof createBrowserHistory>;

/** What a blocker is asked about: where the page is, and where a navigation would take it. */
export interface NavigationAttempt {
  currentLocation: Pick<Location, "pathname" | "search" | "hash">;
  nextLocation: Pick<Location, "pathname" | "search" | "hash">;
  historyAction: "PUSH" | "REPLACE" | "POP";
}

/** The same shape as react-router's `Blocker`, so a screen reads it the same way. */
export type NavigationBlocker =
  | { state: "unblocked"; location: undefined; proceed: undefined; reset: undefined }
  | { state: "blocked"; location: Pick<Location, "pathname" | "search" | "hash">; proceed: () => void; reset: () => void };

const UNBLOCKED: NavigationBlocker = { state: "unblocked", location: undefined, proceed: undefined, reset: undefined };

interface BlockerRegistry {
  /** Registers the page's blocker; returns the function that removes it. One at a time, as in react-router. */
  register(shouldBlock: (attempt: NavigationAttempt) => boolean, onBlocked: (blocker: NavigationBlocker) => void): () => void;
}

const BlockerContext = createContext<BlockerRegistry | null>(null);

const pathOf = (to: To) => {
  const { pathname = "", search = "", hash = "" } = typeof to === "string" ? parsePath(to) : to;
  return { pathname, search, hash };
};

/**
 * <BrowserRouter> that can hold a navigation. In-app navigations (links, `navigate()`) are asked
 * before they happen. Browser Back/Forward has already moved the URL when the page hears of it, so
 * a held one is undone at once (history.go back by the same distance) and replayed on proceed,
 * which is what react-router's data router does too.
 */
export function BlockingBrowserRouter({ children }: { children?: ReactNode }) {
  const historyRef = useRef<History>(null);
  historyRef.current ??= createBrowserHistory({ v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });
  // The location the page shows (on Back the URL has already moved on when the listener runs).
  const shown = useRef(history.location);
  const blocker = useRef<{ shouldBlock: (attempt: NavigationAttempt) => boolean; onBlocked: (b: NavigationBlocker) => void } | null>(null);
  // A POP this router caused itself, not to be asked about again: undoing a held Back, replaying
  // it on proceed, or both when proceed comes before the undo has landed (history.go is async).
  const ownPop = useRef<{ kind: "undo" | "replay" } | { kind: "undo-then-replay"; delta: number } | null>(null);
  const replay = useCallback(
    (delta: number) => {
      if (ownPop.current?.kind === "undo") ownPop.current = { kind: "undo-then-replay", delta };
      else {
        ownPop.current = { kind: "replay" };
        history.go(delta);
      }
    },
    [history],
  );

  const asks = useCallback((historyAction: NavigationAttempt["historyAction"], to: To, retry: () => void): boolean => {
    const current = blocker.current;
    if (!current) return false;
    const { pathname, search, hash } = shown.current;
    if (!current.shouldBlock({ currentLocation: { pathname, search, hash }, nextLocation: pathOf(to), historyAction })) return false;
    const done = () => current.onBlocked(UNBLOCKED);
    current.onBlocked({
      state: "blocked",
      location: pathOf(to),
      proceed: () => {
        done();
        retry();
      },
      reset: done,
    });
    return true;
  }, []);

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        if (action === "POP") {
          const own = ownPop.current;
          ownPop.current = null;
          if (own?.kind === "undo") return; // back where the page already is
          if (own?.kind === "undo-then-replay") return replay(own.delta);
          // Without a distance (an entry from before this page loaded) the move cannot be undone.
          if (own?.kind !== "replay" && delta && asks("POP", location, () => replay(delta))) {
            ownPop.current = { kind: "undo" };
            history.go(-delta);
            return;
          }
        }
        shown.current = location;
        startTransition(() => setState({ action, location }));
      }),
    [history, asks, replay],
  );

  const navigator = useMemo<Navigator>(
    () => ({
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, pushState) => {
        if (!asks("PUSH", to, () => history.push(to, pushState))) history.push(to, pushState);
      },
      replace: (to, replaceState) => {
        if (!asks("REPLACE", to, () => history.replace(to, replaceState))) history.replace(to, replaceState);
      },
    }),
    [history, asks],
  );

  const registry = useMemo<BlockerRegistry>(
    () => ({
      register(shouldBlock, onBlocked) {
        const entry = { shouldBlock, onBlocked };
        blocker.current = entry;
        return () => {
          if (blocker.current === entry) blocker.current = null;
        };
      },
    }),
    [],
  );

  return (
    <BlockerContext.Provider value={registry}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </BlockerContext.Provider>
  );
}

/**
 * Holds in-app navigations and browser Back/Forward while `shouldBlock` says so; read `state`,
 * then `proceed()` or `reset()`, as with react-router's useBlocker. Outside a
 * BlockingBrowserRouter (the server, a test's MemoryRouter) it never blocks. One blocker per
 * page: a screen with several forms asks them all from one blocker.
 */
export function useNavigationBlocker(shouldBlock: (attempt: NavigationAttempt) => boolean): NavigationBlocker {
  const registry = useContext(BlockerContext);
  const [blocker, setBlocker] = useState<NavigationBlocker>(UNBLOCKED);
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useLayoutEffect(() => registry?.register((attempt) => latest.current(attempt), setBlocker), [registry]);
  return blocker;
}
