import { useMemo, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "shared-router";
import {
  createRecord,
  deleteRecord,
  newRecordId,
  isOrderedKind,
  matchesSearch,
  reorderRecords,
  updateRecord,
  validate,
  COLLECTION_FIELD_SCHEMAS,
  type CollectionKind,
  type CreateFields,
  type LiveResult,
} from "shared-content/admin";
import {
  AdminPage,
  Button,
  FormActions,
  Panel,
  Pager,
  ReorderList,
  SaveButton,
  SearchBox,
  StatusMessage,
  paginate,
  useConfirm,
  type FieldErrors,
  type FormState,
} from "../ui";
import { mapErrorKeys, textOf } from "../lib/form-values";
import { leaveForm, useLeaveWhenClean } from "../lib/use-record-form";
import { describeWriteError } from "../lib/write-errors";
import styles from "./collection-editor.module.css";
import { groupsOf, pluralise, replaceGroup } from "./collection-logic";
import { EditorLoadState, EditorMissing } from "./editor-load-state";
import { EditorNotices } from "./editor-notices";
import { useKeptRecord, useRecordEditor } from "./use-record-editor";

type Rec = { rev: number; id: string };

export interface CollectionEditorProps<K extends CollectionKind, R extends Rec, F extends object> {
  kind: K;
  title: string;
  description?: ReactNode;
  /** Singular noun for buttons and messages: "experience entry", "skill". */
  noun: string;
  live: LiveResult<R[]>;
  /** Items in display order (defaults to the live order). */
  sort?: (items: R[]) => R[];
  /** Reorder with Move up / Move down (ordered kinds only). */
  reorderable?: boolean;
  toForm: (record: R | null) => F;
  /** Form values -> the record fields the schema checks, without `order` (kept by the editor). */
  toFields: (values: F) => CreateFields<K>;
  /** Form field names that differ from record field names (record -> form). */
  errorKeys?: Record<string, string>;
  /** The form's fields; `record` is the one being edited (null for a new one). */
  renderForm: (form: FormState<F>, record: R | null) => ReactNode;
  /** Checks beyond the schema that need the other records (e.g. no duplicate names). */
  checkAgainst?: (values: F, record: R | null, items: R[]) => FieldErrors;
  itemLabel: (record: R) => string;
  renderItem: (record: R) => ReactNode;
  /** Search support: return the texts to search in. */
  searchFields?: (record: R) => Array<string | number | undefined>;
  pageSize?: number;
  /** Extra content above the list (e.g. a moderation queue). */
  before?: ReactNode;
  /** Extra per-item actions. */
  extraActions?: (record: R) => ReactNode;
  /** Show the list in groups (e.g. skills by category); reordering moves items within a group. */
  groupBy?: (record: R) => string;
}

/**
 * One screen for a keyed collection: a list (search, paging, reorder, edit, delete with a
 * named confirmation) and a form for one record (`?edit=<id>` or `?edit=new`), validated with
 * the shared schemas and saved compare-and-set.
 */
export function CollectionEditor<K extends CollectionKind, R extends Rec, F extends object>(props: CollectionEditorProps<K, R, F>) {
  const { kind, title, description, noun, live, sort, reorderable, itemLabel, renderItem, searchFields, pageSize, before, extraActions, groupBy } = props;
  const [params, setParams] = useSearchParams();
  const editId = params.get("edit");
  const [flash, setFlash] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const editing = editId === null || editId === "new" ? null : editId;
  const { record: editedRecord, deletedElsewhere } = useKeptRecord(editing, editing === null ? null : (live.data.find((r) => r.id === editing) ?? null));

  const items = useMemo(() => (sort ? sort(live.data) : live.data), [live.data, sort]);
  const filtered = useMemo(() => {
    if (!searchFields || !query.trim()) return items;
    return items.filter((r) => matchesSearch(query, searchFields(r)));
  }, [items, query, searchFields]);
  const paged = pageSize ? paginate(filtered, page, pageSize) : { items: filtered, page: 1, pageCount: 1 };

  const open = (id: string) => {
    setFlash(null);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set("edit", id);
      return next;
    });
  };
  const close = (message?: string) => {
    setFlash(message ?? null);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete("edit");
      return next;
    });
  };

  const remove = async (record: R) => {
    const name = itemLabel(record);
    const ok = await confirm({
      title: `Delete this ${noun}?`,
      message: `Delete the ${noun} “${name}”? This cannot be undone.`,
      confirmLabel: `Delete ${noun}`,
    });
    if (!ok) return;
    setBusy(true);
    setListError(null);
    try {
      await deleteRecord(kind, record.id);
      setFlash(`Deleted the ${noun} “${name}”.`);
    } catch (e) {
      setListError(`Could not delete “${name}”: ${describeWriteError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const reorder = async (next: R[]) => {
    setBusy(true);
    setListError(null);
    setFlash(null);
    try {
      if (!isOrderedKind(kind)) throw new Error(`${kind} records have no order`);
      await reorderRecords(
        kind,
        next.map((r) => ({ id: r.id, rev: r.rev })),
      );
      setFlash("New order saved.");
    } catch (e) {
      setListError(`The new order was not saved: ${describeWriteError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  if (live.status !== "ready") return <EditorLoadState title={title} description={description} live={live} />;

  if (editId !== null) {
    if (editId !== "new" && !editedRecord) {
      return (
        <EditorMissing
          title={title}
          description={description}
          message={`This ${noun} does not exist (it may have been deleted).`}
          backLabel="Back to the list"
          onBack={() => close()}
        />
      );
    }
    return (
      <AdminPage title={title} description={description}>
        <RecordEditor key={editId} {...props} record={editedRecord} deletedElsewhere={deletedElsewhere} items={items} onDone={close} />
      </AdminPage>
    );
  }

  const renderList = (list: R[], onReorder: ((next: R[]) => void) | undefined, label: string) => (
    <ReorderList
      label={label}
      items={list}
      getKey={(r) => r.id}
      getLabel={itemLabel}
      renderItem={(r) => renderItem(r)}
      onReorder={onReorder}
      disabled={busy}
      empty={<p className={styles.empty}>{query.trim() ? `No ${pluralise(noun)} match “${query}”.` : `No ${pluralise(noun)} yet.`}</p>}
      renderActions={(r) => (
        <>
          {extraActions?.(r)}
          <Button size="small" onClick={() => open(r.id)} aria-label={`Edit “${itemLabel(r)}”`}>
            Edit
          </Button>
          <Button size="small" variant="danger" disabled={busy} onClick={() => void remove(r)} aria-label={`Delete “${itemLabel(r)}”`}>
            Delete
          </Button>
        </>
      )}
    />
  );

  // Single-page lists can move any item; in a filtered or paged view order would be unclear.
  const canReorder = reorderable && !query.trim() && paged.pageCount === 1;
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        <Button variant="primary" onClick={() => open("new")}>
          Add {noun}
        </Button>
      }
    >
      {dialog}
      {before}
      {flash ? <StatusMessage kind="success">{flash}</StatusMessage> : null}
      {listError ? <StatusMessage kind="error">{listError}</StatusMessage> : null}
      <Panel title={`${items.length} ${items.length === 1 ? noun : pluralise(noun)}`}>
        {searchFields ? (
          <SearchBox
            label={`Search ${pluralise(noun)}`}
            value={query}
            onChange={(q) => {
              setQuery(q);
              setPage(1);
            }}
            resultSummary={query.trim() ? `${filtered.length} of ${items.length} match` : undefined}
          />
        ) : null}
        {groupBy && paged.items.length > 0
          ? groupsOf(paged.items, groupBy).map((group) => (
              <section key={group.name} className={styles.group} aria-label={group.name}>
                <h3 className={styles.groupTitle}>
                  {group.name} <span className={styles.meta}>({group.items.length})</span>
                </h3>
                {renderList(
                  group.items,
                  canReorder ? (next) => void reorder(replaceGroup(paged.items, groupBy, group.name, next)) : undefined,
                  `${pluralise(noun)} in ${group.name}`,
                )}
              </section>
            ))
          : renderList(paged.items, canReorder ? (next) => void reorder(next) : undefined, pluralise(noun))}
        {pageSize ? <Pager label={`${title} pages`} page={paged.page} pageCount={paged.pageCount} onPage={setPage} /> : null}
      </Panel>
    </AdminPage>
  );
}

function RecordEditor<K extends CollectionKind, R extends Rec, F extends object>({
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
}: CollectionEditorProps<K, R, F> & { record: R | null; deletedElsewhere: boolean; items: R[]; onDone: (message?: string) => void }) {
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
  const editor = useRecordEditor<R, F>({ record, deletedElsewhere, toForm, validate: check });
  const { form, save } = editor;
  const leaveWhenClean = useLeaveWhenClean(form.dirty);
  // Chosen before the first attempt and reused by every retry, so a retried add cannot add twice.
  const newId = useRef<string | null>(null);
  const create = async (fields: CreateFields<K>) => {
    newId.current ??= await newRecordId(kind);
    return createRecord(kind, fields, newId.current);
  };

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    if (record === null) {
      void editor.submit((values) => create(fieldsOf(values)), { formEl, onLanded: () => onDone(`Added the ${noun}.`) });
    } else {
      void editor.submit((values, baseRev) => updateRecord(kind, record.id, fieldsOf(values), baseRev ?? record.rev), { formEl });
    }
  };

  const remove = async () => {
    if (!record) return;
    const name = itemLabel(record);
    const ok = await confirm({
      title: `Delete this ${noun}?`,
      message: `Delete the ${noun} “${name}”? This cannot be undone.`,
      confirmLabel: `Delete ${noun}`,
    });
    if (!ok) return;
    await editor.submit(() => deleteRecord(kind, record.id), { unchecked: true, onLanded: () => onDone(`Deleted the ${noun} “${name}”.`) });
  };

  // toFields leaves `order` out: the copy goes last.
  const saveAsNew = () => void editor.submit((values) => create(toFields(values)), { onLanded: () => onDone(`Added the ${noun} again as a new one.`) });

  const heading = record ? `Edit ${noun}: ${itemLabel(record)}` : `New ${noun}`;
  return (
    <Panel title={heading}>
      {dialog}
      <EditorNotices
        editor={editor}
        noun={noun}
        what={`your changes to this ${noun}`}
        onSaveAsNew={record ? saveAsNew : undefined}
        copyText={() => textOf(form.values)}
      />
      <form noValidate onSubmit={submit} className={styles.form} aria-label={heading}>
        {renderForm(form, record)}
        <FormActions>
          <SaveButton type="submit" status={save.status} error={save.error} label={record ? "Save changes" : `Add ${noun}`} successText="Saved" />
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
