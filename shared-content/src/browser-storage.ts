// What stays in this browser only (localStorage): the post editor's kept edits and the draft
// preview it hands to the blog's preview screen. One key scheme, `portfolio:<what>[:<id>]`, and
// one rule: storage that is disabled, full or absent (server rendering) is never an error;
// reads give null and writes report false.

/** The key of one thing kept in this browser, e.g. storageKey("post-autosave", "my-post"). */
export const storageKey = (what: string, id?: string): string => `portfolio:${what}${id === undefined ? "" : `:${id}`}`;

/** The value stored under `key` (parsed JSON), or null when there is none or it cannot be read. */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
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

/** Calls `onChange` when another tab changes `key` (or clears the storage); returns the unsubscribe. */
export function onStoredChange(key: string, onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  globalThis.addEventListener?.("storage", listener);
  return () => globalThis.removeEventListener?.("storage", listener);
}
