// Every date the site shows, formatted here under one rule: British English ("27 Feb 2026"),
// and days and months in UTC. A day or month is what the content stores (a post's publication
// day, "2021-03" for a job), and UTC gives the server render and the browser the same text, so
// hydration matches wherever the server and the reader are. Only a time of day ("14:05") is
// shown in the reader's own time zone, and only in what the browser alone renders (the admin
// panel, the answer to a sent form), never in a server-rendered page.
const LOCALE = "en-GB";

// A day or a month in UTC is written by hand, as Intl writes them in British English ("Sept", as
// ICU's en-GB has it; the test compares every month with Intl): a browser's first
// Intl.DateTimeFormat loads ICU's date data, 35-120 ms of a visitor's main thread measured in
// Chromium (four times that on a phone), for text this short.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** Intl only where the reader's own time zone matters (browser-only screens), made on first use. */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(LOCALE, options));
}
const momentFormat = lazyFormat({ dateStyle: "medium", timeStyle: "short" });
const clockFormat = lazyFormat({ hour: "2-digit", minute: "2-digit" });
const fullMomentFormat = lazyFormat({ dateStyle: "full", timeStyle: "short" });

const YEAR_MONTH = /^(\d{4})-(\d{2})/;

function toDate(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2021-03" -> "Mar 2021"; anything unparsable is shown as given (it is still text). */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return "";
  const m = YEAR_MONTH.exec(value);
  if (!m) return value;
  const month = SHORT_MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${Number(m[1])}` : value;
}

/** A day in full, "27 February 2026" (epoch ms or a date string); unparsable text as given. */
export function formatDay(value: number | string | null | undefined): string {
  const date = toDate(value);
  return date ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : value === null || value === undefined ? "" : String(value);
}

/** A day in short, "27 Feb 2026", for lists; "—" when there is none. */
export function formatShortDay(value: number | string | null | undefined): string {
  const date = toDate(value);
  return date ? `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : "—";
}

/** A moment to the minute in the reader's time zone, "27 Feb 2026, 14:05" (browser-only screens). */
export function formatMoment(value: number | string | null | undefined): string {
  const date = toDate(value);
  return date ? momentFormat().format(date) : "—";
}

/**
 * A moment in full in the reader's time zone, which it names: "Thursday 26 November 2026 at 15:04
 * (Europe/Stockholm)" (browser-only screens: when a scheduled post goes out).
 */
export function formatMomentWithZone(value: number): string {
  const format = fullMomentFormat();
  return `${format.format(value)} (${format.resolvedOptions().timeZone})`;
}

/** The time of day in the reader's time zone, "14:05" (browser-only screens). */
export function formatClock(value: number | string): string {
  const date = toDate(value);
  return date ? clockFormat().format(date) : "";
}

/** Whole months between two "YYYY-MM" values, inclusive of the first; end null = now. */
export function monthSpan(start: string, end: string | null | undefined, now = new Date()): number {
  const s = YEAR_MONTH.exec(start);
  if (!s) return 0;
  const e = end ? YEAR_MONTH.exec(end) : null;
  const ey = e ? Number(e[1]) : now.getUTCFullYear();
  const em = e ? Number(e[2]) : now.getUTCMonth() + 1;
  return Math.max(0, (ey - Number(s[1])) * 12 + (em - Number(s[2])) + 1);
}

/** A length in months as "3 yrs 2 mos". */
export function formatDuration(months: number): string {
  if (months <= 0) return "";
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [];
  if (y) parts.push(`${y} yr${y > 1 ? "s" : ""}`);
  if (m) parts.push(`${m} mo${m > 1 ? "s" : ""}`);
  return parts.join(" ");
}
