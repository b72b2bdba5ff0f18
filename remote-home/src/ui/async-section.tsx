import type { ReactNode } from "react";
import type { AsyncState } from "./async-state";
import { EmptyState, ErrorState, Skeleton } from "shared-ui";
import styles from "./async-section.module.css";

interface Props<T> {
  id: string;
  title: string;
  state: AsyncState<T>;
  /** Shown while loading; defaults to three shimmering lines. */
  skeleton?: ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** Visually hide the heading (the about section shows its own h1). */
  hideTitle?: boolean;
  /** Rendered after the body in every state (e.g. a call to action). */
  after?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One home/blog section: heading plus the loading, empty, error and ready states of its data. */
export function AsyncSection<T>({ id, title, state, skeleton, isEmpty, emptyText, hideTitle, after, children }: Props<T>) {
  const headingId = `${id}-heading`;
  let body: ReactNode;
  if (state.status === "error") {
    body = <ErrorState message={errorText(title, state.error)} onRetry={state.retry} />;
  } else if (state.status === "loading" || state.data === undefined) {
    body = skeleton ?? <Skeleton label={`Loading ${title.toLowerCase()}…`} />;
  } else if (state.data === null || isEmpty(state.data)) {
    body = <EmptyState>{emptyText}</EmptyState>;
  } else {
    body = children(state.data);
  }
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId} data-section={id} data-status={state.status}>
      <h2 id={headingId} className={hideTitle ? styles.hidden : styles.title}>
        {title}
      </h2>
      {body}
      {after}
    </section>
  );
}

export function errorText(what: string, error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const message = error instanceof Error ? error.message : "";
  if (/permission/i.test(code) || /permission/i.test(message)) {
    return `${what} could not be loaded: access was denied.`;
  }
  return `${what} could not be loaded. Check your connection and try again.`;
}
