import { readStored, removeStored, storageKey, writeStored } from "shared-content/admin";

// What a save sends stays in this browser (localStorage) until the server confirms it: a tab
// closed, a browser crashed or a page reloaded while the write waited for the network loses
// the SDK's copy of it, never the owner's text. The editor offers it back when it opens again
// (`KeptSavePrompt`; the post editor's autosave prompt reads the same records).

/** What an editor kept: the form's values, when, the revision they were based on, and a create's reserved id. */
export interface KeptSave<F> {
  values: F;
  /** When it was kept. */
  at: number;
  /** The revision the values were made on (null for a new record). */
  baseRev: number | null;
  /** A create's id, chosen before its first attempt: saving the restored values reuses it, so they land once. */
  id?: string;
}

/** Where an editor of `what` keeps a record's pending save: "portfolio:unsaved-quotes:<id>" ("new" for a create). */
export const keptSaveKey = (what: string, id?: string | null): string => storageKey(`unsaved-${what}`, id === undefined ? undefined : (id ?? "new"));

/** A field a form may leave out: a picture's ImageRef, `undefined` (so absent from the kept JSON) when none is chosen. */
const isOptionalObject = (example: unknown): boolean => example === undefined || (typeof example === "object" && example !== null && !Array.isArray(example));

/**
 * Values of the same shape as `like` (every field present, of the same type), or null. An
 * optional field (isOptionalObject in `like`) may be absent whatever the form holds now, or an
 * object; the caller checks its value.
 */
function sameShape<F extends object>(values: unknown, like: F): values is F {
  if (values === null || typeof values !== "object" || Array.isArray(values)) return false;
  const record = values as Record<string, unknown>;
  return Object.entries(like).every(([key, example]) => {
    const value = record[key];
    if (isOptionalObject(example)) return value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value));
    return Array.isArray(example) === Array.isArray(value) && typeof example === typeof value;
  });
}

/** The save kept under `key`, when it has the shape of the form's values (`like`); anything else reads as nothing kept. */
export function readKeptSave<F extends object>(key: string, like: F): KeptSave<F> | null {
  const stored = readStored(key) as Partial<KeptSave<unknown>> | null;
  if (!stored || typeof stored.at !== "number" || !sameShape(stored.values, like)) return null;
  const kept: KeptSave<F> = { values: stored.values, at: stored.at, baseRev: typeof stored.baseRev === "number" ? stored.baseRev : null };
  if (typeof stored.id === "string") kept.id = stored.id;
  return kept;
}

/** Keeps what a save sends (storage disabled or full: nothing is kept; the leave prompt still guards the tab). */
export function keepSave<F>(key: string, kept: KeptSave<F>): void {
  writeStored(key, kept);
}

export function clearKeptSave(key: string): void {
  removeStored(key);
}

/**
 * Forgets what is kept under `key` once the server has confirmed `sent`, unless the editor has
 * kept newer edits there since (typed while the save was on its way).
 */
export function clearKeptSaveIfSent<F>(key: string, sent: F): void {
  const stored = readStored(key) as { values?: unknown } | null;
  if (stored === null || JSON.stringify(stored.values) === JSON.stringify(sent)) removeStored(key);
}
