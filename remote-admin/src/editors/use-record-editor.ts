import { useCallback, useEffect, useRef, useState } from "react";
import { isConflictError } from "shared-content/admin";
import { focusFirstInvalid, isUnconfirmed, useSaveState, type FieldErrors, type SaveState } from "../ui";
import { useRecordForm, type RecordForm } from "../lib/use-record-form";
import { describeWriteError } from "../lib/write-errors";

export interface RecordEditorOptions<R extends { rev: number }, F extends object> {
  /** The record the form edits: the live one, or the last one seen when it was deleted elsewhere; null for a new one. */
  record: R | null;
  /** The record was deleted elsewhere while it was open (its input is kept; offer "Save as new"). */
  deletedElsewhere?: boolean;
  toForm: (record: R | null) => F;
  validate: (values: F) => FieldErrors;
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
  /**
   * The save sequence, the same for every editor: validate (focus the first invalid field of
   * `formEl`), run `write(values, baseRev)`, and only once the server has confirmed it make the
   * saved values the form's baseline at the revision written (`write` resolves with it; else
   * the next one) and call `onLanded` after the screen shows the save (the unsaved-changes
   * guard is off by then, so `onLanded` may navigate). Returns whether it landed.
   */
  submit: <T>(write: (values: F, baseRev: number | null) => Promise<T>, options?: SubmitOptions<T, F>) => Promise<boolean>;
}

export interface SubmitOptions<T, F> {
  /** Where to focus the first invalid field. */
  formEl?: HTMLFormElement | null;
  /** Skip validation (a delete). */
  unchecked?: boolean;
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
}: RecordEditorOptions<R, F>): RecordEditor<F> {
  const save = useSaveState(describeWriteError);
  const unconfirmed = isUnconfirmed(save.status);
  const form = useRecordForm<R, F>({ record, toForm, validate, saving: unconfirmed, onEdited: save.clearSaved });
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
      if (!options.unchecked && !current.validateAll()) {
        focusFirstInvalid(options.formEl ?? null);
        return false;
      }
      const { values, baseRev } = current;
      let result: T | undefined;
      let conflict = false;
      const ok = await run(async () => {
        try {
          result = await write(values, baseRev);
        } catch (error) {
          conflict = isConflictError(error);
          throw error;
        }
      });
      setRefused(conflict);
      if (!ok) return false;
      formRef.current.landed(values, typeof result === "number" ? result : (baseRev ?? 0) + 1);
      const { onLanded } = options;
      if (onLanded) setLandedRun({ run: () => onLanded(result as T, values) });
      return true;
    },
    [run],
  );

  return {
    form,
    save,
    unconfirmed,
    guarded: form.dirty || unconfirmed,
    deletedElsewhere: deletedElsewhere && !unconfirmed && save.status !== "saved",
    refused: refused && save.status === "error",
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
