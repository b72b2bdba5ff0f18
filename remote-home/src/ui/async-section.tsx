import type { ReactNode } from "react";
import { loadFailureMessage } from "shared-content";
import { Skeleton, StateView, visuallyHidden, type LoadState } from "shared-ui";
import styles from "./async-section.module.css";

interface Props<T> {
  id: string;
  title: string;
  state: LoadState<T>;
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
  const body = (
    <StateView
      state={state}
      skeleton={skeleton ?? <Skeleton label={`Loading ${title.toLowerCase()}…`} />}
      isEmpty={isEmpty}
      emptyText={emptyText}
      describeError={(error) => loadFailureMessage(title, error)}
    >
      {children}
    </StateView>
  );
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId} data-section={id} data-status={state.status}>
      <h2 id={headingId} className={hideTitle ? visuallyHidden : styles.title}>
        {title}
      </h2>
      {body}
      {after}
    </section>
  );
}
