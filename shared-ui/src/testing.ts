// For the remotes' tests (never imported by the app): a screen's load states, as its hooks report them.
import type { LoadState } from "./state-panels";

export const ready = <T>(data: T): LoadState<T> => ({ status: "ready", data, error: null, retry: () => {} });
export const loading = <T>(data: T): LoadState<T> => ({ status: "loading", data, error: null, retry: () => {} });
export const failed = <T>(data: T, retry: () => void, code = "unavailable"): LoadState<T> => ({
  status: "error",
  data,
  error: Object.assign(new Error("The database cannot be reached right now."), { code }),
  retry,
});
