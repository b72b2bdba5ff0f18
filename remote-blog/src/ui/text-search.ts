/** Lower-case, accents removed, so "Camus" finds "camús" and the other way round. */
export function normalise(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** Every whitespace-separated word of the query appears in one of the fields. */
export function matches(query: string, fields: readonly (string | undefined | null)[]): boolean {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = normalise(fields.filter(Boolean).join(" \u0000 "));
  return words.every((w) => hay.includes(w));
}
