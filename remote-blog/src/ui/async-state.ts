import type { LoadState } from "shared-ui";

/** A live list read in windows (shared-content's paged hooks). */
export interface PagedState<T> extends LoadState<T[]> {
  hasMore: boolean;
  loadMore: () => void;
}
