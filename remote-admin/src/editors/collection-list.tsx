import { useMemo, useState } from "react";
import { deleteRecord, isOrderedKind, matchesSearch, reorderRecords, type CollectionKind } from "shared-content/admin";
import { AdminPage, Button, Panel, Pager, ReorderList, SearchBox, StatusMessage, paginate, useConfirm } from "../ui";
import { describeWriteError } from "../lib/write-errors";
import type { CollectionEditorProps, CollectionRecord } from "./collection-editor";
import styles from "./collection-editor.module.css";
import { deleteQuestion, groupsOf, pluralise, replaceGroup } from "./collection-logic";

export type CollectionListProps<K extends CollectionKind, R extends CollectionRecord, F extends object> = CollectionEditorProps<K, R, F> & {
  items: R[];
  flash: string | null;
  setFlash: (message: string | null) => void;
  onOpen: (id: string) => void;
};

/** A collection's list: search, paging, grouping, reorder, edit and delete (with a named confirmation). */
export function CollectionList<K extends CollectionKind, R extends CollectionRecord, F extends object>(props: CollectionListProps<K, R, F>) {
  const {
    kind,
    title,
    description,
    noun,
    reorderable,
    itemLabel,
    renderItem,
    searchFields,
    pageSize,
    before,
    extraActions,
    groupBy,
    items,
    flash,
    setFlash,
    onOpen,
  } = props;
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const { busy, listError, remove, reorder, dialog } = useListWrites(kind, noun, itemLabel, setFlash);
  const filtered = useMemo(() => {
    if (!searchFields || !query.trim()) return items;
    return items.filter((r) => matchesSearch(query, searchFields(r)));
  }, [items, query, searchFields]);
  const paged = pageSize ? paginate(filtered, page, pageSize) : { items: filtered, page: 1, pageCount: 1 };

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
          <Button size="small" onClick={() => onOpen(r.id)} aria-label={`Edit “${itemLabel(r)}”`}>
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
        <Button variant="primary" onClick={() => onOpen("new")}>
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

/** The list's own writes (delete one, save a new order): busy while one runs, its failure kept. */
function useListWrites<K extends CollectionKind, R extends CollectionRecord>(
  kind: K,
  noun: string,
  itemLabel: (record: R) => string,
  setFlash: (message: string | null) => void,
) {
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const remove = async (record: R) => {
    const name = itemLabel(record);
    const ok = await confirm(deleteQuestion(noun, name));
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
  return { busy, listError, remove, reorder, dialog };
}
