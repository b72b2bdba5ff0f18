// Pure steps between a chosen file and shared-content's analyseImport: parse, detect the
// format, convert an older-site export, and optionally keep what the file does not mention.
import { COLLECTION_KINDS, type ContentTree } from "shared-content/admin";
import { convertOldSite, isOldSiteExport, type ConversionNote } from "./old-site";

export type ImportFormat = "auto" | "current" | "old-site";

export type ParsedFile = { ok: true; value: unknown } | { ok: false; message: string };

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** Reads the file's text as JSON, with a message that says where it broke. */
export function parseImportFile(text: string): ParsedFile {
  if (text.trim() === "") return { ok: false, message: "The file is empty." };
  try {
    const value: unknown = JSON.parse(text);
    if (!isObj(value)) return { ok: false, message: "This file is not an export of this site: it holds JSON, but not an object of content nodes." };
    return { ok: true, value };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The file is not valid JSON (${detail}).` };
  }
}

export interface PreparedImport {
  format: "current" | "old-site";
  tree: ContentTree;
  notes: ConversionNote[];
}

/** Converts when needed; "auto" picks the older site's layout when the file has it. */
export function prepareImport(value: unknown, format: ImportFormat, current: ContentTree): PreparedImport {
  const useOld = format === "old-site" || (format === "auto" && isOldSiteExport(value));
  if (!useOld) return { format: "current", tree: value as ContentTree, notes: [] };
  const { tree, notes } = convertOldSite(value);
  // The older site had no contact details: keep the current ones instead of removing them.
  const site = isObj(tree.site) ? tree.site : null;
  const currentSite = isObj(current.site) ? current.site : {};
  if (site && !("contact" in site) && currentSite.contact != null) {
    tree.site = { ...site, contact: currentSite.contact };
  }
  return { format: "old-site", tree, notes };
}

/**
 * Adds the current records that the file does not have, for every collection the file has,
 * so the import adds and changes but never removes.
 */
export function keepRecordsNotInFile(tree: ContentTree, current: ContentTree): ContentTree {
  const out: ContentTree = { ...tree };
  const merge = (incoming: unknown, now: unknown) => (isObj(incoming) && isObj(now) ? { ...now, ...incoming } : incoming);
  for (const kind of COLLECTION_KINDS) {
    if (kind in out) out[kind] = merge(out[kind], current[kind]);
  }
  if (isObj(out.blog) && isObj(current.blog)) {
    out.blog = { ...out.blog, posts: merge(out.blog.posts, current.blog.posts) };
  }
  if (isObj(out.site) && isObj(current.site)) out.site = { ...current.site, ...out.site };
  return out;
}

function getAt(tree: unknown, parts: string[]): unknown {
  let node = tree;
  for (const part of parts) {
    if (!isObj(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Leaves the named records as they are now: each is replaced by its current value, or dropped
 * when there is none. Used to import the rest of a converted file without its invalid records.
 */
export function leaveRecordsAsTheyAre(tree: ContentTree, paths: string[], current: ContentTree): ContentTree {
  const out = structuredClone(tree) as Obj;
  for (const path of paths) {
    const parts = path.split("/");
    const last = parts.pop();
    if (!last) continue;
    const parent = getAt(out, parts);
    if (!isObj(parent)) continue;
    const now = getAt(current, [...parts, last]);
    if (now === undefined || now === null) delete parent[last];
    else parent[last] = now;
  }
  return out;
}

/** The file name of an export: portfolio-content-2026-11-22.json */
export function exportFileName(date = new Date()): string {
  return `portfolio-content-${date.toISOString().slice(0, 10)}.json`;
}
