// Ordering and filtering of children, mirroring the SDK's own indexes (KEY, VALUE, PathIndex,
// PRIORITY) and RangedFilter/LimitedFilter, so server-filtered query windows match what the
// client would compute itself.
import { childKeys, emptyNode, getAt, hasChildren, isObject, leafValue, priorityOf, type Json } from "./tree.js";

export const MIN_NAME = "[MIN_NAME]";
export const MAX_NAME = "[MAX_NAME]";
const INTEGER_REGEXP = /^-?(0*)\d{1,10}$/;

function tryParseInt(str: string): number | null {
  if (INTEGER_REGEXP.test(str)) {
    const n = Number(str);
    if (n >= -2147483648 && n <= 2147483647) return n;
  }
  return null;
}

export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = tryParseInt(a);
  const bi = tryParseInt(b);
  if (ai !== null) {
    if (bi !== null) return ai - bi === 0 ? a.length - b.length : ai - bi;
    return -1;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

/** Sentinel above every value (the SDK's MAX_NODE). */
export const MAX_VALUE: unique symbol = Symbol("max");
export type IndexValue = Json | typeof MAX_VALUE;

const TYPE_ORDER: Record<string, number> = { boolean: 1, number: 2, string: 3 };

/** Compares two indexed values the way the SDK's Node.compareTo does. */
export function valueCompare(a: IndexValue, b: IndexValue): number {
  if (a === MAX_VALUE) return b === MAX_VALUE ? 0 : 1;
  if (b === MAX_VALUE) return -1;
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  const ao = isObject(a);
  const bo = isObject(b);
  if (ao || bo) return ao && bo ? 0 : ao ? 1 : -1;
  const ta = TYPE_ORDER[typeof a]!;
  const tb = TYPE_ORDER[typeof b]!;
  if (ta !== tb) return ta - tb;
  if (typeof a === "boolean") return a === b ? 0 : a ? 1 : -1;
  if (typeof a === "number") return a - (b as number);
  return a < (b as string) ? -1 : a === b ? 0 : 1;
}

/** The wire form of a query (`q` of listen/get requests). */
export interface QuerySpec {
  i?: string;
  sp?: Json;
  sn?: string;
  sin?: boolean;
  ep?: Json;
  en?: string;
  ein?: boolean;
  l?: number;
  vf?: "l" | "r";
}

interface Post {
  v: IndexValue;
  k: string;
}

export class CompiledQuery {
  private readonly kind: "key" | "value" | "priority" | "child";
  private readonly childPath: string[] = [];
  private readonly start: Post | null;
  private readonly end: Post | null;
  private readonly startInclusive: boolean;
  private readonly endInclusive: boolean;
  readonly limit: number | null;
  private readonly fromRight: boolean;

  constructor(q: QuerySpec) {
    const i = q.i;
    if (i === undefined) this.kind = "priority";
    else if (i === ".key") this.kind = "key";
    else if (i === ".value") this.kind = "value";
    else if (typeof i === "string" && i.length > 0) {
      this.kind = "child";
      this.childPath = i.split("/").filter(Boolean);
    } else throw new Error("Invalid query index");
    const hasStart = "sp" in q;
    const hasEnd = "ep" in q;
    this.start = hasStart ? this.makePost(q.sp ?? null, typeof q.sn === "string" ? q.sn : MIN_NAME) : null;
    this.end = hasEnd ? this.makePost(q.ep ?? null, typeof q.en === "string" ? q.en : MAX_NAME) : null;
    this.startInclusive = q.sin !== false;
    this.endInclusive = q.ein !== false;
    if (q.l !== undefined) {
      if (typeof q.l !== "number" || !Number.isInteger(q.l) || q.l <= 0) throw new Error("Invalid query limit");
      this.limit = q.l;
    } else this.limit = null;
    this.fromRight = q.vf === "r";
  }

  private makePost(value: Json, name: string): Post {
    if (this.kind === "key") return { v: null, k: typeof value === "string" ? value : String(value) };
    return { v: value, k: name };
  }

  private indexValue(child: Json): IndexValue {
    switch (this.kind) {
      case "key":
        return null;
      case "priority":
        return priorityOf(child);
      case "value":
        return leafValue(child);
      case "child":
        return leafValue(getAt(child, this.childPath));
    }
  }

  private comparePosts(a: Post, b: Post): number {
    if (this.kind !== "key") {
      const c = valueCompare(a.v, b.v);
      if (c !== 0) return c;
    }
    return nameCompare(a.k, b.k);
  }

  /** Applies the window to the children of `value`; returns the filtered object (or null). */
  apply(value: Json): Json {
    if (!hasChildren(value)) return null;
    let posts: Post[] = [];
    for (const k of childKeys(value)) {
      const post: Post = { v: this.indexValue(value[k]!), k };
      if (this.start) {
        const c = this.comparePosts(this.start, post);
        if (this.startInclusive ? c > 0 : c >= 0) continue;
      }
      if (this.end) {
        const c = this.comparePosts(post, this.end);
        if (this.endInclusive ? c > 0 : c >= 0) continue;
      }
      posts.push(post);
    }
    if (this.limit !== null && posts.length > this.limit) {
      posts.sort((a, b) => this.comparePosts(a, b));
      posts = this.fromRight ? posts.slice(posts.length - this.limit) : posts.slice(0, this.limit);
    }
    if (posts.length === 0) return null;
    const out = emptyNode();
    for (const p of posts) out[p.k] = value[p.k]!;
    return out;
  }
}
