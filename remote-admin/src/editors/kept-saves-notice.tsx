import { useMemo } from "react";
import { Button, StatusMessage } from "../ui";
import type { CollectionRecord } from "./collection-editor";
import { clearKeptSave, keptSaveKey, readKeptSave } from "./kept-save";

export interface KeptSavesNoticeProps<R extends CollectionRecord, F extends object> {
  kind: string;
  noun: string;
  items: R[];
  /** A new record's form values: what a kept save must look like. */
  like: F;
  itemLabel: (record: R) => string;
  /** Open the record (`"new"` for a create) with what was kept restored. */
  onRestore: (id: string) => void;
}

/**
 * A collection's list names the saves this browser kept that the database never confirmed (a
 * tab closed mid-save), so the owner who comes back to the list finds them without opening
 * each record. A kept create whose reserved id is in the database landed after all: forgotten.
 */
export function KeptSavesNotice<R extends CollectionRecord, F extends object>({ kind, noun, items, like, itemLabel, onRestore }: KeptSavesNoticeProps<R, F>) {
  const kept = useMemo(() => {
    const found: { id: string; label: string }[] = [];
    const created = readKeptSave(keptSaveKey(kind, null), like);
    if (created?.id && items.some((item) => item.id === created.id)) clearKeptSave(keptSaveKey(kind, null));
    else if (created) found.push({ id: "new", label: `the new ${noun}` });
    for (const item of items) if (readKeptSave(keptSaveKey(kind, item.id), like)) found.push({ id: item.id, label: `“${itemLabel(item)}”` });
    return found;
    // `like` and `itemLabel` are new objects every render; what is kept changes with the items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, noun, items]);
  if (kept.length === 0) return null;
  return (
    <StatusMessage
      kind="warning"
      action={kept.map((k) => (
        <Button key={k.id} onClick={() => onRestore(k.id)}>
          Restore {k.label}
        </Button>
      ))}
    >
      This browser kept {kept.length === 1 ? "a save" : `${kept.length} saves`} that the database never confirmed (the page was closed or lost its connection
      while {kept.length === 1 ? "it was" : "they were"} on {kept.length === 1 ? "its" : "their"} way): {kept.map((k) => k.label).join(", ")}. Restore to check
      and save again.
    </StatusMessage>
  );
}
