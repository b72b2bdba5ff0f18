import type { ReactNode } from "react";
import { AboutFieldsSchema, ContactFieldsSchema, validate, type LiveResult } from "shared-content/admin";
import {
  focusFirstInvalid,
  AdminPage,
  Button,
  FormActions,
  Panel,
  SaveButton,
  StatusMessage,
  UnsavedChangesGuard,
  useSaveState,
  type FieldErrors,
  type FormState,
} from "../ui";
import { mapErrorKeys } from "../lib/form-values";
import { useRecordForm } from "../lib/use-record-form";
import { describeWriteError } from "../lib/write-errors";
import styles from "./collection-editor.module.css";
import { EditorLoadState } from "./editor-load-state";

/** `W`: the record's fields as its write function takes them (the boundary, typed end to end). */
export interface SingleRecordFormProps<R extends { rev: number }, F extends object, W> {
  title: string;
  description: ReactNode;
  live: LiveResult<R | null>;
  schema: typeof AboutFieldsSchema | typeof ContactFieldsSchema;
  toForm: (record: R | null) => F;
  toFields: (values: F) => W;
  save: (fields: W, expectedRev: number | null) => Promise<void>;
  renderForm: (form: FormState<F>) => ReactNode;
  /** What a leave-confirmation names, e.g. "your changes to the about section". */
  what: string;
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
  publicLink,
  record,
}: SingleRecordFormProps<R, F, W> & { record: R | null }) {
  const save = useSaveState(describeWriteError);
  const check = (values: F): FieldErrors => {
    const result = validate(schema, toFields(values));
    return result.ok ? {} : mapErrorKeys(result.errors, {});
  };
  const form = useRecordForm<R, F>({ record, toForm, validate: check, saving: save.status === "saving", onLanded: save.landed, onEdited: save.clearSaved });

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.validateAll()) {
      focusFirstInvalid(e.currentTarget);
      return;
    }
    const values = form.values;
    const ok = await save.run(() => write(toFields(values), form.baseRev));
    if (ok) form.reset(values);
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
      <UnsavedChangesGuard when={form.dirty && save.status !== "saving"} what={what} />
      {form.changedElsewhere ? (
        <StatusMessage kind="warning" action={<Button onClick={form.loadLatest}>Load the newer version (discard my edits)</Button>}>
          This was changed elsewhere while you were editing. Saving now would be refused so that the newer change is not overwritten.
        </StatusMessage>
      ) : null}
      {record === null ? <StatusMessage kind="info">Nothing is saved here yet; the first save creates it.</StatusMessage> : null}
      <Panel>
        <form noValidate onSubmit={(e) => void submit(e)} className={styles.form} aria-label={title}>
          {renderForm(form)}
          <FormActions>
            <SaveButton type="submit" status={save.status} error={save.error} label="Save" />
            {form.dirty ? <Button onClick={form.loadLatest}>Discard changes</Button> : null}
          </FormActions>
        </form>
      </Panel>
    </AdminPage>
  );
}
