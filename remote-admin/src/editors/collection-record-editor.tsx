import { useEffect, useRef } from "react";
import {
  COLLECTION_FIELD_SCHEMAS,
  createRecord,
  deleteRecord,
  newRecordId,
  updateRecord,
  validate,
  type CollectionKind,
  type CreateFields,
} from "shared-content/admin";
import { Button, FormActions, Panel, SaveButton, useConfirm, type FieldErrors } from "../ui";
import { mapErrorKeys, textOf } from "../lib/form-values";
import { leaveForm, useLeaveWhenClean } from "../lib/use-record-form";
import type { CollectionEditorProps, CollectionRecord } from "./collection-editor";
import styles from "./collection-editor.module.css";
import { deleteQuestion } from "./collection-logic";
import { ConflictNotice, EditorNotices } from "./editor-notices";
import { keptSaveKey } from "./kept-save";
import { KeptSavePrompt } from "./kept-save-prompt";
import { useRecordEditor } from "./use-record-editor";
import { PendingPicturesProvider, PictureSending } from "../media/pending-pictures";

export type CollectionRecordEditorProps<K extends CollectionKind, R extends CollectionRecord, F extends object> = CollectionEditorProps<K, R, F> & {
  record: R | null;
  deletedElsewhere: boolean;
  items: R[];
  onDone: (message?: string) => void;
  /** Restore what this browser kept for this record at once (chosen in the list). */
  restoreKept?: boolean;
};

/** The form of one record of a collection (`?edit=<id>` or `?edit=new`), saved through the one editor hook. */
export function CollectionRecordEditor<K extends CollectionKind, R extends CollectionRecord, F extends object>({
  kind,
  noun,
  toForm,
  toFields,
  errorKeys,
  renderForm,
  checkAgainst,
  itemLabel,
  record,
  items,
  deletedElsewhere,
  onDone,
  restoreKept = false,
}: CollectionRecordEditorProps<K, R, F>) {
  const { confirm, dialog } = useConfirm();
  const schema = COLLECTION_FIELD_SCHEMAS[kind];
  const ordered = "order" in schema.entries;
  // An existing record keeps its order; a new one goes last (createRecord picks the order).
  const fieldsOf = (values: F): CreateFields<K> => {
    const fields = toFields(values);
    return ordered && record && "order" in record && typeof record.order === "number" ? { ...fields, order: record.order } : fields;
  };
  const check = (values: F): FieldErrors => {
    const fields = fieldsOf(values);
    const result = validate(schema, ordered && !("order" in fields) ? { ...fields, order: 0 } : fields);
    const errors = result.ok ? {} : mapErrorKeys(result.errors, errorKeys ?? {});
    // The schema's own message about a field comes first.
    return checkAgainst ? { ...checkAgainst(values, record, items), ...errors } : errors;
  };
  const keepKey = keptSaveKey(kind, record?.id ?? null);
  const editor = useRecordEditor<R, F>({ record, deletedElsewhere, toForm, validate: check, keepKey });
  const { form, save } = editor;
  const leaveWhenClean = useLeaveWhenClean(form.dirty);
  // Chosen before the first attempt and reused by every retry, so a retried add cannot add twice.
  const newId = useRef<string | null>(null);
  const reserveId = async () => {
    if (newId.current === null) {
      const id = await newRecordId(kind);
      newId.current ??= id; // a restored save's id, set meanwhile, wins
    }
    return newId.current;
  };
  const create = async (fields: CreateFields<K>) => createRecord(kind, fields, await reserveId());
  // Taken when a new record's form opens, so it is there to keep with the values at the first
  // Save (the submit stays synchronous, for the focus on the first invalid field).
  useEffect(() => {
    if (record === null) void reserveId().catch(() => undefined);
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: React.FormEvent<HTMLFormElement> | null, overRev?: number) => {
    e?.preventDefault();
    const formEl = e?.currentTarget ?? null;
    if (record === null) {
      // The id is kept with the values, so saving them again after a closed tab reuses it.
      void editor.submit((values) => create(fieldsOf(values)), { formEl, keptId: newId.current ?? undefined, onLanded: () => onDone(`Added the ${noun}.`) });
    } else {
      void editor.submit((values, baseRev) => updateRecord(kind, record.id, fieldsOf(values), baseRev ?? record.rev), { formEl, baseRev: overRev });
    }
  };

  const remove = async () => {
    if (!record) return;
    const name = itemLabel(record);
    const ok = await confirm(deleteQuestion(noun, name));
    if (!ok) return;
    await editor.submit(() => deleteRecord(kind, record.id), { unchecked: true, onLanded: () => onDone(`Deleted the ${noun} “${name}”.`) });
  };

  // toFields leaves `order` out: the copy goes last.
  const saveAsNew = () => void editor.submit((values) => create(toFields(values)), { onLanded: () => onDone(`Added the ${noun} again as a new one.`) });

  const heading = record ? `Edit ${noun}: ${itemLabel(record)}` : `New ${noun}`;
  return (
    <Panel title={heading}>
      {dialog}
      <KeptSavePrompt
        keepKey={keepKey}
        noun={noun}
        current={form.values}
        rev={record?.rev ?? null}
        restoreNow={restoreKept}
        landedAfterAll={(id) => items.some((item) => item.id === id)}
        onRestore={(kept) => {
          form.setValues(kept.values);
          if (kept.id) newId.current = kept.id;
        }}
      />
      <EditorNotices
        editor={editor}
        noun={noun}
        what={`your changes to this ${noun}`}
        onSaveAsNew={record ? saveAsNew : undefined}
        copyText={() => textOf(form.values)}
      />
      <form noValidate onSubmit={submit} className={styles.form} aria-label={heading}>
        <PendingPicturesProvider value={editor.pictures}>{renderForm(form, record)}</PendingPicturesProvider>
        <ConflictNotice editor={editor} noun={noun} onKeepMine={(rev) => submit(null, rev)} copyText={() => textOf(form.values)} />
        <PictureSending pictures={editor.pictures} />
        <FormActions>
          <SaveButton type="submit" status={save.status} error={editor.saveError} label={record ? "Save changes" : `Add ${noun}`} successText="Saved" />
          <Button onClick={() => void leaveForm(form.dirty, confirm, form.loadLatest, () => leaveWhenClean(() => onDone()))}>
            {form.dirty ? "Cancel" : "Back to the list"}
          </Button>
          {record ? (
            <Button variant="danger" onClick={() => void remove()} disabled={editor.unconfirmed}>
              Delete {noun}
            </Button>
          ) : null}
        </FormActions>
      </form>
    </Panel>
  );
}
