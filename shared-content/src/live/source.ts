// Where the live hooks get their values from: the change feed (one REST stream of the change
// marker, reads fetched when it moves) for the public pages, the SDK for the admin panel. A
// source calls `next` with the plain JSON value (collections as objects keyed by id, lists as
// arrays) on every change, `fail` when the read is refused or cannot work, and returns the
// unsubscribe.

/**
 * The query shape the hooks use: order by a child, optionally from/to a value of it (inclusive),
 * and at most the first or the last N. Every public read of a collection that grows is bounded
 * by a limit; the ordered child needs an `.indexOn` in the rules (the database refuses it otherwise).
 */
export interface LiveQuerySpec {
  orderBy: string;
  startAt?: string | number;
  endAt?: string | number;
  limitToFirst?: number;
  limitToLast?: number;
}

/** A live read: a database path and, for a window of a collection, a query on it (none: the whole value). */
export interface LiveRead {
  path: string;
  query?: LiveQuerySpec;
}

/**
 * Whose read it is. "public": what visitors read (the REST stream, or the admin's SDK over the
 * same public data); a server-rendered page carries these over in its render store. "admin":
 * what only the admin reads (drafts, submissions, whole collections for the editors), never
 * server-rendered, so never the same key as a public read of the same path.
 */
export type ReadScope = "public" | "admin";

/**
 * A read's key, derived from the read and never chosen by a caller: the identity of a hook's
 * listener, of a shared stream and of a render-store entry, so the renderer's prefetch and the
 * screen's hook meet on the same entry. A whole public read's key is its path. Several reads
 * (one listener over a post and its draft) join their keys.
 */
export function readKey(read: LiveRead | readonly LiveRead[], scope: ReadScope = "public"): string {
  const keys = (Array.isArray(read) ? (read as readonly LiveRead[]) : [read as LiveRead]).map(({ path, query }) => {
    if (!query) return path;
    const parts = (["orderBy", "startAt", "endAt", "limitToFirst", "limitToLast"] as const).flatMap((k) =>
      query[k] === undefined ? [] : [`${k}=${JSON.stringify(query[k])}`],
    );
    return `${path}?${parts.join("&")}`;
  });
  return scope === "public" ? keys.join("+") : `${scope}:${keys.join("+")}`;
}

/**
 * What a read starts from when the page embedded it: the value the server rendered, and the
 * page's change marker (changes.ts) as the server read it just before that value.
 */
export interface LiveSeed {
  value: unknown;
  changes: { value: unknown } | { error: string } | undefined;
}

/**
 * A subscription to one read: `next` with the plain JSON value on every change, `fail` when it is
 * refused or cannot work; returns the stop. `seed`: the value the caller already shows (a source
 * may then skip reading it again).
 */
export type LiveSource = (
  path: string,
  query: LiveQuerySpec | undefined,
  next: (value: unknown) => void,
  fail: (error: unknown) => void,
  seed?: LiveSeed,
) => () => void;

/**
 * Whether two values are the same database value. The database's stored form has no nulls and
 * no arrays (a list is an object keyed by index), while a REST read answers a list as an array:
 * so an array and its index-keyed object are the same, and a null child is no child.
 */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a == null && b == null;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] != null);
  if (keys.length !== Object.keys(y).filter((k) => y[k] != null).length) return false;
  return keys.every((k) => Object.hasOwn(y, k) && sameStoredValue(x[k], y[k]));
}
