// The one live-read primitive: a subscription (REST stream or SDK listener, see live/source.ts)
// that is removed on unmount, decoded data, plain error messages and a retry. A read with no
// answer after a while reports "unavailable" but keeps listening, so the page recovers by
// itself when the database comes back.
import { useCallback, useEffect, useRef, useState } from "react";
import { ContentError, toContentError } from "../errors";
import { DEFAULT_LOAD_TIMEOUT_MS } from "../limits";

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

/** Starts listening: calls `next` with each plain JSON value, `fail` on an error; returns the stop. */
export type Subscribe = (next: (value: unknown) => void, fail: (error: unknown) => void) => () => void;

/**
 * Listen through `subscribe` while mounted. `key` identifies the query: when it changes the
 * listener is replaced. `decode` turns the plain value into data (it must not throw).
 */
export function useLiveQuery<T>(
  key: string,
  subscribe: Subscribe,
  decode: (value: unknown) => T,
  initial: T,
  options: LiveQueryOptions = {},
): LiveResult<T> {
  const [attempt, setAttempt] = useState(0);
  const enabled = options.enabled !== false;
  const [state, setState] = useState<State<T>>({ key, attempt, enabled, status: "loading", data: initial, error: null });
  // The latest callbacks, read inside the effect without making them dependencies.
  const latest = useRef({ subscribe, decode, initial, deniedMeansEmpty: options.deniedMeansEmpty === true });
  latest.current = { subscribe, decode, initial, deniedMeansEmpty: options.deniedMeansEmpty === true };

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
    put({ status: "loading", data: init, error: null });

    let unsubscribe: () => void = () => {};
    try {
      unsubscribe = listen(
        (value) => {
          answered = true;
          put({ status: "ready", data: dec(value), error: null });
        },
        (error) => {
          answered = true;
          const mapped = toContentError(error);
          if (deniedMeansEmpty && mapped.code === "permission-denied") put({ status: "ready", data: init, error: null });
          else put({ status: "error", data: init, error: mapped });
        },
      );
    } catch (error) {
      answered = true;
      put({ status: "error", data: init, error: toContentError(error) });
    }
    const timer = setTimeout(() => {
      if (!answered) put({ status: "error", data: init, error: new ContentError("unavailable") });
    }, loadTimeoutMs);

    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [key, attempt, enabled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Until the effect for a new key/attempt has run, report loading rather than stale data.
  if (state.key !== key || state.attempt !== attempt || state.enabled !== enabled) {
    return { status: enabled ? "loading" : "ready", data: initial, error: null, retry };
  }
  return { status: state.status, data: state.data, error: state.error, retry };
}
