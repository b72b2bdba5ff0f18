// A multi-path update's paths, validated before anything is resolved or checked.
import { CodedError } from "./errors.js";
import type { WriteCheck } from "./rules.js";
import { isObject, parseWritePath, type JsonObject } from "./tree.js";
import type { Op } from "./listeners.js";

export interface UpdatePath {
  rel: string;
  parts: string[];
  priority: boolean;
}

/** An update checked and ready to apply. */
export interface PreparedUpdate {
  ops: Op[];
  patch: JsonObject;
  newDb: WriteCheck["newDatabase"];
}

/** An update's paths, validated: none empty, none inside another, none too deep. */
export function parseUpdatePaths(path: string[], rawChildren: unknown): UpdatePath[] {
  if (!isObject(rawChildren)) throw new CodedError("invalid_request", "Update data must be an object");
  const parsed = Object.keys(rawChildren).map((rel) => ({ rel, ...parseWritePath(rel) }));
  if (parsed.some((p) => p.parts.length === 0)) throw new CodedError("invalid_request", "Update paths must not be empty");
  // Overlap: a path that is another one's ancestor (or the same node). Keys hold no "/", so
  // each path's ancestors are looked up by their joined form: linear in the update's size.
  const written = new Map(parsed.map((p) => [p.parts.join("/"), p.rel]));
  if (written.size < parsed.length) throw new CodedError("invalid_request", "Update paths overlap: the same path twice");
  for (const { rel, parts } of parsed) {
    for (let n = 1; n < parts.length; n++) {
      const ancestor = written.get(parts.slice(0, n).join("/"));
      if (ancestor !== undefined) throw new CodedError("invalid_request", `Update paths overlap: ${ancestor} and ${rel}`);
    }
  }
  if (path.length + parsed.reduce((deepest, p) => Math.max(deepest, p.parts.length), 0) > 32) throw new CodedError("invalid_request", "Path too deep");
  return parsed;
}
