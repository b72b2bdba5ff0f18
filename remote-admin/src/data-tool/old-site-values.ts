// Reading the older site's records: its fields go by several names and spellings (push ids or
// arrays, HTML or text, many date formats), and each reader here turns one kind of value into
// what this site stores, or undefined when it cannot.
import { htmlToMarkdown, htmlToText, looksLikeHtml } from "./html-to-markdown";

export type Obj = Record<string, unknown>;

export const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** Entries of a node that may be an object keyed by push id or an array (with holes). */
export function entries(node: unknown): [string, unknown][] {
  if (Array.isArray(node)) return node.flatMap((x, i) => (x == null ? [] : [[String(i), x] as [string, unknown]]));
  return isObj(node) ? Object.entries(node) : [];
}

/** The new key: the old push id when it is a valid key, else "old-<n>" (never bare digits). */
export function newKey(oldKey: string, index: number, taken: Set<string>): string {
  let key = /^[A-Za-z0-9_-]{1,64}$/.test(oldKey) && !/^[0-9]+$/.test(oldKey) ? oldKey : `old-${index + 1}`;
  for (let n = 2; taken.has(key); n += 1) key = `${key.replace(/-dup\d+$/, "")}-dup${n}`;
  taken.add(key);
  return key;
}

export function pick(record: Obj, ...names: string[]): unknown {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}

export function str(record: Obj, ...names: string[]): string | undefined {
  const value = pick(record, ...names);
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Rich text: HTML becomes Markdown, plain text stays. */
export function markdown(record: Obj, ...names: string[]): string | undefined {
  const value = str(record, ...names);
  return value === undefined ? undefined : htmlToMarkdown(value) || undefined;
}

/** Plain text of a field that may hold HTML. */
export function plain(record: Obj, ...names: string[]): string | undefined {
  const value = str(record, ...names);
  if (value === undefined) return undefined;
  return (looksLikeHtml(value) ? htmlToText(value) : value) || undefined;
}

export function url(record: Obj, ...names: string[]): string | undefined {
  const value = str(record, ...names);
  return value && /^https?:\/\/\S+$/.test(value) ? value : undefined;
}

/** "Vue, Firebase", ["Vue", "Firebase"], { 0: "Vue" } or [{ name: "Vue" }] -> ["Vue", "Firebase"]. */
export function list(value: unknown): string[] | undefined {
  let items: unknown[] = [];
  if (typeof value === "string") items = value.split(/[,;|]/);
  else if (Array.isArray(value)) items = value;
  else if (isObj(value)) items = Object.values(value);
  const out = items
    .map((x) => (typeof x === "string" ? x : isObj(x) ? (str(x, "name", "title", "label") ?? "") : ""))
    .map((x) => x.trim())
    .filter((x) => x !== "");
  return out.length > 0 ? [...new Set(out)] : undefined;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** Many date spellings -> { y, m, d? }; "present", "now", "" -> null. */
function parseDate(value: unknown): { y: number; m: number; d?: number } | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    const date = new Date(value < 1e11 ? value * 1000 : value);
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  }
  if (typeof value !== "string") return null;
  const s = value.trim().toLowerCase();
  if (s === "" || /^(present|now|current|today|-)$/.test(s)) return null;
  let match = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?/.exec(s);
  if (match) return { y: Number(match[1]), m: Number(match[2]), ...(match[3] ? { d: Number(match[3]) } : {}) };
  match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s); // 15.03.2021 or 15/03/2021 (day first)
  if (match) return { y: Number(match[3]), m: Number(match[2]), d: Number(match[1]) };
  match = /^(\d{1,2})[./](\d{4})$/.exec(s); // 03/2019
  if (match) return { y: Number(match[2]), m: Number(match[1]) };
  match = /^([a-z]+)\.?\s+(\d{4})$/.exec(s); // March 2019, Mar 2019
  if (match) {
    const m = MONTHS.indexOf(match[1]!.slice(0, 3)) + 1;
    if (m > 0) return { y: Number(match[2]), m };
  }
  match = /^(\d{4})$/.exec(s);
  if (match) return { y: Number(match[1]), m: 1 };
  const t = Date.parse(value);
  if (!Number.isNaN(t)) return parseDate(t);
  return null;
}

export function toMonth(value: unknown): string | undefined {
  const d = parseDate(value);
  return d && d.m >= 1 && d.m <= 12 ? `${d.y}-${pad(d.m)}` : undefined;
}

export function toDay(value: unknown): string | undefined {
  const d = parseDate(value);
  return d && d.m >= 1 && d.m <= 12 ? `${d.y}-${pad(d.m)}-${pad(d.d ?? 1)}` : undefined;
}

export function toMillis(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.round(value < 1e11 ? value * 1000 : value);
  if (typeof value === "string") {
    const t = Date.parse(value);
    if (!Number.isNaN(t) && t >= 0) return t;
  }
  return undefined;
}

export function int(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return Math.round(value);
  if (typeof value === "string") {
    const hm = /^(\d+)\s*h(?:\s*(\d+)\s*m(?:in)?)?$/i.exec(value.trim()); // "2h 46m"
    if (hm) return Number(hm[1]) * 60 + Number(hm[2] ?? 0);
    const n = parseInt(value, 10);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function truncate(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value;
  return `${value.slice(0, max - 1).trimEnd()}…`;
}

/** Drops undefined fields (the database has no empty values; schemas reject empty strings). */
export function compact<T extends Obj>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, x]) => x !== undefined)) as T;
}
