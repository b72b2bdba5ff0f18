// Helpers between form state (strings, as typed) and the record fields the schemas check.
import type { FieldErrors } from "../ui";

/** Trimmed text, or undefined when empty (optional fields are absent in the database). */
export function optionalText(value: string): string | undefined {
  const t = value.trim();
  return t === "" ? undefined : t;
}

/** A comma- (or newline-) separated list as typed -> trimmed, non-empty items, duplicates dropped. */
export function splitList(value: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(/[,\n]/)) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

export function joinList(items: readonly string[] | undefined): string {
  return (items ?? []).join(", ");
}

/**
 * A number as typed. Empty gives undefined (for optional numbers); anything that is not a
 * number gives NaN, which the schema rejects with its own message.
 */
export function parseNumber(value: string): number | undefined {
  const t = value.trim().replace(",", ".");
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function numberText(n: number | undefined | null): string {
  return n === undefined || n === null ? "" : String(n);
}

/** Renames error keys from record field names to form field names (e.g. directors -> directorsText). */
export function mapErrorKeys(errors: FieldErrors, rename: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const root = key.split(".")[0] ?? key;
    const target = rename[root] ? rename[root] + key.slice(root.length) : key;
    if (!(target in out)) out[target] = message;
  }
  return out;
}

/**
 * A form's text as a person would copy it out ("field: value" per non-empty text field), for
 * keeping one's input when a save is refused.
 */
export function textOf(values: object): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== "")
    .map(([key, value]) => (value.includes("\n") ? `${key}:\n${value}` : `${key}: ${value}`))
    .join("\n\n");
}
