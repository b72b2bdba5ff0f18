import { useRef } from "react";
import type { LoadState } from "shared-ui";

/**
 * A paged hook reports "loading" again each time its window grows or its order changes. Keep
 * showing the last ready data meanwhile, so the list does not blink back to a skeleton and
 * the reader keeps their scroll position. `pending` tells that newer data is on its way.
 */
export function useLastReady<S extends LoadState<unknown>>(state: S): S & { pending: boolean } {
  const last = useRef<S | null>(null);
  if (state.status === "ready") last.current = state;
  if (state.status === "loading" && last.current) {
    return { ...state, status: "ready", data: last.current.data, pending: true };
  }
  if (state.status === "error") last.current = null;
  return { ...state, pending: false };
}
