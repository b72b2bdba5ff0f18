import { useCallback, useEffect, useRef, useState } from "react";
import { isConflictError } from "shared-content/admin";
import { validateAndFocus, isUnconfirmed, useSaveState, type FieldErrors, type SaveState } from "../ui";
import { useRecordForm, type RecordForm } from "../lib/use-record-form";
import { describeWriteError } from "../lib/write-errors";
import { usePendingPictureList, type PendingPictures } from "../media/pending-pictures";
import { clearKeptSave, clearKeptSaveIfSent, keepSave } from "./kept-save";

export interface RecordEditorOptions<R extends { rev: number }, F extends object> {
  /** The record the form edits: the live one, or the last one seen when it was deleted elsewhere; null for a new one. */
  record: R | null;
  /** The record was deleted elsewhere while it was open (its input is kept; offer "Save as new"). */
  deletedElsewhere?: boolean;
  toForm: (record: R | null) => F;
  validate: (values: F) => FieldErrors;
  /**
   * Where this browser keeps what a save sends until the server confirms it (`keptSaveKey`;
   * the post editor's autosave key), so that a tab closed mid-save loses nothing.
   */
  keepKey?: string;
}

export interface RecordEditor<F> {
  form: RecordForm<F>;
  save: SaveState;
  /** A write of this editor is on its way and the server has not confirmed it yet. */
  unconfirmed: boolean;
  /** Leaving now would lose something: edits, or a write the server has not confirmed. */
  guarded: boolean;
  deletedElsewhere: boolean;
  /** The last save was refused because the record changed (or went) elsewhere. */
  refused: boolean;
  /** The failure to show beside the buttons: none when a refusal's notice already tells it. */
  saveError: string | null;
  /** The pictures the form holds prepared and not sent: the save sends them first (wrap the form in PendingPicturesProvider). */
  pictures: PendingPictures;
  /** The record as stored now (theirs, when it changed elsewhere), in the form's shape; null for a new or deleted one. */
  stored: F | null;
  /** The revision stored now: "Keep mine" saves over it (`submit`'s `baseRev`). */
  storedRev: number | null;
  /**
   * The save sequence, the same for every editor: validate (focus the first invalid field of
   * `formEl`), upload the pictures the form holds prepared (into the values), run
   * `write(values, baseRev)`, and only once the server has confirmed it make the
   * saved values the form's baseline at the revision written (`write` resolves with it; else
   * the next one) and call `onLanded` after the screen shows the save (the unsaved-changes
   * guard is off by then, so `onLanded` may navigate). Returns whether it landed.
   */
  submit: <T>(write: (values: F, baseRev: number | null) => Promise<T>, options?: SubmitOptions<T, F>) => Promise<boolean>;
}

export interface SubmitOptions<T, F> {
  /** Where to focus the first invalid field. */
  formEl?: HTMLFormElement | null;
  /** Skip validation (a delete; nothing is kept for it). */
  unchecked?: boolean;
  /** A create's id, chosen before its first attempt: kept with the values, so a restored save reuses it. */
  keptId?: string;
  /** Save over this revision instead of the form's ("Keep mine": the owner chose to replace theirs). */
  baseRev?: number;
  onLanded?: (result: T, values: F) => void;
}

/**
 * The one editor hook of the admin: form state bound to a live record (`useRecordForm`), the
 * save state (`useSaveState`) and the save sequence, shared by the single-record forms, the
 * collection editors and the post editor so that all three behave the same.
 */
export function useRecordEditor<R extends { rev: number }, F extends object>({
  record,
  deletedElsewhere = false,
  toForm,
  validate,
  keepKey,
}: RecordEditorOptions<R, F>): RecordEditor<F> {
  const save = useSaveState(describeWriteError);
  const unconfirmed = isUnconfirmed(save.status);
  const form = useRecordForm<R, F>({ record, toForm, validate, saving: unconfirmed, onEdited: save.clearSaved });
  const pictures = usePendingPictureList();
  const [refused, setRefused] = useState(false);
  const { run } = save;

  // Runs a landed save's continuation after the commit that shows it, when the guard is off.
  const [landedRun, setLandedRun] = useState<{ run: () => void } | null>(null);
  useEffect(() => {
    if (landedRun) {
      setLandedRun(null);
      landedRun.run();
    }
  }, [landedRun]);

  const formRef = useRef(form);
  formRef.current = form;
  const submit = useCallback(
    async <T>(write: (values: F, baseRev: number | null) => Promise<T>, options: SubmitOptions<T, F> = {}) => {
      const current = formRef.current;
      if (!options.unchecked && !validateAndFocus(options.formEl ?? null, current.validateAll)) return false;
      let { values } = current;
      const baseRev = options.baseRev ?? current.baseRev;
      // A picture chosen and described is part of what the owner saves: stored first, then in the values.
      const sendPictures = async () => {
        const patch = await pictures.sendAll();
        values = patch(values as Record<string, unknown>) as F;
        formRef.current.setValues((now) => patch(now as Record<string, unknown>) as F);
      };
      let result: T | undefined;
      let conflict = false;
      const ok = await run(
        async () => {
          // Kept before the write starts, and only forgotten once it has landed.
          if (keepKey && !options.unchecked) keepSave(keepKey, { values, baseRev, at: Date.now(), ...(options.keptId ? { id: options.keptId } : {}) });
          try {
            result = await write(values, baseRev);
          } catch (error) {
            conflict = isConflictError(error);
            throw error;
          }
        },
        options.unchecked ? undefined : sendPictures,
      );
      setRefused(conflict);
      if (!ok) return false;
      formRef.current.landed(values, typeof result === "number" ? result : (baseRev ?? 0) + 1);
      if (keepKey) clearKeptSaveIfSent(keepKey, values);
      const { onLanded } = options;
      if (onLanded) setLandedRun({ run: () => onLanded(result as T, values) });
      return true;
    },
    [run, keepKey, pictures],
  );
  // Discarding the edits (Load the newer version, Cancel, Discard changes) forgets what was kept too.
  const { loadLatest } = form;
  const discard = useCallback(() => {
    if (keepKey) clearKeptSave(keepKey);
    loadLatest();
  }, [keepKey, loadLatest]);

  return {
    form: { ...form, loadLatest: discard },
    save,
    unconfirmed,
    guarded: form.dirty || unconfirmed || pictures.count > 0,
    deletedElsewhere: deletedElsewhere && !unconfirmed && save.status !== "saved",
    refused: refused && save.status === "error",
    saveError: refused ? null : save.error,
    pictures,
    stored: record && !deletedElsewhere ? toForm(record) : null,
    storedRev: record && !deletedElsewhere ? record.rev : null,
    submit,
  };
}

/**
 * The record an open editor edits: the live one with `id`, or, once it is gone from the live
 * data (deleted elsewhere), the last one seen, so the editor keeps the input and can offer
 * "Save as new". Null for a new record (`id` null) or an id never seen.
 */
export function useKeptRecord<R>(id: string | null, live: R | null): { record: R | null; deletedElsewhere: boolean } {
  const lastSeen = useRef<{ id: string; record: R } | null>(null);
  if (id !== null && live !== null) lastSeen.current = { id, record: live };
  if (id === null) return { record: null, deletedElsewhere: false };
  if (live !== null) return { record: live, deletedElsewhere: false };
  const kept = lastSeen.current?.id === id ? lastSeen.current.record : null;
  return { record: kept, deletedElsewhere: kept !== null };
}
