import { useEffect, useState } from "react";
import { ImageRefSchema, formatMoment, readStored, removeStored, storageKey, validate, writeStored } from "shared-content/admin";
import { Button, StatusMessage } from "../ui";
import { emptyPostForm, type PostForm } from "./post-form";

// Local autosave of the post editor: unsaved edits survive a reload, a closed tab or a crash of
// the browser. They stay in this browser only (localStorage), never in the database: a draft in
// the database is what "Save draft" makes.

/** Save after a pause in typing, not on every keystroke. */
const PAUSE_MS = 800;

export interface Autosaved {
  values: PostForm;
  /** When the edits were last kept. */
  at: number;
  /** The revision the edits were made on (null for a new post). */
  baseRev: number | null;
}

const keyOf = (slug: string | null) => storageKey("post-autosave", slug ?? "new");

export function readAutosave(slug: string | null): Autosaved | null {
  const parsed = readStored(keyOf(slug)) as Partial<Autosaved> | null;
  const v = parsed?.values as Partial<PostForm> | undefined;
  // Every text field, and the cover's ImageRef when there is one.
  const fields = (Object.keys(emptyPostForm()) as (keyof PostForm)[]).filter((f) => f !== "coverImage");
  if (!parsed || !v || typeof parsed.at !== "number" || !fields.every((f) => typeof v[f] === "string")) return null;
  if (v.coverImage !== undefined && !validate(ImageRefSchema, v.coverImage).ok) return null;
  return { values: v as PostForm, at: parsed.at, baseRev: typeof parsed.baseRev === "number" ? parsed.baseRev : null };
}

export function clearAutosave(slug: string | null): void {
  removeStored(keyOf(slug));
}

/** Keeps the editor's values while they differ from the saved post (`dirty`). */
export function useAutosave(slug: string | null, values: PostForm, dirty: boolean, baseRev: number | null, paused: boolean): void {
  useEffect(() => {
    if (!dirty || paused) return;
    // Storage disabled or full: nothing is kept, and the unsaved-changes prompt still guards leaving.
    const timer = setTimeout(() => writeStored(keyOf(slug), { values, at: Date.now(), baseRev } satisfies Autosaved), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [slug, values, dirty, baseRev, paused]);
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
    <StatusMessage
      kind="warning"
      action={
        <>
          <Button
            onClick={() => {
              onRestore(kept.values);
              setKept(null);
            }}
          >
            Restore unsaved changes
          </Button>
          <Button
            onClick={() => {
              clearAutosave(slug);
              setKept(null);
            }}
          >
            Discard them
          </Button>
        </>
      }
    >
      This browser kept changes to this post that were not saved, from {formatMoment(kept.at)}.
      {savedSince ? " The post has been saved again since then: restoring puts those older edits back over it." : ""} Restore them?
    </StatusMessage>
  );
}
