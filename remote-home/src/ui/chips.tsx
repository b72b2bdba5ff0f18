import styles from "./chips.module.css";

export function Chips({ items, label }: { items: readonly string[] | undefined; label: string }) {
  if (!items || items.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {items.map((item, i) => (
        <li key={`${item}-${i}`} className={styles.chip}>
          {item}
        </li>
      ))}
    </ul>
  );
}
