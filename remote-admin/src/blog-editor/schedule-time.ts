// The "Publish at" field's value: a datetime-local string in the owner's own time zone, stored
// as UTC milliseconds.

const two = (n: number) => String(n).padStart(2, "0");

/** "2026-11-26T15:04" (local time, to the minute) for a moment; "" for none. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return "";
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}${d.getSeconds() ? `:${two(d.getSeconds())}` : ""}`;
}

/** The moment a datetime-local value names in the owner's time zone, or null when it names none. */
export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // 2026-02-31 rolls over to March: a day that does not exist is no moment.
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : null;
}

/** Why a "Publish at" value cannot be used at `now`, or null when it can. */
export function publishAtProblem(value: string, now: number): string | null {
  if (value.trim() === "") return "Choose the day and time to publish at.";
  const at = fromLocalInput(value);
  if (at === null) return "Enter a day and time, like 2026-12-01 09:30.";
  if (at <= now) return "Choose a time in the future, or use Publish to publish it now.";
  return null;
}

/** A sensible first suggestion: the next whole hour, at least 30 minutes ahead. */
export function suggestedPublishAt(now: number): number {
  const d = new Date(now + 30 * 60_000);
  d.setMinutes(0, 0, 0);
  return d.getTime() + 60 * 60_000;
}
