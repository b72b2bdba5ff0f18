import type { ReactNode } from "react";
import cards from "./card-grid.module.css";

/** A section's records as a list of cards (card-grid.module.css); `className` sets the columns' least width. */
export function CardGrid<T extends { id: string }>({
  items,
  className,
  card,
}: {
  items: readonly T[];
  className: string | undefined;
  card: (item: T) => ReactNode;
}) {
  return (
    <ul className={`${cards.cardGrid} ${className ?? ""}`}>
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}
