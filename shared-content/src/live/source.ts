// Where the live hooks get their values from: the REST stream for the public pages, the SDK
// for the admin panel. A source calls `next` with the plain JSON value (collections as objects
// keyed by id, lists as arrays) on every change, `fail` when the read is refused or cannot
// work, and returns the unsubscribe.

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

export type LiveSource = (path: string, query: LiveQuerySpec | undefined, next: (value: unknown) => void, fail: (error: unknown) => void) => () => void;

interface Feed {
  listeners: Set<{ next: (value: unknown) => void; fail: (error: unknown) => void }>;
  last: { value: unknown } | { error: unknown } | undefined;
  stop: () => void;
}

/**
 * One subscription of `source` per path and query, however many components listen (the page's
 * layout and its screen may both read the about section): each REST stream holds a connection,
 * and a browser opens at most six per host over HTTP/1.1. A listener that joins late gets the
 * last value at once. A failed feed is not reused: the next listener starts afresh.
 */
export function sharedSource(source: LiveSource): LiveSource {
  const feeds = new Map<string, Feed>();
  return (path, query, next, fail) => {
    const key = readKey({ path, query });
    let feed = feeds.get(key);
    if (!feed) {
      const created: Feed = { listeners: new Set(), last: undefined, stop: () => undefined };
      created.stop = source(
        path,
        query,
        (value) => {
          created.last = { value };
          for (const l of [...created.listeners]) l.next(value);
        },
        (error) => {
          created.last = { error };
          if (feeds.get(key) === created) feeds.delete(key);
          for (const l of [...created.listeners]) l.fail(error);
        },
      );
      feed = created;
      if (!("error" in (created.last ?? {}))) feeds.set(key, created);
    }
    const joined = feed;
    const listener = { next, fail };
    joined.listeners.add(listener);
    const last = joined.last;
    if (last) {
      queueMicrotask(() => {
        if (!joined.listeners.has(listener)) return;
        if ("error" in last) fail(last.error);
        else next(last.value);
      });
    }
    return () => {
      if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
      joined.stop();
      if (feeds.get(key) === joined) feeds.delete(key);
    };
  };
}

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
