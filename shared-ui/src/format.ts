const monthFmt = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });
const dayFmt = new Intl.DateTimeFormat("en", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2021-03" -> "Mar 2021"; anything unparsable is shown as given (it is still text). */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return "";
  const m = /^(\d{4})-(\d{2})/.exec(value);
  if (!m) return value;
  return monthFmt.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

export function formatDay(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dayFmt.format(d);
}

/** Whole months between two "YYYY-MM" values, inclusive of the first; end null = now. */
export function monthSpan(start: string, end: string | null | undefined, now = new Date()): number {
  const s = /^(\d{4})-(\d{2})/.exec(start);
  if (!s) return 0;
  const e = end ? /^(\d{4})-(\d{2})/.exec(end) : null;
  const ey = e ? Number(e[1]) : now.getUTCFullYear();
  const em = e ? Number(e[2]) : now.getUTCMonth() + 1;
  return Math.max(0, (ey - Number(s[1])) * 12 + (em - Number(s[2])) + 1);
}

export function formatDuration(months: number): string {
  if (months <= 0) return "";
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [];
  if (y) parts.push(`${y} yr${y > 1 ? "s" : ""}`);
  if (m) parts.push(`${m} mo${m > 1 ? "s" : ""}`);
  return parts.join(" ");
}

/** Short label for a link: the host of a URL without "www.". */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}
