import styles from "./state-panels.module.css";
import { visuallyHidden } from "./visually-hidden";

export function Skeleton({ lines = 3, label, block = false }: { lines?: number; label: string; block?: boolean }) {
  return (
    <div className={styles.skeleton} aria-busy="true" role="status" data-state="loading">
      <span className={visuallyHidden}>{label}</span>
      {block ? <div className={styles.block} aria-hidden="true" /> : null}
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={styles.line} style={{ width: `${92 - ((i * 17) % 40)}%` }} aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className={styles.empty} data-state="empty">
      {children}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert" data-state="error">
      <p>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The state of one live read, as shared-content's hooks return it (LiveResult fits). */
export interface LoadState<T> {
  status: "loading" | "ready" | "error";
  data: T | null | undefined;
  error: unknown;
  retry: () => void;
}

interface StateViewProps<T> {
  state: LoadState<T>;
  /** Shown while loading. */
  skeleton: React.ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: React.ReactNode;
  /** The sentence for a failure (shared-content's loadFailureMessage). */
  describeError: (error: unknown) => string;
  children: (data: T) => React.ReactNode;
}

/** Loading, error (with Retry), empty and ready: the one view of a live read's states. */
export function StateView<T>({ state, skeleton, isEmpty, emptyText, describeError, children }: StateViewProps<T>) {
  if (state.status === "error") return <ErrorState message={describeError(state.error)} onRetry={state.retry} />;
  if (state.status === "loading" || state.data === undefined) return <>{skeleton}</>;
  if (state.data === null || isEmpty(state.data)) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children(state.data)}</>;
}
