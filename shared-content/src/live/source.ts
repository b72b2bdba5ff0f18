// Where the live hooks get their values from: the REST stream for the public pages, the SDK
// for the admin panel. A source calls `next` with the plain JSON value (collections as objects
// keyed by id, lists as arrays) on every change, `fail` when the read is refused or cannot
// work, and returns the unsubscribe.

/** The only query shape the hooks use: order by a child, optionally the last N. */
export interface LiveQuerySpec {
  orderBy: string;
  limitToLast?: number;
}

export type LiveSource = (
  path: string,
  query: LiveQuerySpec | undefined,
  next: (value: unknown) => void,
  fail: (error: unknown) => void,
) => () => void;
