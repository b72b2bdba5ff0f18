// targaryen keeps a node's children as plain properties of its data nodes and looks rule
// children up with `rules[key]`, so a key named "__proto__", "constructor" or "toString" hit
// object prototypes there: a child "__proto__" was dropped from the data the rules saw, and
// `$other: false` did not apply to it. This module replaces those methods (once, at import)
// with versions that read and define own properties only; the rest of targaryen is untouched.
// It also accepts the server's prototype-less node objects as plain objects.
import targaryen from "targaryen";
import type { Steps } from "./steps.js";
import { hasKey } from "./tree.js";

/* eslint-disable @typescript-eslint/no-explicit-any -- targaryen's internal classes are untyped */
type DataNode = any;

const invalidKeyChars = [".", "$", "[", "]", "#", "/"];
const primitive = (v: unknown): v is string | number | boolean => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
const plainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(v);
};

function splitPath(path: string): string[] {
  const trimmed = (path || "").replace(/^\/+/, "").replace(/\/+$/, "");
  return trimmed ? trimmed.split("/") : [];
}

function checkPath(path: string): void {
  if ([".", "#", "$", "[", "]"].some((c) => path.includes(c))) throw new Error(`Invalid location "${path}"`);
}

const nullNode: DataNode = (targaryen as unknown as { store(data: unknown): DataNode }).store(null);
const DataNodeClass = nullNode.constructor as { prototype: DataNode; from: unknown; null(): DataNode };
const symbols = Object.getOwnPropertySymbols(nullNode);
const valueKey = symbols.find((s) => s.description === ".value")!;
const priorityKey = symbols.find((s) => s.description === ".priority")!;
if (!valueKey || !priorityKey) throw new Error("targaryen's data node layout changed: review targaryen-keys.ts");

function makeNode(value: unknown, priority: unknown, children: Array<[string, DataNode]>): DataNode {
  if (priority != null && typeof priority !== "string" && typeof priority !== "number") throw new Error(`Invalid node priority ${String(priority)}`);
  const node: DataNode = Object.create(DataNodeClass.prototype);
  node[priorityKey] = priority;
  node[valueKey] = value === undefined && children.length === 0 ? null : value;
  for (const [key, child] of children) Object.defineProperty(node, key, { value: child, enumerable: true });
  return Object.freeze(node);
}

/** targaryen's DataNode.from, reading own properties and defining children as own properties. */
function from(value: unknown, priority?: unknown, now?: number): DataNode {
  if (value instanceof (DataNodeClass as unknown as new () => unknown)) return value;
  if (value == null) return DataNodeClass.null();
  if (primitive(value)) return makeNode(value, priority, []);
  if (!plainObject(value)) throw new Error(`Invalid data node type: ${typeof value}`);
  const own = (key: string): unknown => (hasKey(value, key) ? value[key] : undefined);
  if (own(".value") === null) return DataNodeClass.null();
  priority = priority || own(".priority");
  const leaf = own(".value");
  if (primitive(leaf)) return makeNode(leaf, priority, []);
  const at = now || Date.now();
  const sv = own(".sv");
  if (sv !== undefined) {
    if (sv !== "timestamp") throw new Error(`invalid server value type "${String(sv)}".`);
    return makeNode(at, priority, []);
  }
  const children: Array<[string, DataNode]> = [];
  for (const key of Object.keys(value)) {
    if (key === ".value" || key === ".priority") continue;
    if (invalidKeyChars.some((c) => key.includes(c))) throw new Error(`Invalid key "${key}"`);
    const child = from(value[key], undefined, at);
    if (!child.$isNull()) children.push([key, child]);
  }
  return makeNode(undefined, priority, children);
}

function child(this: DataNode, path: string): DataNode {
  return splitPath(path).reduce((node: DataNode, key) => (hasKey(node, key) ? node[key] : DataNodeClass.null()), this);
}

function value(this: DataNode): unknown {
  if (this[valueKey] !== undefined) return this[valueKey];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(this)) Object.defineProperty(out, key, { value: this[key].$value(), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A copy of `node`'s children (own keys only) without `except`, in an object without prototype. */
function siblings(node: object, except: string): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(node)) if (key !== except) copy[key] = (node as Record<string, unknown>)[key];
  return copy;
}

function set(this: DataNode, path: string, newValue: unknown, priority?: unknown, now?: number): DataNode {
  return setIn(this, path, newValue, priority, now);
}

function setIn(root: DataNode, path: string, newValue: unknown, priority?: unknown, now?: number): DataNode {
  checkPath(path);
  const at = now || Date.now();
  const newNode = from(newValue, priority, at);
  const parts = splitPath(path);
  if (parts.length === 0) return newNode;
  if (newNode.$isNull()) return removeIn(root, path, at);
  const copy = siblings(root, parts[0]!);
  let src: object = root;
  let dest = copy;
  parts.forEach((key, i) => {
    src = hasKey(src, key) ? (src as Record<string, object>)[key]! : {};
    if (i === parts.length - 1) {
      dest[key] = newNode;
    } else {
      const next = siblings(src, parts[i + 1]!);
      dest[key] = next;
      dest = next;
    }
  });
  return from(copy, root.$priority(), at);
}

function remove(this: DataNode, path: string, now?: number): DataNode {
  return removeIn(this, path, now);
}

function removeIn(root: DataNode, path: string, now?: number): DataNode {
  checkPath(path);
  const parts = splitPath(path);
  if (parts.length === 0) return DataNodeClass.null();
  const copy = siblings(root, parts[0]!);
  let src: object = root;
  let dest = copy;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i]!;
    if (!hasKey(src, key)) break;
    // Below a leaf there is nothing to remove (targaryen's own version dropped the leaf).
    if ((src as DataNode)[key][valueKey] !== undefined) return root;
    src = (src as Record<string, object>)[key]!;
    const next = siblings(src, parts[i + 1]!);
    dest[key] = next;
    dest = next;
  }
  return from(copy, root.$priority(), now || Date.now());
}

Object.assign(DataNodeClass, { from });
Object.assign(DataNodeClass.prototype, { $child: child, $value: value, $set: set, $remove: remove });

// Rule children: own properties only (a data key cannot start with "$", so it never names
// one of a rule node's own "$read", "$wildchild"... properties).
const sampleRules = targaryen.ruleset({ rules: {} }) as { root: object };
const RulesetNodePrototype = Object.getPrototypeOf(sampleRules.root) as { $child: unknown };
RulesetNodePrototype.$child = function ruleChild(this: any, name: string, wildchildren?: Record<string, string>) {
  return ruleChildIn(this, name, wildchildren);
};

function ruleChildIn(root: any, name: string, wildchildren?: Record<string, string>) {
  let captured = wildchildren || {};
  let rules = root;
  for (const key of splitPath(name)) {
    if (!key.startsWith("$") && hasKey(rules, key)) {
      rules = rules[key];
      continue;
    }
    if (!rules.$wildchild) return undefined;
    rules = rules.$wildchild;
    captured = { ...captured, [rules.$name]: key };
  }
  return { rules, wildchildren: captured };
}

/** The keys of a multi-path update as a tree: where each value goes, each branch once. */
interface PatchBranch {
  children: Map<string, PatchBranch>;
  /** Set when a value is written here (null removes); branches below it do not exist then. */
  value?: unknown;
}

/**
 * The data after a multi-path update (`patch`'s keys relative to `base`), copying each changed
 * node once and reusing everything else: linear in the update's size, where applying the paths
 * one by one copies every sibling once per path.
 */
export function* mergeIntoDataNode(root: DataNode, base: string, patch: Record<string, unknown>, now: number, pathsPerStep: number): Steps<DataNode> {
  const tree: PatchBranch = { children: new Map() };
  let converted = 0;
  for (const rel of Object.keys(patch)) {
    let branch = tree;
    for (const key of [...splitPath(base), ...splitPath(rel)]) {
      let next = branch.children.get(key);
      if (!next) branch.children.set(key, (next = { children: new Map() }));
      branch = next;
    }
    branch.value = from(patch[rel] ?? null, undefined, now);
    if (++converted % pathsPerStep === 0) yield;
  }
  const rebuild = (node: DataNode, branch: PatchBranch): unknown => {
    if (hasKey(branch, "value")) return branch.value;
    const copy = Object.create(null) as Record<string, unknown>;
    if (node[valueKey] === undefined) for (const key of Object.keys(node)) copy[key] = node[key];
    for (const [key, sub] of branch.children) copy[key] = rebuild(hasKey(node, key) ? node[key] : DataNodeClass.null(), sub);
    return from(copy, node.$priority(), now);
  };
  return from(rebuild(root, tree), undefined, now);
}
