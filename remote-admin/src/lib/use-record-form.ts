import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors, type FormState } from "../ui";

export interface RecordFormOptions<R extends { rev: number }, F extends object> {
  /** The live record (null while creating a new one, or when it is absent). */
  record: R | null;
  /** Form values for a record, or for a new one when null. */
  toForm: (record: R | null) => F;
  validate: (values: F) => FieldErrors;
  /**
   * True while a write of this form is unconfirmed: live updates are then not applied (the SDK
   * shows its own unacknowledged value at once; that is not a change made elsewhere).
   */
  saving: boolean;
  /**
   * The form was edited after loading or saving, or a submit found errors: a "Saved" note no
   * longer describes it (pass the save state's `clearSaved`).
   */
  onEdited?: () => void;
}

export interface RecordForm<F> extends FormState<F> {
  /** The revision the form was loaded from; saves compare against it. */
  baseRev: number | null;
  /** The record changed elsewhere while this form had unsaved edits. */
  changedElsewhere: boolean;
  /** Discard the edits and load the newer version. */
  loadLatest: () => void;
  /** The server confirmed a save of `values` as revision `rev`: they are the new baseline. */
  landed: (values: F, rev: number) => void;
}

/**
 * Leaving a form through its own Cancel / Back button: asks first when there are edits, then
 * discards them and leaves on the next tick (after the unsaved-changes guard has switched off).
 */
export async function leaveForm(
  dirty: boolean,
  ask: (o: { title: string; message: string; confirmLabel: string; cancelLabel: string }) => Promise<boolean>,
  discard: () => void,
  leave: () => void,
): Promise<void> {
  if (dirty) {
    const ok = await ask({
      title: "Discard your changes?",
      message: "You have unsaved changes. Going back discards them.",
      confirmLabel: "Discard changes",
      cancelLabel: "Keep editing",
    });
    if (!ok) return;
    discard();
  }
  leave();
}

/**
 * Navigates away only after the form is committed as clean, so the unsaved-changes guard
 * (which reads the rendered state) does not ask again after the user chose to discard.
 * Returns `requestLeave(run)`: `run` is called once the form is no longer dirty. (After a save
 * or delete, navigate directly: the guard is already off while the write runs, and the record
 * may vanish from the live list, unmounting the form, before the write resolves.)
 */
export function useLeaveWhenClean(dirty: boolean): (run: () => void) => void {
  const [pending, setPending] = useState<{ run: () => void } | null>(null);
  useEffect(() => {
    if (pending && !dirty) {
      setPending(null);
      pending.run();
    }
  }, [pending, dirty]);
  return useCallback((run: () => void) => setPending({ run }), []);
}

/**
 * Form state bound to a live record. While the form is clean, a newer version from the
 * database is loaded silently; while it has edits, it is flagged (`changedElsewhere`) and the
 * compare-and-set save will refuse, so nothing is overwritten silently. Its own saves move the
 * base revision only when the server confirms them (`landed`), never from the live value.
 */
export function useRecordForm<R extends { rev: number }, F extends object>({
  record,
  toForm,
  validate,
  saving,
  onEdited,
}: RecordFormOptions<R, F>): RecordForm<F> {
  const form = useForm<F>(toForm(record), validate);
  const [baseRev, setBaseRev] = useState<number | null>(record?.rev ?? null);
  const toFormRef = useRef(toForm);
  toFormRef.current = toForm;
  const onEditedRef = useRef(onEdited);
  onEditedRef.current = onEdited;
  const { dirty, reset, commit, validateAll: validateForm } = form;

  useEffect(() => {
    if (dirty) onEditedRef.current?.();
  }, [dirty]);
  const validateAll = useCallback(() => {
    const ok = validateForm();
    if (!ok) onEditedRef.current?.();
    return ok;
  }, [validateForm]);

  // After a confirmed save the form shows the record as stored (trimmed, empty values dropped),
  // unless it was edited meanwhile.
  const adoptRev = useRef<number | null>(null);
  useEffect(() => {
    if (saving || !record) return;
    if (record.rev === adoptRev.current) {
      adoptRev.current = null;
      if (!dirty) reset(toFormRef.current(record));
      return;
    }
    if (record.rev === baseRev || dirty) return;
    reset(toFormRef.current(record));
    setBaseRev(record.rev);
  }, [record, baseRev, dirty, saving, reset]);

  const changedElsewhere = !saving && record !== null && baseRev !== null && record.rev !== baseRev && dirty;
  const loadLatest = () => {
    reset(toFormRef.current(record));
    setBaseRev(record?.rev ?? null);
  };
  const landed = useCallback(
    (values: F, rev: number) => {
      commit(values);
      setBaseRev(rev);
      adoptRev.current = rev;
    },
    [commit],
  );
  return { ...form, validateAll, baseRev, changedElsewhere, loadLatest, landed };
}
