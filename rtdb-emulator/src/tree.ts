import { CodedError } from "./errors.js";

// Plain-JSON data tree. Writes replace the subtree at the written path (never mutate inside
// it) and mutate only its ancestors, so a reference to an old subtree keeps its old value.
// Listener fan-out relies on that to compare before/after values cheaply.
//
// Priorities are stored in Firebase's export form, which the SDK reads as it is: a node with
// children keeps its priority under ".priority" beside them; a leaf with a priority is
// {".value": v, ".priority": p}. Everything that walks children skips ".priority".
//
// Keys are data, whatever their name: "__proto__", "constructor" or "toString" are ordinary
// keys. Every node object is made without a prototype (`emptyNode`) and every lookup checks
// own properties (`ownChild`), so a key can neither reach nor change Object.prototype.

export type Json = null | boolean | number | string | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const MAX_KEY_BYTES = 768;
export const MAX_DEPTH = 32;
export const MAX_PATH_SEGMENTS = 32;
// eslint-disable-next-line no-control-regex
const INVALID_KEY = /[.#$[\]/\u0000-\u001f\u007f]/;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A node object with no prototype: assigning or reading any key touches that key only. */
export function emptyNode(): JsonObject {
  return Object.create(null) as JsonObject;
}

export function hasKey(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The child `key` of an object, own properties only (undefined when absent). */
export function ownChild<T>(obj: Record<string, T>, key: string): T | undefined {
  return hasKey(obj, key) ? obj[key] : undefined;
}

/**
 * JSON.parse with every object rebuilt without a prototype (snapshots and log lines read back
 * from disk), so a stored "__proto__" key stays a key of its node.
 */
export function parseJsonTree(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (isObject(value) ? Object.assign(emptyNode(), value) : value));
}

export const PRIORITY_KEY = ".priority";
const VALUE_KEY = ".value";
export type Priority = string | number | null;

/** A stored node that has children (as opposed to a leaf, wrapped with its priority or not). */
export function hasChildren(node: Json): node is JsonObject {
  return isObject(node) && !hasKey(node, VALUE_KEY);
}

/** The child names of a stored node, its priority aside. */
export function childKeys(node: Json): string[] {
  if (!hasChildren(node)) return [];
  const keys = Object.keys(node);
  return hasKey(node, PRIORITY_KEY) ? keys.filter((k) => k !== PRIORITY_KEY) : keys;
}

export function priorityOf(node: Json): Priority {
  if (!isObject(node)) return null;
  const p = ownChild(node, PRIORITY_KEY);
  return typeof p === "string" || typeof p === "number" ? p : null;
}

/** A leaf's plain value (its priority wrapper removed); other nodes as they are. */
export function leafValue(node: Json): Json {
  return isObject(node) && hasKey(node, VALUE_KEY) ? node[VALUE_KEY]! : node;
}

/** The node without its priority, as `val()` and REST answers (except format=export) show it. */
export function withoutPriority(node: Json): Json {
  if (!isObject(node)) return node;
  if (hasKey(node, VALUE_KEY)) return node[VALUE_KEY]!;
  if (!hasKey(node, PRIORITY_KEY)) return node;
  const out = emptyNode();
  for (const k of Object.keys(node)) if (k !== PRIORITY_KEY) out[k] = node[k]!;
  return out;
}

/** The node with `priority` (null: none). An empty node has no priority, as in the SDK. */
export function withPriority(node: Json, priority: Priority): Json {
  const bare = withoutPriority(node);
  if (bare === null || priority === null) return bare;
  if (isObject(bare)) return Object.assign(emptyNode(), bare, { [PRIORITY_KEY]: priority });
  return Object.assign(emptyNode(), { [VALUE_KEY]: bare, [PRIORITY_KEY]: priority });
}

export function validateKey(key: string): void {
  if (key.length === 0) throw new CodedError("invalid_request", "Empty key");
  if (INVALID_KEY.test(key))
    throw new CodedError("invalid_request", `Invalid key "${key.slice(0, 80)}": keys cannot contain . # $ [ ] / or control characters`);
  if (Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) throw new CodedError("invalid_request", `Key longer than ${MAX_KEY_BYTES} bytes`);
}

/** Splits a database path into validated segments. '' and '/' are the root. */
export function parsePath(path: unknown): string[] {
  if (typeof path !== "string") throw new CodedError("invalid_request", "Path must be a string");
  if (path.length > 32 * (MAX_KEY_BYTES + 1)) throw new CodedError("invalid_request", "Path too long");
  const parts = path.split("/").filter((p) => p.length > 0);
  if (parts.length > MAX_PATH_SEGMENTS) throw new CodedError("invalid_request", `Path deeper than ${MAX_PATH_SEGMENTS} levels`);
  for (const p of parts) validateKey(p);
  return parts;
}

/**
 * A write path, which may end in ".priority" (what `setPriority` writes): the node's path and
 * whether the write is to its priority.
 */
export function parseWritePath(path: unknown): { parts: string[]; priority: boolean } {
  if (typeof path === "string") {
    const trimmed = path.replace(/\/+$/, "");
    if (trimmed === PRIORITY_KEY || trimmed.endsWith("/" + PRIORITY_KEY)) {
      return { parts: parsePath(trimmed.slice(0, -PRIORITY_KEY.length)), priority: true };
    }
  }
  return { parts: parsePath(path), priority: false };
}

/** True when `a` equals `b` or is an ancestor of it. */
export function isPrefix(a: readonly string[], b: readonly string[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function getAt(root: Json, path: readonly string[]): Json {
  let node: Json = root;
  for (const key of path) {
    if (!isObject(node)) return null;
    const next: Json | undefined = ownChild(node, key);
    if (next === undefined) return null;
    node = next;
  }
  return node;
}

/**
 * Sets `value` (already normalised) at `path` and returns the new root. Ancestors are
 * mutated in place (or created); the old subtree at `path` is left untouched.
 */
export function setAt(root: Json, path: readonly string[], value: Json): Json {
  if (path.length === 0) return value;
  if (value === null) {
    if (!isObject(root)) return root;
    // Walk down, remembering ancestors, then delete and prune empty parents.
    const chain: JsonObject[] = [root];
    let node: JsonObject = root;
    for (let i = 0; i < path.length - 1; i++) {
      const next: Json | undefined = ownChild(node, path[i]!);
      if (!hasChildren(next ?? null)) return root; // nothing there to delete
      chain.push(next as JsonObject);
      node = next as JsonObject;
    }
    if (!hasChildren(node)) return root;
    delete node[path[path.length - 1]!];
    // A node left with nothing but its priority is empty: it goes, and its priority with it.
    for (let i = chain.length - 1; i > 0; i--) {
      if (childKeys(chain[i]!).length === 0) delete chain[i - 1]![path[i - 1]!];
      else break;
    }
    return childKeys(root).length === 0 ? null : root;
  }
  // A leaf on the way becomes a node with children and keeps its priority (the SDK's rule).
  const asParent = (n: Json | undefined): JsonObject => {
    if (hasChildren(n ?? null)) return n as JsonObject;
    const p = priorityOf(n ?? null);
    const parent = emptyNode();
    if (p !== null) parent[PRIORITY_KEY] = p;
    return parent;
  };
  const newRoot: JsonObject = asParent(root);
  let node: JsonObject = newRoot;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next: Json | undefined = ownChild(node, key);
    const parent = asParent(next);
    if (parent !== next) node[key] = parent;
    node = parent;
  }
  node[path[path.length - 1]!] = value;
  return newRoot;
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const bv = ownChild(b, k);
    if (bv === undefined || !deepEqual(a[k]!, bv)) return false;
  }
  return true;
}

export interface PrepareContext {
  now: number;
  /** Current value at the location being written (for increment). */
  existing: Json;
}

/**
 * Validates an incoming value and turns it into stored form: arrays become objects with
 * index keys, nulls and empty objects disappear, priorities (`.priority`, `{".value": v}`)
 * take the stored form above, and server values (`{".sv": "timestamp"}`,
 * `{".sv": {"increment": n}}`) are resolved against `existing`.
 */
export function prepareValue(raw: unknown, ctx: PrepareContext, depth = 0): Json {
  if (depth > MAX_DEPTH) throw new CodedError("invalid_request", `Value nested deeper than ${MAX_DEPTH} levels`);
  if (raw === null || raw === undefined) return null;
  switch (typeof raw) {
    case "boolean":
    case "string":
      return raw;
    case "number":
      if (!Number.isFinite(raw)) throw new CodedError("invalid_request", "Numbers must be finite");
      return raw;
    case "object":
      break;
    default:
      throw new CodedError("invalid_request", `Unsupported value type ${typeof raw}`);
  }
  if (Array.isArray(raw)) {
    const out = emptyNode();
    const existingObj = isObject(ctx.existing) ? ctx.existing : null;
    raw.forEach((item, i) => {
      const v = prepareValue(item, { now: ctx.now, existing: (existingObj && ownChild(existingObj, String(i))) ?? null }, depth + 1);
      if (v !== null) out[String(i)] = v;
    });
    return Object.keys(out).length ? out : null;
  }
  const obj = raw as Record<string, unknown>;
  if (hasKey(obj, ".sv")) return resolveServerValue(obj[".sv"], ctx);
  const priority = hasKey(obj, PRIORITY_KEY) ? preparePriority(obj[PRIORITY_KEY], ctx) : null;
  if (hasKey(obj, VALUE_KEY) && obj[VALUE_KEY] !== null) return withPriority(prepareValue(obj[VALUE_KEY], ctx, depth), priority);
  const out = emptyNode();
  const existingObj = hasChildren(ctx.existing) ? ctx.existing : null;
  for (const key of Object.keys(obj)) {
    if (key === PRIORITY_KEY || key === VALUE_KEY) continue;
    validateKey(key);
    const v = prepareValue(obj[key], { now: ctx.now, existing: (existingObj && ownChild(existingObj, key)) ?? null }, depth + 1);
    if (v !== null) out[key] = v;
  }
  return Object.keys(out).length ? withPriority(out, priority) : null;
}

/** A priority as written: a string, a finite number, null, or a server value. */
export function preparePriority(raw: unknown, ctx: PrepareContext): Priority {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "number" && Number.isFinite(raw)) return raw;
  if (typeof raw === "string") {
    if (Buffer.byteLength(raw, "utf8") > MAX_KEY_BYTES) throw new CodedError("invalid_request", `Priority longer than ${MAX_KEY_BYTES} bytes`);
    return raw;
  }
  if (isObject(raw) && hasKey(raw, ".sv")) {
    const v = resolveServerValue(raw[".sv"], { now: ctx.now, existing: priorityOf(ctx.existing) });
    if (typeof v === "number") return v;
  }
  throw new CodedError("invalid_request", "Invalid priority: a priority is a string, a finite number or null");
}

function resolveServerValue(sv: unknown, ctx: PrepareContext): Json {
  if (sv === "timestamp") return ctx.now;
  if (isObject(sv) && hasKey(sv, "increment")) {
    const delta = sv["increment"];
    if (typeof delta !== "number" || !Number.isFinite(delta)) throw new CodedError("invalid_request", "increment needs a finite number");
    const existing = leafValue(ctx.existing);
    return typeof existing === "number" ? existing + delta : delta;
  }
  throw new CodedError("invalid_request", "Unknown server value");
}
