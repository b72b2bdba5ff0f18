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
