// The shape every shared-content live-read hook returns (brief, contract 3).
export interface AsyncState<T> {
  status: "loading" | "ready" | "error";
  data: T | null | undefined;
  error: unknown;
  retry: () => void;
}

/** A live list read in windows (shared-content's paged hooks). */
export interface PagedState<T> extends AsyncState<T[]> {
  hasMore: boolean;
  loadMore: () => void;
}
