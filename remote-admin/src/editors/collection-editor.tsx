import { useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "shared-router";
import type { CollectionKind, CreateFields, LiveResult } from "shared-content/admin";
import { AdminPage, type FieldErrors, type FormState } from "../ui";
import { CollectionList } from "./collection-list";
import { CollectionRecordEditor } from "./collection-record-editor";
import { EditorLoadState, EditorMissing } from "./editor-load-state";
import { KeptSavesNotice } from "./kept-saves-notice";
import { useKeptRecord } from "./use-record-editor";

/** A record of a keyed collection. */
export type CollectionRecord = { rev: number; id: string };

export interface CollectionEditorProps<K extends CollectionKind, R extends CollectionRecord, F extends object> {
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
export function CollectionEditor<K extends CollectionKind, R extends CollectionRecord, F extends object>(props: CollectionEditorProps<K, R, F>) {
  const { title, description, noun, live, sort } = props;
  const [params, setParams] = useSearchParams();
  const editId = params.get("edit");
  const [flash, setFlash] = useState<string | null>(null);
  const [restoreKept, setRestoreKept] = useState(false);
  const editing = editId === null || editId === "new" ? null : editId;
  const { record: editedRecord, deletedElsewhere } = useKeptRecord(editing, editing === null ? null : (live.data.find((r) => r.id === editing) ?? null));
  const items = useMemo(() => (sort ? sort(live.data) : live.data), [live.data, sort]);

  const setEdit = (id: string | null, message: string | null = null, restore = false) => {
    setFlash(message);
    setRestoreKept(restore);
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete("edit");
      else next.set("edit", id);
      return next;
    });
  };

  if (live.status !== "ready") return <EditorLoadState title={title} description={description} live={live} />;
  if (editId === null) {
    const kept = (
      <KeptSavesNotice
        kind={props.kind}
        noun={noun}
        items={items}
        like={props.toForm(null)}
        itemLabel={props.itemLabel}
        onRestore={(id) => setEdit(id, null, true)}
      />
    );
    return (
      <CollectionList
        {...props}
        before={
          <>
            {kept}
            {props.before}
          </>
        }
        items={items}
        flash={flash}
        setFlash={setFlash}
        onOpen={(id) => setEdit(id)}
      />
    );
  }
  if (editId !== "new" && !editedRecord) {
    return (
      <EditorMissing
        title={title}
        description={description}
        message={`This ${noun} does not exist (it may have been deleted).`}
        backLabel="Back to the list"
        onBack={() => setEdit(null)}
      />
    );
  }
  return (
    <AdminPage title={title} description={description}>
      <CollectionRecordEditor
        key={editId}
        {...props}
        record={editedRecord}
        deletedElsewhere={deletedElsewhere}
        restoreKept={restoreKept}
        items={items}
        onDone={(message) => setEdit(null, message ?? null)}
      />
    </AdminPage>
  );
}
