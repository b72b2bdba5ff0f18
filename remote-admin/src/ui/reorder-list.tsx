import { useLayoutEffect, useRef, type ReactNode } from "react";
import { visuallyHidden } from "shared-ui";
import { Button } from "./button";
import styles from "./reorder-list.module.css";

export interface ReorderListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Short name of an item, used in button labels ("Move up "Acme""). */
  getLabel: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Called with the new order; the caller persists it. */
  onReorder?: (next: T[], moved: { from: number; to: number }) => void;
  /** Extra actions per item (Edit, Delete ...). */
  renderActions?: (item: T, index: number) => ReactNode;
  /** Accessible name of the list, e.g. "Experience entries". */
  label: string;
  disabled?: boolean;
  empty?: ReactNode;
}

/** The two buttons of an item: the tooltip, and the start of the button's name, say the same. */
const MOVES = [
  { dir: "up", step: -1, arrow: "↑", title: "Move up" },
  { dir: "down", step: 1, arrow: "↓", title: "Move down" },
] as const;

/** Returns a copy of `items` with the element at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * A list whose items can be reordered with Move up / Move down buttons (keyboard friendly;
 * focus follows the moved item's button because keys stay stable). The buttons show an arrow
 * (hidden from assistive technology) with the tooltip "Move up"; their name starts with those
 * words ("Move up "Acme"", visually hidden), so speech input can say what the tooltip says.
 */
export function ReorderList<T>({ items, getKey, getLabel, renderItem, onReorder, renderActions, label, disabled, empty }: ReorderListProps<T>) {
  const listRef = useRef<HTMLOListElement>(null);
  // Moving a focused DOM node drops focus; put it back on the moved item's button.
  const pendingFocus = useRef<{ key: string; dir: "up" | "down" } | null>(null);
  useLayoutEffect(() => {
    const want = pendingFocus.current;
    if (!want || !listRef.current) return;
    const buttons = Array.from(listRef.current.querySelectorAll<HTMLButtonElement>("button[data-reorder-key]")).filter(
      (b) => b.dataset.reorderKey === want.key,
    );
    const target = buttons.find((b) => b.dataset.dir === want.dir && !b.disabled) ?? buttons.find((b) => !b.disabled);
    if (target) {
      target.focus();
      pendingFocus.current = null;
    }
  }, [items]);

  if (items.length === 0) return <>{empty ?? <p className={styles.empty}>Nothing here yet.</p>}</>;
  const move = (from: number, to: number) => {
    const item = items[from];
    if (item !== undefined) pendingFocus.current = { key: getKey(item), dir: to < from ? "up" : "down" };
    onReorder?.(moveItem(items, from, to), { from, to });
  };
  return (
    <ol ref={listRef} className={styles.list} aria-label={label}>
      {items.map((item, index) => {
        const name = getLabel(item);
        return (
          <li key={getKey(item)} className={styles.item}>
            <div className={styles.body}>{renderItem(item, index)}</div>
            <div className={styles.actions}>
              {onReorder
                ? MOVES.map(({ dir, step, arrow, title }) => (
                    <Button
                      key={dir}
                      size="small"
                      variant="ghost"
                      title={title}
                      data-reorder-key={getKey(item)}
                      data-dir={dir}
                      disabled={disabled || index + step < 0 || index + step >= items.length}
                      onClick={() => move(index, index + step)}
                    >
                      <span aria-hidden="true">{arrow}</span>
                      <span className={visuallyHidden}>{`${title} "${name}"`}</span>
                    </Button>
                  ))
                : null}
              {renderActions?.(item, index)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
