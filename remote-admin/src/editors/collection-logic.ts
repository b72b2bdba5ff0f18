// The collection editor's pure helpers: groups (skills by category) and nouns.

/** Groups in order of their first item. */
export function groupsOf<R>(items: readonly R[], groupBy: (r: R) => string): { name: string; items: R[] }[] {
  const groups = new Map<string, R[]>();
  for (const item of items) {
    const name = groupBy(item);
    const list = groups.get(name) ?? [];
    list.push(item);
    groups.set(name, list);
  }
  return [...groups.entries()].map(([name, list]) => ({ name, items: list }));
}

/** The whole list in group order, with one group's items replaced by its new order. */
export function replaceGroup<R>(items: readonly R[], groupBy: (r: R) => string, name: string, reordered: readonly R[]): R[] {
  return groupsOf(items, groupBy).flatMap((g) => (g.name === name ? [...reordered] : g.items));
}

/** "skill" -> "skills", "entry" -> "entries", "box" -> "boxes". */
export function pluralise(noun: string): string {
  if (/y$/.test(noun) && !/[aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** "1 change", "3 changes", "0 invalid records": a number with its noun in the right form. */
export const countOf = (count: number, noun: string): string => `${count.toLocaleString("en-GB")} ${count === 1 ? noun : pluralise(noun)}`;

/** The question before deleting a record, naming it (from the list and from its form alike). */
export const deleteQuestion = (noun: string, name: string) => ({
  title: `Delete this ${noun}?`,
  message: `Delete the ${noun} “${name}”? This cannot be undone.`,
  confirmLabel: `Delete ${noun}`,
});
