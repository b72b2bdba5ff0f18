// Reading an export's JSON tree: which top-level nodes it may hold, its records, and a record's
// content apart from its bookkeeping (rev, timestamps, compiled fields), in a form to compare.
import { PATHS } from "shared-content";
import { COLLECTION_KINDS } from "../paths";
import { cleanForWrite } from "./writes";

export const TOP_LEVEL = ["site", ...COLLECTION_KINDS, "blog", PATHS.media] as const;
export const IGNORED_TOP_LEVEL = ["recommendationSubmissions", "admins"];
// Derived from the content (the films' statistics): an import recomputes it, never takes it from a file, and does not list it.
export const DERIVED_TOP_LEVEL: readonly string[] = [PATHS.filmStats, PATHS.filmTallies];

export const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

/** Keys of a collection node; the SDK turns numeric keys into arrays, accept those too. */
export function records(node: unknown): [string, unknown][] {
  if (Array.isArray(node)) return node.flatMap((x, i) => (x === null || x === undefined ? [] : [[String(i), x] as [string, unknown]]));
  return isObject(node) ? Object.entries(node) : [];
}

export function splitMeta(raw: unknown): { fields: unknown; rev: number | null } {
  if (!isObject(raw)) return { fields: raw, rev: null };
  // movedFrom (a renamed post's) is bookkeeping of the rename's write, like rev; a post's
  // bodyHtml and toc are compiled from its body, never taken from a file nor compared.
  const { rev, updatedAt: _updatedAt, movedFrom: _movedFrom, bodyHtml: _bodyHtml, toc: _toc, ...fields } = raw;
  return { fields, rev: typeof rev === "number" ? rev : null };
}

/** Stable JSON for comparing (sorted keys, empty values dropped as the database drops them). */
export function canonical(value: unknown): string {
  const sort = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sort);
    if (isObject(x))
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .map((k) => [k, sort(x[k])]),
      );
    return x;
  };
  return JSON.stringify(sort(cleanForWrite(value) ?? null));
}

export const isAbsent = (x: unknown): x is null | undefined => x === undefined || x === null;

const KNOWN_TOP_LEVEL: readonly string[] = [...TOP_LEVEL, ...IGNORED_TOP_LEVEL, ...DERIVED_TOP_LEVEL];

/**
 * Why `file` is not an export of this site, or undefined when it is one. An export is an object
 * whose top-level entries are the database's nodes (site, skills, blog, ...); a file trimmed by
 * hand to some of them still is one, a file with none of them is something else.
 */
export function notAnExportReason(file: unknown): string | undefined {
  const lead = "This file is not an export of this site";
  const choose = "Choose a file made with Export on this page.";
  if (!isObject(file)) return `${lead}: it holds ${Array.isArray(file) ? "a JSON list" : "a single JSON value"}, not the object an export is. ${choose}`;
  const keys = Object.keys(file);
  if (keys.some((k) => KNOWN_TOP_LEVEL.includes(k))) return undefined;
  if (keys.length === 0) return `${lead}: it holds an empty object. ${choose}`;
  const shown = keys
    .slice(0, 5)
    .map((k) => `“${k}”`)
    .join(", ");
  return `${lead}: its top-level entries (${shown}${keys.length > 5 ? ", …" : ""}) are none of the site's content (${TOP_LEVEL.join(", ")}). ${choose}`;
}
