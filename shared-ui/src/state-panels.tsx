import styles from "./state-panels.module.css";

export function Skeleton({ lines = 3, label, block = false }: { lines?: number; label: string; block?: boolean }) {
  return (
    <div className={styles.skeleton} aria-busy="true" role="status" data-state="loading">
      <span className={styles.visuallyHidden}>{label}</span>
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
