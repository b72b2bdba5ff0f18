import {
  Component,
  Suspense,
  createContext,
  lazy,
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { resumeKeptPlace } from "./kept-place-check";
import { createRemoteRegistry, RemoteLoadError, type RemoteFailure, type RemoteLoader, type RemoteModule, type RemoteRegistry } from "./remote-registry";
import { releaseReports } from "./release-reports";
import styles from "./remote-slot.module.css";

const unconfigured = createRemoteRegistry();

/** What the page's slots load remote screens with: the browser's registry or the renderer's prepared remotes, given by AppProviders. */
export const RemoteLoaderContext = createContext<RemoteLoader>(unconfigured);

/** The browser app's registry (remotes/app-registry.ts), for the admin parts that read its entries. */
export const RemoteRegistryContext = createContext<RemoteRegistry>(unconfigured);

/**
 * How slots relate to the server render. On the server: `rendered` collects the slots a page
 * shows and `failed` the ones whose server entry could not be loaded (they render the fallback).
 * In the browser: `failed` holds the server's failures, so hydration starts from that fallback.
 */
export interface SlotRenderState {
  server: boolean;
  rendered: Set<string>;
  failed: Set<string>;
  /** In the browser: a slot's content (screen or fallback) has hydrated or rendered. */
  hydrated?: (slot: string) => void;
  /** In the browser: the server's HTML of each slot of the page as it arrived (at `path`). */
  serverHtml?: { path: string; slots: Map<string, string> };
  /**
   * In the browser: the server-rendered slots not yet mounted, so hydrating. Such a slot waits for
   * its remote holding the server's HTML (never a rejected load, which would end hydration).
   */
  hydrating?: Set<string>;
}
export const SlotRenderContext = createContext<SlotRenderState | null>(null);

interface BoundaryProps {
  label: string;
  /** The remote the slot loads: what a reload keeping the visitor's place is for. */
  remote?: string;
  onRetry: () => void;
  /** The server's HTML of this slot, when the page arrived with it: kept readable instead of the fallback. */
  keptHtml?: () => string | null;
  /** The fallback is showing (the page is as interactive as it will get for this slot). */
  onCaught?: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a remote that fails to load (or throws while rendering) and offers Retry. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[shell] ${this.props.label} failed`, error);
    this.props.onCaught?.();
    const { remote } = this.props;
    if (failureOf(error) !== "reload" || !remote) return;
    void reloadKeepingPlace(remote).then((reloading) => {
      if (!reloading) this.setState({ error: new RemoteLoadError(remote, this.props.label, error) });
    });
  }

  override render() {
    if (this.state.error) {
      const html = this.props.keptHtml?.();
      const failure = failureOf(this.state.error);
      if (html) return <KeptServerHtml html={html} failure={failure} onRetry={this.props.onRetry} />;
      return <RemoteFallback label={this.props.label} failure={failure} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

/** Why a load failed, by the error's `failure` field (not instanceof: errors cross bundles). */
function failureOf(error: unknown): RemoteFailure {
  const failure = (error as { failure?: unknown } | null)?.failure;
  return failure === "incompatible" || failure === "reload" ? failure : "unavailable";
}

/** Reloads the page keeping the visitor's place (kept-place.ts, loaded only now); false when it does not. */
function reloadKeepingPlace(remote: string): Promise<boolean> {
  return import("./kept-place").then(
    (keptPlace) => keptPlace.reloadKeepingPlace(remote),
    () => false,
  );
}

const FALLBACK_WORDS: Record<RemoteFailure, { title: string; detail: string }> = {
  unavailable: { title: "This part of the page could not be loaded.", detail: "The rest of the site still works. Check your connection, then try again." },
  // The visitor's connection is fine: the site is between two releases of this part.
  incompatible: {
    title: "This part of the page is being updated and cannot be shown right now.",
    detail: "The rest of the site still works. Please try again in a few minutes.",
  },
  // This page cannot load the part again, a new one can (kept-place.ts).
  reload: { title: "Reloading the page to finish loading this part.", detail: "Your place on the page and anything you typed will be kept." },
};

/** What a slot shows when its remote cannot be loaded: the same in the browser and on the server. */
export function RemoteFallback({ label, failure = "unavailable", onRetry }: { label: string; failure?: RemoteFailure; onRetry: () => void }) {
  const words = FALLBACK_WORDS[failure];
  return (
    <div className={styles.fallback} role="region" aria-label={`${label} unavailable`} data-remote-fallback={failure}>
      <p className={styles.title}>{words.title}</p>
      <p className={styles.detail}>{words.detail}</p>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={failure === "reload"}>
        Retry
      </button>
    </div>
  );
}

/**
 * A server-rendered slot whose remote cannot be loaded in the browser (network, a blocked host, a
 * release that cannot run here): the page stays readable with the server's HTML of it (React's
 * own escaped output, as the browser first parsed it), under a short notice with Retry.
 */
function KeptServerHtml({ html, failure, onRetry }: { html: string; failure: RemoteFailure; onRetry: () => void }) {
  return (
    <div data-remote-fallback="kept" data-remote-failure={failure}>
      <div className={styles.kept} role="status">
        <span>{HELD_WORDS[failure]}</span>
        <button type="button" className={styles.retry} onClick={onRetry} disabled={failure === "reload"}>
          Retry
        </button>
      </div>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

type HeldState = RemoteFailure | "retrying" | null;

const NOT_FINISHED = "This part of the page could not finish loading: it is shown as it first arrived and may not respond.";
const HELD_WORDS: Record<Exclude<HeldState, null>, string> = {
  unavailable: NOT_FINISHED,
  incompatible: NOT_FINISHED,
  retrying: "Trying again…",
  reload: `${FALLBACK_WORDS.reload.title} ${FALLBACK_WORDS.reload.detail}`,
};

/**
 * The load of a slot that is hydrating from the server's HTML. React ends a dehydrated boundary
 * whose lazy screen rejects (it client-renders it, error #422), so this load never rejects: on a
 * failure it reports it (the notice beside the slot offers Retry) and waits; Retry loads again, and
 * once the remote loads the boundary hydrates the server's HTML it kept all along. Its state lives
 * outside React's props, so the notice re-renders alone and the boundary gets no update while it
 * waits (an update would make React drop the server's HTML for the loading fallback).
 */
function holdServerHtml(load: (retry: boolean) => Promise<RemoteModule>, onFailed: () => void, remote: string) {
  let state: HeldState = null;
  let retried = false;
  let wake: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const set = (next: HeldState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
    /** A Retry loaded it (the server's HTML stood inert until then). */
    retried: () => retried,
    retry() {
      wake?.();
    },
    async load(): Promise<RemoteModule> {
      for (let retry = false; ; retry = true) {
        try {
          const loaded = await load(retry);
          retried = retry;
          set(null);
          return loaded;
        } catch (error) {
          console.error("[shell] a server-rendered part could not load in the browser", error);
          const failure = failureOf(error);
          set(failure);
          onFailed();
          // The page reloads: the slot keeps saying so until it does.
          if (failure === "reload" && (await reloadKeepingPlace(remote))) await new Promise<never>(() => undefined);
          if (failure === "reload") set("unavailable");
          await new Promise<void>((resolve) => (wake = resolve));
          set("retrying");
        }
      }
    },
  };
}
type HeldLoad = ReturnType<typeof holdServerHtml>;

/** The notice above a slot that keeps the server's HTML while its remote cannot be loaded here. */
function HeldNotice({ held }: { held: HeldLoad }) {
  const state = useSyncExternalStore(held.subscribe, held.state, () => null);
  if (state === null) return null;
  return (
    <div className={styles.kept} role="status" data-remote-fallback="kept" data-remote-failure={state === "retrying" ? undefined : state}>
      <span>{HELD_WORDS[state]}</span>
      <button type="button" className={styles.retry} onClick={held.retry} disabled={state === "retrying" || state === "reload"}>
        Retry
      </button>
    </div>
  );
}

export function RemoteLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      Loading…
    </div>
  );
}

/** Renders nothing; its effect runs once the slot's content beside it has hydrated (then `onHydrated`). */
function ReportHydrated({ slot, onHydrated }: { slot: string; onHydrated?: () => void }) {
  const render = useContext(SlotRenderContext);
  useEffect(() => {
    render?.hydrated?.(slot);
    onHydrated?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the content has hydrated
  }, [render, slot]);
  return null;
}

/** What the visitor typed into a slot's inert copy before a Retry recovered it: typed again, for its code to see (kept-place.ts). */
function replayTypedInto(element: HTMLElement | null): void {
  if (element) void import("./kept-place").then(({ replayTyped }) => replayTyped(element));
}

/** The server's HTML of `slot` if the page still shows the URL it was rendered for. */
function keptServerHtml(render: SlotRenderState | null, slot: string): string | null {
  const kept = render?.serverHtml;
  if (!kept || typeof location === "undefined" || kept.path !== location.pathname + location.search) return null;
  return kept.slots.get(slot) ?? null;
}

interface RemoteSlotProps {
  remote: string;
  module: string;
}

/**
 * Error boundary > Suspense > React.lazy around one exposed screen of a remote. Memoised: a
 * re-render of the route around it (its page title follows the live site name) must not reach a
 * slot that is still hydrating, or React drops the server HTML for the loading fallback (a
 * layout shift of the whole page).
 */
export const RemoteSlot = memo(function RemoteSlot({ remote, module }: RemoteSlotProps) {
  const registry = useContext(RemoteLoaderContext);
  const render = useContext(SlotRenderContext);
  const [attempt, setAttempt] = useState(0);
  const slotElement = useRef<HTMLDivElement>(null);
  const slot = `${remote}/${module}`;
  const label = `${module} (${remote})`;
  const retry = () => setAttempt((n) => n + 1);
  render?.rendered.add(slot);
  // Error boundaries do not run on the server: a failed load resolves to the fallback instead,
  // and the browser hydrates that same fallback (its Retry loads the remote).
  const failedOnServer = !render?.server && attempt === 0 && render?.failed.has(slot) === true;
  const hydrating = !render?.server && attempt === 0 && render?.hydrating?.has(slot) === true;
  // Only the first mount hydrates: coming back to the page later renders the slot afresh.
  useEffect(() => void render?.hydrating?.delete(slot), [render, slot]);
  useEffect(() => void (render?.server === false && resumeKeptPlace()), [render]);
  const held = useMemo(
    () =>
      hydrating
        ? holdServerHtml(
            (retry) => registry.load(remote, module, { retry }),
            () => {
              releaseReports.failed(remote);
              render?.hydrated?.(slot);
            },
            remote,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once, for the mount that hydrates
    [registry, remote, module],
  );
  const Screen = useMemo<ComponentType>(
    () => {
      const Fallback = () => <RemoteFallback label={label} failure={registry.incompatibility(remote) ? "incompatible" : "unavailable"} onRetry={retry} />;
      if (failedOnServer) return Fallback;
      if (held) return lazy(() => held.load());
      // React.lazy remembers a rejected load forever, so every attempt gets a new lazy component.
      if (!render?.server) return lazy(() => registry.load(remote, module, { retry: attempt > 0 }));
      return lazy(() =>
        registry.load(remote, module).catch((error: unknown) => {
          console.error(`[renderer] ${label} failed`, error);
          render.failed.add(slot);
          return { default: Fallback };
        }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
    [registry, remote, module, attempt, failedOnServer, held],
  );
  return (
    <div ref={slotElement} className={styles.slot} data-remote={remote} data-module={module}>
      {held && <HeldNotice held={held} />}
      <RemoteErrorBoundary
        key={attempt}
        label={label}
        remote={remote}
        onRetry={retry}
        onCaught={() => {
          // A load error or an error thrown while rendering: the page's release report says so.
          releaseReports.failed(remote);
          render?.hydrated?.(slot);
        }}
        keptHtml={() => keptServerHtml(render, slot)}
      >
        <Suspense fallback={<RemoteLoading />}>
          <Screen />
          <ReportHydrated slot={slot} onHydrated={() => held?.retried() && replayTypedInto(slotElement.current)} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
});
