import type { ReactNode, Ref } from "react";
import { Button } from "./button";
import group from "./list-fieldset.module.css";

export interface ListFieldsetProps<T extends { key: string }> {
  legend: string;
  items: readonly T[];
  /** Shown while there are no items. */
  empty: ReactNode;
  rowClassName: string | undefined;
  renderRow: (item: T, index: number) => ReactNode;
  /** The group's own message (e.g. too many rows). */
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  listRef?: Ref<HTMLOListElement>;
}

/** A framed group of repeated fields (list-fieldset.module.css): its rows, its own message, and a button adding a row. */
export function ListFieldset<T extends { key: string }>({
  legend,
  items,
  empty,
  rowClassName,
  renderRow,
  error,
  addLabel,
  onAdd,
  listRef,
}: ListFieldsetProps<T>) {
  return (
    <fieldset className={group.fieldset}>
      <legend>{legend}</legend>
      {items.length === 0 ? empty : null}
      <ol ref={listRef} className={group.list}>
        {items.map((item, i) => (
          <li key={item.key} className={rowClassName}>
            {renderRow(item, i)}
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className={group.error}>
          {error}
        </p>
      ) : null}
      <div>
        <Button onClick={onAdd}>{addLabel}</Button>
      </div>
    </fieldset>
  );
}
