import { useEffect, useState } from "react";
import { ImageRefSchema, formatMoment, readStored, removeStored, storageKey, validate, writeStored } from "shared-content/admin";
import { readKeptSave, type KeptSave } from "../editors/kept-save";
import { RestorePrompt } from "../editors/restore-prompt";
import { emptyPostForm, type PostForm } from "./post-form";

// Local autosave of the post editor: unsaved edits survive a reload, a closed tab or a crash of
// the browser. They stay in this browser only (localStorage), never in the database: a draft in
// the database is what "Save draft" makes. The same record holds what a save sends until the
// server confirms it (`useRecordEditor`'s `keepKey`), so a tab closed mid-save loses nothing.

/** Save after a pause in typing, not on every keystroke. */
const PAUSE_MS = 800;

export type Autosaved = KeptSave<PostForm>;

/** Where a post's edits are kept in this browser ("new" for a post not saved yet). */
export const autosaveKey = (slug: string | null) => storageKey("post-autosave", slug ?? "new");
const keyOf = autosaveKey;

export function readAutosave(slug: string | null): Autosaved | null {
  const key = keyOf(slug);
  // Edits kept before posts had a series lack its two fields: still the owner's edits, so they get empty ones.
  const stored = readStored(key) as { values?: unknown } | null;
  if (stored && typeof stored.values === "object" && stored.values !== null && !("seriesTitle" in stored.values)) {
    writeStored(key, { ...stored, values: { ...stored.values, seriesTitle: "", seriesPart: "" } });
  }
  const kept = readKeptSave(key, emptyPostForm());
  // The cover's ImageRef, when there is one, must still be one.
  if (kept?.values.coverImage !== undefined && !validate(ImageRefSchema, kept.values.coverImage).ok) return null;
  return kept;
}

export function clearAutosave(slug: string | null): void {
  removeStored(keyOf(slug));
}

/**
 * Keeps the editor's values while they differ from the saved post (`dirty`), a save on its way
 * included: starting a save never cancels the copy of what was typed.
 */
export function useAutosave(slug: string | null, values: PostForm, dirty: boolean, baseRev: number | null): void {
  useEffect(() => {
    if (!dirty) return;
    // Storage disabled or full: nothing is kept, and the unsaved-changes prompt still guards leaving.
    const timer = setTimeout(() => writeStored(keyOf(slug), { values, at: Date.now(), baseRev } satisfies Autosaved), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [slug, values, dirty, baseRev]);
}

/**
 * Offered when the editor opens with edits kept from an earlier visit that differ from the post
 * as saved: restore them into the form (nothing is saved until Save), or discard them.
 */
export function AutosavePrompt({
  slug,
  current,
  rev,
  onRestore,
}: {
  slug: string | null;
  current: PostForm;
  rev: number | null;
  onRestore: (values: PostForm) => void;
}) {
  const [kept, setKept] = useState(() => {
    const found = readAutosave(slug);
    return found && JSON.stringify(found.values) !== JSON.stringify(current) ? found : null;
  });
  if (!kept) return null;
  const savedSince = kept.baseRev !== rev && rev !== null;
  return (
    <RestorePrompt
      restoreLabel="Restore unsaved changes"
      discardLabel="Discard them"
      onRestore={() => {
        onRestore(kept.values);
        setKept(null);
      }}
      onDiscard={() => {
        clearAutosave(slug);
        setKept(null);
      }}
    >
      This browser kept changes to this post that were not saved, from {formatMoment(kept.at)}.
      {savedSince ? " The post has been saved again since then: restoring puts those older edits back over it." : ""} Restore them?
    </RestorePrompt>
  );
}
