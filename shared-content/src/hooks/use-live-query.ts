// The one live-read primitive: a subscription (REST stream or SDK listener, see live/source.ts)
// that is removed on unmount, decoded data, plain error messages and a retry. A read with no
// answer after a while reports "unavailable" but keeps listening, so the page recovers by
// itself when the database comes back.
import { useCallback, useEffect, useRef, useState } from "react";
import { ContentError, toContentError } from "../errors";
import { DEFAULT_LOAD_TIMEOUT_MS } from "../limits";
import { PATHS } from "../paths";
import { readKey, sameStoredValue, type LiveRead, type LiveSeed, type ReadScope } from "../live/source";
import { useRenderStore, useSnapshotEntry, type SnapshotEntry } from "../snapshot/render-store";

export type LiveStatus = "loading" | "ready" | "error";

export interface LiveResult<T> {
  status: LiveStatus;
  /** The decoded value; the initial value (null or []) until the first answer. */
  data: T;
  error: ContentError | null;
  /** Drop the listener and listen again. */
  retry: () => void;
}

export interface LiveQueryOptions {
  /** Treat "permission denied" as "nothing here" (a draft post looks like a missing one). */
  deniedMeansEmpty?: boolean;
  /** false: do not listen; report ready with the initial value. Default true. */
  enabled?: boolean;
  /**
   * Whose read (live/source.ts, ReadScope); default "public": on a server-rendered page the
   * server reads it once before rendering and embeds the value, and the browser starts from that
   * value instead of "loading". An "admin" read is never server-rendered.
   */
  scope?: ReadScope;
}

let loadTimeoutMs = DEFAULT_LOAD_TIMEOUT_MS;
/** How long a first read may take before the hook reports "unavailable" (tests shorten it). */
export function setLoadTimeoutMs(ms: number): void {
  loadTimeoutMs = ms;
}

interface State<T> {
  key: string;
  attempt: number;
  enabled: boolean;
  status: LiveStatus;
  data: T;
  error: ContentError | null;
}

/**
 * Starts listening: calls `next` with each plain JSON value, `fail` on an error; returns the stop.
 * `seed`: the server-rendered value the hook starts from (live/source.ts, LiveSeed).
 */
export type Subscribe = (next: (value: unknown) => void, fail: (error: unknown) => void, seed?: LiveSeed) => () => void;

/**
 * Listen to `read` through `subscribe` (its subscription) while mounted. The read's key
 * (readKey, derived) identifies it: when it changes the listener is replaced; a public read's
 * key is also its entry in the page's render store. `decode` turns the plain value into data
 * (it must not throw).
 */
export function useLiveQuery<T>(
  read: LiveRead | readonly LiveRead[],
  subscribe: Subscribe,
  decode: (value: unknown) => T,
  initial: T,
  options: LiveQueryOptions = {},
): LiveResult<T> {
  const [attempt, setAttempt] = useState(0);
  const enabled = options.enabled !== false;
  const scope = options.scope ?? "public";
  const key = readKey(read, scope);
  const pageStore = useRenderStore();
  // Only a public read of one path is carried over by a server-rendered page.
  const snapshotRead = scope === "public" && !Array.isArray(read) ? (read as LiveRead) : undefined;
  const store = snapshotRead ? pageStore : null;
  const entry = useSnapshotEntry(snapshotRead, enabled);
  const deniedMeansEmpty = options.deniedMeansEmpty === true;
  const [state, setState] = useState<State<T>>(() => ({
    key,
    attempt,
    enabled,
    ...(!enabled
      ? { status: "ready", data: initial, error: null }
      : entry
        ? fromSnapshot(entry, decode, initial, deniedMeansEmpty)
        : { status: "loading", data: initial, error: null }),
  }));
  // The latest callbacks, read inside the effect without making them dependencies.
  const latest = useRef({ subscribe, decode, initial, deniedMeansEmpty });
  latest.current = { subscribe, decode, initial, deniedMeansEmpty };
  // Started from a server-rendered value: keep showing it (no "loading") until the stream answers.
  const seeded = useRef(entry !== undefined);
  // The value the page was rendered from, if any: the stream's first answer is usually that same
  // value, and decoding and rendering it again would redo the server's work on a phone.
  const seededValue = useRef(entry && "value" in entry ? { value: entry.value } : undefined);

  useEffect(() => {
    const { subscribe: listen, decode: dec, initial: init, deniedMeansEmpty } = latest.current;
    if (!enabled) {
      setState({ key, attempt, enabled, status: "ready", data: init, error: null });
      return;
    }
    let answered = false;
    let active = true;
    const put = (next: Omit<State<T>, "key" | "attempt" | "enabled">) => {
      if (active) setState({ key, attempt, enabled, ...next });
    };
    const fromServer = seeded.current;
    seeded.current = false;
    let rendered = fromServer ? seededValue.current : undefined;
    seededValue.current = undefined;
    if (!fromServer) put({ status: "loading", data: init, error: null });
    const answer = () => {
      answered = true;
    };

    // The marker the server read before this value: the source fetches it again only once that moves.
    const seed = rendered && store ? { value: rendered.value, changes: store.reads.get(readKey({ path: PATHS.changes })) } : undefined;
    let unsubscribe: () => void = () => {};
    try {
      unsubscribe = listen(
        (value) => {
          answer();
          store?.remember(key, value);
          const same = rendered !== undefined && sameStoredValue(rendered.value, value);
          rendered = undefined;
          if (!same) put({ status: "ready", data: dec(value), error: null });
        },
        (error) => {
          answer();
          store?.forget(key);
          const mapped = toContentError(error);
          if (deniedMeansEmpty && mapped.code === "permission-denied") put({ status: "ready", data: init, error: null });
          else put({ status: "error", data: init, error: mapped });
        },
        seed,
      );
    } catch (error) {
      answered = true;
      put({ status: "error", data: init, error: toContentError(error) });
    }
    // A page that shows server-rendered data keeps it while the stream is slow to connect.
    const timer = setTimeout(() => {
      if (!answered && !fromServer) put({ status: "error", data: init, error: new ContentError("unavailable") });
    }, loadTimeoutMs);

    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [key, attempt, enabled, store]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Until the effect for a new key/attempt has run, report loading rather than stale data.
  if (state.key !== key || state.attempt !== attempt || state.enabled !== enabled) {
    return { status: enabled ? "loading" : "ready", data: initial, error: null, retry };
  }
  return { status: state.status, data: state.data, error: state.error, retry };
}

/** The state a snapshot entry stands for (decoded exactly as a live value would be). */
function fromSnapshot<T>(
  entry: SnapshotEntry,
  decode: (value: unknown) => T,
  initial: T,
  deniedMeansEmpty: boolean,
): Omit<State<T>, "key" | "attempt" | "enabled"> {
  if ("value" in entry) return { status: "ready", data: decode(entry.value), error: null };
  if (deniedMeansEmpty && entry.error === "permission-denied") return { status: "ready", data: initial, error: null };
  return { status: "error", data: initial, error: new ContentError(entry.error) };
}
