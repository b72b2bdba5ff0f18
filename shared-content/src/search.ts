// Text search as every screen does it (the blog list, quotes, films, the admin lists): case- and
// accent-insensitive, every word of the query somewhere in the record's fields.

/** Lower-case, accents removed, so "Camus" finds "camús" and the other way round. */
export function normaliseSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Every whitespace-separated word of `query` appears in one of `fields` (an empty query matches). */
export function matchesSearch(query: string, fields: ReadonlyArray<string | number | null | undefined>): boolean {
  const words = normaliseSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  // A separator no query contains, so words never match across two fields.
  const haystack = normaliseSearchText(fields.filter((f) => f !== null && f !== undefined && f !== "").join(" \u0000 "));
  return words.every((w) => haystack.includes(w));
}

/**
 * Labels (tags, skill names and categories) compared as search compares them, trimmed and with
 * runs of spaces as one: "languages " and "Languages" are the same label.
 */
export function sameLabel(a: string, b: string): boolean {
  const key = (s: string) => normaliseSearchText(s.trim().replace(/\s+/g, " "));
  return key(a) !== "" && key(a) === key(b);
}

/**
 * The spelling in `known` that `value` repeats (see `sameLabel`), or undefined when `value` is
 * new. The first match wins, so pass `known` most used first. The caller tells a duplicate
 * (the result equals `value.trim()`) from a near-duplicate to offer instead (it differs).
 */
export function existingSpelling(value: string, known: Iterable<string>): string | undefined {
  for (const k of known) if (sameLabel(value, k)) return k;
  return undefined;
}
