// A namespace's listeners and what a write sends them: the listeners a write touches, and for
// each the data message (a whole value, or a merge of what changed) that brings it up to date.
import type { CompiledQuery, QuerySpec } from "./order.js";
import { deepEqual, emptyNode, getAt, isPrefix, type Json } from "./tree.js";

/** What a listener needs from its connection. */
export interface ListenerSink {
  sendRaw(message: string): void;
  /**
   * Structured delivery (REST streams): when present it is called instead of `sendRaw`, with
   * 'd' (replace the value at `path`) or 'm' (merge: keys relative to `path`).
   */
  sendData?(listener: Listener, action: "d" | "m", path: readonly string[], data: Json): void;
}

export interface Listener {
  sink: ListenerSink;
  path: string[];
  wirePath: string;
  tag: number | undefined;
  query: CompiledQuery | undefined;
  querySpec: QuerySpec | undefined;
  /** Serialised last result sent (query listeners only). */
  lastSent: string | undefined;
}

/** One resolved write: a value at a path. */
export interface Op {
  path: string[];
  value: Json;
}

export function wirePath(path: readonly string[]): string {
  return path.join("/");
}

function dataMessage(action: "d" | "m", path: string, data: unknown, tag?: number): string {
  const b: Record<string, unknown> = { p: path, d: data };
  if (tag !== undefined) b["t"] = tag;
  return JSON.stringify({ t: "d", d: { a: action, b } });
}

/** Sends one data message to a listener; `make` (optional) builds the shared wire message. */
export function deliver(l: Listener, action: "d" | "m", path: readonly string[], data: Json, make?: () => string): void {
  if (l.sink.sendData) l.sink.sendData(l, action, path, data);
  else l.sink.sendRaw(make ? make() : dataMessage(action, wirePath(path as string[]), data, l.tag));
}

/** A listener a write touches; `full` when the write replaces (an ancestor of) its whole node. */
interface Touched {
  l: Listener;
  full: boolean;
  old: Json;
}

/** The tree as the fan-out reads it, once the write is applied. */
export interface FanOutView {
  root(): Json;
  /** A query listener's current result. */
  queryResult(l: Listener, query: CompiledQuery): Json;
}

/** The listeners that `ops` touch, read before the write is applied (for the old values). */
export function touchedListeners(listeners: Iterable<Listener>, ops: Op[], root: Json): Touched[] {
  const affected: Touched[] = [];
  for (const l of listeners) {
    let touches = false;
    let full = false;
    for (const op of ops) {
      if (isPrefix(l.path, op.path)) touches = true;
      else if (isPrefix(op.path, l.path)) {
        touches = true;
        full = true;
      }
    }
    if (!touches) continue;
    // The subtree under a written path is replaced, not mutated, so this reference keeps
    // the old value for comparison.
    affected.push({ l, full, old: full && !l.query ? getAt(root, l.path) : null });
  }
  return affected;
}

/** Pushes what changed to every touched listener; listeners of one kind share one wire message. */
export function notifyTouched(affected: Touched[], ops: Op[], base: string[], isMerge: boolean, view: FanOutView): void {
  const cache = new Map<string, string>();
  const cached = (key: string, make: () => string): string => {
    let s = cache.get(key);
    if (s === undefined) {
      s = make();
      cache.set(key, s);
    }
    return s;
  };
  for (const { l, full, old } of affected) {
    if (l.query) {
      const result = view.queryResult(l, l.query);
      const s = JSON.stringify(result);
      if (s !== l.lastSent) {
        l.lastSent = s;
        deliver(l, "d", l.path, result);
      }
      continue;
    }
    if (full) {
      const now = getAt(view.root(), l.path);
      if (!deepEqual(old, now)) deliver(l, "d", l.path, now);
      continue;
    }
    if (!isMerge) {
      const op = ops[0]!;
      deliver(l, "d", op.path, op.value, () => cached("set", () => dataMessage("d", wirePath(op.path), op.value, l.tag)));
      continue;
    }
    if (isPrefix(l.path, base)) {
      let merged: Record<string, Json> | undefined;
      const mergeData = (): Record<string, Json> => {
        if (!merged) {
          merged = emptyNode();
          for (const op of ops) merged[op.path.slice(base.length).join("/")] = op.value;
        }
        return merged;
      };
      if (l.sink.sendData) deliver(l, "m", base, mergeData());
      else l.sink.sendRaw(cached("merge", () => dataMessage("m", wirePath(base), mergeData(), l.tag)));
      continue;
    }
    // The listener sits strictly inside the update's base: merge only what lies below it.
    const d = emptyNode();
    let whole = false;
    for (const op of ops) {
      if (!isPrefix(l.path, op.path)) continue;
      if (op.path.length === l.path.length) whole = true;
      d[op.path.slice(l.path.length).join("/")] = op.value;
    }
    if (whole) deliver(l, "d", l.path, getAt(view.root(), l.path));
    else deliver(l, "m", l.path, d);
  }
}
