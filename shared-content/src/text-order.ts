// Text order without the Intl collator. `localeCompare`'s first call loads ICU's collation data:
// 10 ms or more of a page's hydration on a desktop-class host, which a phone runs 4x slower, for
// ids, ISO dates and short names that need none of it. The server renders with the same
// functions, so the browser's order always matches the HTML it hydrates.

/** Code-unit order: ids, slugs, tags and ISO dates. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Names: ignoring case, then by code unit so that the order is total. */
export const compareNames = (a: string, b: string): number => compareCodeUnits(a.toLowerCase(), b.toLowerCase()) || compareCodeUnits(a, b);
