import type { ReactNode } from "react";
import styles from "./admin-page.module.css";

export interface AdminPageProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown next to the title (e.g. "New post"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of one admin screen: h1, intro and content. The shell draws nav and header. */
export function AdminPage({ title, description, actions, children }: AdminPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export interface PanelProps {
  title?: string;
  children: ReactNode;
  /** Heading level of the title; 2 by default. */
  level?: 2 | 3;
  actions?: ReactNode;
}

/** A bordered section of a screen with an optional heading. */
export function Panel({ title, children, level = 2, actions }: PanelProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={styles.panel}>
      {title || actions ? (
        <div className={styles.panelHeader}>
          {title ? <Heading className={styles.panelTitle}>{title}</Heading> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Layout helpers for forms: a responsive grid of fields and a row of actions. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.formActions}>{children}</div>;
}
