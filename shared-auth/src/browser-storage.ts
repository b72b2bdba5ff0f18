// What stays in this browser only (localStorage): the theme, the session hint, the visitor's
// anonymous identity, the post editor's kept edits and the draft preview it hands to the blog's
// preview screen. One key scheme, `portfolio:<what>[:<id>]`, values stored as JSON, and one
// rule: storage that is disabled, full or absent (server rendering) is never an error; reads
// give null and writes report false. It lives here, in the lowest package that keeps
// something (the session hint), as its own pure entry (`shared-auth/browser-storage`, bundled
// into each user, like `shared-auth/messages`); shared-content re-exports it.

/** The key of one thing kept in this browser, e.g. storageKey("post-autosave", "my-post"). */
export const storageKey = (what: string, id?: string): string => `portfolio:${what}${id === undefined ? "" : `:${id}`}`;

function rawStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The value stored under `key` (parsed JSON), or null when there is none or it cannot be read. */
export function readStored(key: string): unknown {
  try {
    const raw = rawStored(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; false when the browser refuses (disabled or full). */
export function writeStored(key: string, value: unknown): boolean {
  try {
    if (!globalThis.localStorage) return false;
    globalThis.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
}

/**
 * `readStored(key)`, or, when nothing is there yet, what an earlier version of the site kept
 * under `formerKey` in its own format (`decode` turns that text into the value, null when it
 * is not one), moved to `key` so it is read from there from now on.
 */
export function readStoredOrFormer(key: string, formerKey: string, decode: (raw: string) => unknown): unknown {
  const current = readStored(key);
  if (current !== null) return current;
  const raw = rawStored(formerKey);
  if (raw === null) return null;
  let value: unknown = null;
  try {
    value = decode(raw);
  } catch {
    // unreadable: dropped below
  }
  if (value === null || writeStored(key, value)) removeStored(formerKey);
  return value;
}

/** Calls `onChange` when another tab changes `key` (or clears the storage); returns the unsubscribe. */
export function onStoredChange(key: string, onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  globalThis.addEventListener?.("storage", listener);
  return () => globalThis.removeEventListener?.("storage", listener);
}
