import { Button } from "./button";
import styles from "./pager.module.css";

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Accessible name, e.g. "Film pages". */
  label: string;
}

/** Previous / next paging with "Page 2 of 15". Pages are 1-based. */
export function Pager({ page, pageCount, onPage, label }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}

/** The items of one 1-based page, and the page count. `page` is clamped into range. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount };
}
