// Decoding database values. A record that does not decode is left out and reported once per
// path (console.warn), so one bad record never blanks a page.
import { compareCodeUnits } from "./text-order";
import * as v from "valibot";
import type { WithId } from "./schemas";

const warned = new Set<string>();

function issueSummary(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${v.getDotPath(i) ?? "(record)"}: ${i.message}`)
    .join("; ");
}

function warnOnce(path: string, issues: readonly v.BaseIssue<unknown>[]): void {
  if (warned.has(path)) return;
  warned.add(path);
  console.warn(`[shared-content] Ignoring ${path}: it does not match its schema (${issueSummary(issues)}).`);
}

/** For tests: forget which paths were already reported. */
export function resetDecodeWarnings(): void {
  warned.clear();
}

/** Decode one value; null/undefined (absent) gives null, an invalid value gives null + a warning. */
export function decodeOne<S extends v.GenericSchema>(schema: S, raw: unknown, path: string): v.InferOutput<S> | null {
  if (raw === null || raw === undefined) return null;
  const result = v.safeParse(schema, raw);
  if (result.success) return result.output;
  warnOnce(path, result.issues);
  return null;
}

/**
 * Decode a keyed collection (an object of records, or the array the SDK makes of numeric keys).
 * Keeps the given entry order; invalid records are dropped with a warning.
 */
export function decodeCollection<S extends v.GenericSchema>(schema: S, raw: unknown, path: string): WithId<v.InferOutput<S>>[] {
  const entries = toEntries(raw);
  const out: WithId<v.InferOutput<S>>[] = [];
  for (const [id, value] of entries) {
    const decoded = decodeOne(schema, value, `${path}/${id}`);
    if (decoded !== null) out.push({ ...(decoded as object), id } as WithId<v.InferOutput<S>>);
  }
  return out;
}

/** Key/value pairs of a database object; anything that is not an object gives none. */
export function toEntries(raw: unknown): [string, unknown][] {
  if (raw === null || raw === undefined || typeof raw !== "object") return [];
  if (Array.isArray(raw)) {
    return raw.flatMap((value, index) => (value === undefined || value === null ? [] : [[String(index), value] as [string, unknown]]));
  }
  return Object.entries(raw as Record<string, unknown>);
}

// --- sorting helpers used by the hooks (exported for tests and screens) -----------------------
export const byOrder = <T extends { order: number; id: string }>(a: T, b: T) => a.order - b.order || compareCodeUnits(a.id, b.id);
/**
 * Keys in the database's order (the SDK's `nameCompare`): keys that are 32-bit integers first,
 * numerically (equal numbers: the shorter key first), then the rest as strings by code unit. A
 * screen that shows a window of a query sorts ties this way, so a bigger window only adds
 * records after the ones already shown.
 */
export function byKey(a: string, b: string): number {
  if (a === b) return 0;
  const ai = int32Key(a);
  const bi = int32Key(b);
  if (ai !== null && bi !== null) return ai - bi || a.length - b.length;
  if (ai !== null) return -1;
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}
function int32Key(key: string): number | null {
  if (!/^-?(0*)\d{1,10}$/.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Text in the database's order (code units), not the locale's: windows of a query stay contiguous. */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const byPublishedDesc = <T extends { publishedAt: number; id: string }>(a: T, b: T) => b.publishedAt - a.publishedAt || compareCodeUnits(a.id, b.id);
