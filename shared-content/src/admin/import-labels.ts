// How the import preview names a record and tells what changed in it.
import type { FieldChange, RecordKind } from "./import-types";
import { canonical, isObject } from "./import-tree";

const str = (x: unknown): string | undefined => (typeof x === "string" && x.trim() !== "" ? x : typeof x === "number" ? String(x) : undefined);
const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What the preview calls a record: its title or name, from the file (or the site, for a removal). */
export function recordLabel(kind: RecordKind, raw: unknown): string | undefined {
  if (!isObject(raw)) return undefined;
  switch (kind) {
    case "about":
      return str(raw.name) ?? str(raw.headline);
    case "contact":
      return str(raw.email);
    case "experience":
      return str(raw.role) && str(raw.company) ? `${str(raw.role)} at ${str(raw.company)}` : (str(raw.company) ?? str(raw.role));
    case "skills":
      return str(raw.name) && str(raw.category) ? `${str(raw.name)} (${str(raw.category)})` : str(raw.name);
    case "recommendations":
      return str(raw.fullName);
    case "quotes":
      return str(raw.text) ? `“${clip(str(raw.text) ?? "")}”${str(raw.author) ? ` — ${str(raw.author)}` : ""}` : str(raw.author);
    case "films":
      return str(raw.title) && str(raw.year) ? `${str(raw.title)} (${str(raw.year)})` : str(raw.title);
    case "media":
      return str(raw.name) && str(raw.alt) ? `${str(raw.name)} (“${clip(str(raw.alt) ?? "")}”)` : str(raw.name);
    default:
      return str(raw.title) ?? str(raw.name);
  }
}

/** A field's value as the preview shows it: text as is, lists joined, anything else as JSON. */
function fieldText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((x) => typeof x === "string" || typeof x === "number")) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The fields that differ between two validated records, in the record's field order. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields
    .filter((f) => canonical(before[f]) !== canonical(after[f]))
    .map((field) => ({ field, before: fieldText(before[field]), after: fieldText(after[field]) }));
}
