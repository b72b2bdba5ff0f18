import { useCallback } from "react";
import { useSearchParams } from "shared-router";

/**
 * The page's query string, and a setter of one parameter (null or "" removes it) that replaces
 * the history entry: typing a search or picking a sort does not add a Back step per change.
 */
export function useSearchParam() {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (name: string, next: string | null) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next) copy.set(name, next);
          else copy.delete(name);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return { params, setParam, clear };
}
