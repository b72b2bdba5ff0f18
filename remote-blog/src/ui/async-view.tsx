import type { ReactNode } from "react";
import type { AsyncState } from "./async-state";
import { EmptyState, ErrorState, Skeleton } from "shared-ui";

interface Props<T> {
  what: string;
  state: AsyncState<T>;
  skeleton?: ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with Retry), empty and ready states of one live read. */
export function AsyncView<T>({ what, state, skeleton, isEmpty, emptyText, children }: Props<T>) {
  if (state.status === "error") return <ErrorState message={errorText(what, state.error)} onRetry={state.retry} />;
  if (state.status === "loading" || state.data === undefined) return <>{skeleton ?? <Skeleton label={`Loading ${what}…`} lines={5} />}</>;
  if (state.data === null || isEmpty(state.data)) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children(state.data)}</>;
}

export function errorText(what: string, error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const message = error instanceof Error ? error.message : "";
  if (/permission/i.test(code) || /permission/i.test(message)) {
    return `The ${what} could not be loaded: access was denied.`;
  }
  return `The ${what} could not be loaded. Check your connection and try again.`;
}
