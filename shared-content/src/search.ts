// Text search as every screen does it (the blog list, quotes, films, the admin lists): case- and
// accent-insensitive, every word of the query somewhere in the record's fields.

/** Lower-case, accents removed, so "Camus" finds "camús" and the other way round. */
export function normaliseSearchText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** Every whitespace-separated word of `query` appears in one of `fields` (an empty query matches). */
export function matchesSearch(query: string, fields: ReadonlyArray<string | number | null | undefined>): boolean {
  const words = normaliseSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  // A separator no query contains, so words never match across two fields.
  const haystack = normaliseSearchText(fields.filter((f) => f !== null && f !== undefined && f !== "").join(" \u0000 "));
  return words.every((w) => haystack.includes(w));
}

/** Two labels a reader takes for the same one: equal once trimmed, without case and accents. */
export function sameLabel(a: string, b: string): boolean {
  return normaliseSearchText(a.trim()) === normaliseSearchText(b.trim());
}

/**
 * The existing label that `value` repeats in another spelling ("languages" when "Languages"
 * exists), to offer instead of a near-duplicate; undefined when `value` is new or spelled exactly
 * like an existing one.
 */
export function otherSpellingOf(value: string, existing: Iterable<string>): string | undefined {
  const wanted = value.trim();
  let found: string | undefined;
  for (const label of existing) {
    if (label === wanted) return undefined;
    if (found === undefined && sameLabel(label, wanted)) found = label;
  }
  return found;
}
