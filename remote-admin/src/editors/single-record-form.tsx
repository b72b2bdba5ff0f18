import type { ReactNode } from "react";
import { AboutFieldsSchema, ContactFieldsSchema, validate, type LiveResult } from "shared-content/admin";
import { AdminPage, Button, FormActions, Panel, SaveButton, StatusMessage, type FieldErrors, type FormState } from "../ui";
import { mapErrorKeys, textOf } from "../lib/form-values";
import styles from "./collection-editor.module.css";
import { EditorLoadState } from "./editor-load-state";
import { ConflictNotice, EditorNotices } from "./editor-notices";
import { keptSaveKey } from "./kept-save";
import { KeptSavePrompt } from "./kept-save-prompt";
import { useRecordEditor } from "./use-record-editor";
import { PendingPicturesProvider, PictureSending } from "../media/pending-pictures";

/** `W`: the record's fields as its write function takes them (the boundary, typed end to end). */
export interface SingleRecordFormProps<R extends { rev: number }, F extends object, W> {
  title: string;
  description: ReactNode;
  live: LiveResult<R | null>;
  schema: typeof AboutFieldsSchema | typeof ContactFieldsSchema;
  toForm: (record: R | null) => F;
  toFields: (values: F) => W;
  /** Resolves with the revision written, once the server has stored it. */
  save: (fields: W, expectedRev: number | null) => Promise<number>;
  renderForm: (form: FormState<F>) => ReactNode;
  /** What a leave-confirmation names, e.g. "your changes to the about section". */
  what: string;
  /** What the record is, for the key of a save kept in this browser until confirmed: "about". */
  keepAs: string;
  /** "about section". */
  noun: string;
  publicLink?: { href: string; label: string };
}

/** A screen editing one record (about, contact), saved compare-and-set. */
export function SingleRecordForm<R extends { rev: number }, F extends object, W>(props: SingleRecordFormProps<R, F, W>) {
  const { title, description, live } = props;
  if (live.status !== "ready") return <EditorLoadState title={title} description={description} live={live} />;
  return <Loaded {...props} record={live.data} />;
}

function Loaded<R extends { rev: number }, F extends object, W>({
  title,
  description,
  schema,
  toForm,
  toFields,
  save: write,
  renderForm,
  what,
  keepAs,
  noun,
  publicLink,
  record,
}: SingleRecordFormProps<R, F, W> & { record: R | null }) {
  const check = (values: F): FieldErrors => {
    const result = validate(schema, toFields(values));
    return result.ok ? {} : mapErrorKeys(result.errors, {});
  };
  const keepKey = keptSaveKey(keepAs);
  const editor = useRecordEditor<R, F>({ record, toForm, validate: check, keepKey });
  const { form, save } = editor;

  const submit = (e: React.FormEvent<HTMLFormElement> | null, overRev?: number) => {
    e?.preventDefault();
    void editor.submit((values, baseRev) => write(toFields(values), baseRev), { formEl: e?.currentTarget ?? null, baseRev: overRev });
  };

  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        publicLink ? (
          <a href={publicLink.href} target="_blank" rel="noopener" className={styles.meta}>
            {publicLink.label} (opens in a new tab)
          </a>
        ) : undefined
      }
    >
      <KeptSavePrompt keepKey={keepKey} noun={noun} current={form.values} rev={record?.rev ?? null} onRestore={(kept) => form.setValues(kept.values)} />
      <EditorNotices editor={editor} noun={noun} what={what} copyText={() => textOf(form.values)} />
      {record === null ? <StatusMessage kind="info">Nothing is saved here yet; the first save creates it.</StatusMessage> : null}
      <Panel>
        <form noValidate onSubmit={submit} className={styles.form} aria-label={title}>
          <PendingPicturesProvider value={editor.pictures}>{renderForm(form)}</PendingPicturesProvider>
          <ConflictNotice editor={editor} noun={noun} onKeepMine={(rev) => submit(null, rev)} copyText={() => textOf(form.values)} />
          <PictureSending pictures={editor.pictures} />
          <FormActions>
            <SaveButton type="submit" status={save.status} error={editor.saveError} label="Save" />
            {form.dirty ? <Button onClick={form.loadLatest}>Discard changes</Button> : null}
          </FormActions>
        </form>
      </Panel>
    </AdminPage>
  );
}
