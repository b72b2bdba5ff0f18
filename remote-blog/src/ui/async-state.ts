import type { LoadState } from "shared-ui";

/** A live list read in windows (shared-content's paged hooks). */
export interface PagedState<T> extends LoadState<T[]> {
  hasMore: boolean;
  loadMore: () => void;
  /** A bigger window or another order is loading; `data` still holds the records shown before. */
  loadingMore: boolean;
}
