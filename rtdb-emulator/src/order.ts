// Ordering and filtering of children, mirroring the SDK's own indexes (KEY, VALUE, PathIndex,
// PRIORITY) and RangedFilter/LimitedFilter, so server-filtered query windows match what the
// client would compute itself.
import { childKeys, emptyNode, getAt, hasChildren, isObject, leafValue, priorityOf, type Json, type JsonObject } from "./tree.js";

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

/** A child of the queried node with its value in the query's index. */
interface Post {
  v: IndexValue;
  k: string;
}

/** Every child of one node with its index value, in one query's order: what limited windows are cut from. */
export type SortedChildren = readonly Post[];

export class CompiledQuery {
  private readonly kind: "key" | "value" | "priority" | "child";
  private readonly childPath: string[] = [];
  private readonly start: Post | null;
  private readonly end: Post | null;
  private readonly startInclusive: boolean;
  private readonly endInclusive: boolean;
  readonly limit: number | null;
  private readonly fromRight: boolean;
  /** Names the order alone (not the range or limit): queries with the same one share a `SortedChildren`. */
  readonly orderId: string;

  constructor(q: QuerySpec) {
    const i = q.i;
    if (i === undefined) this.kind = "priority";
    else if (i === ".key") this.kind = "key";
    else if (i === ".value") this.kind = "value";
    else if (typeof i === "string" && i.length > 0) {
      this.kind = "child";
      this.childPath = i.split("/").filter(Boolean);
    } else throw new Error("Invalid query index");
    this.orderId = this.kind === "child" ? `child:${this.childPath.join("/")}` : this.kind;
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

  private afterStart(post: Post): boolean {
    if (!this.start) return true;
    const c = this.comparePosts(this.start, post);
    return this.startInclusive ? c <= 0 : c < 0;
  }

  private beforeEnd(post: Post): boolean {
    if (!this.end) return true;
    const c = this.comparePosts(post, this.end);
    return this.endInclusive ? c <= 0 : c < 0;
  }

  /**
   * Applies the window to the children of `value`; returns the filtered object (or null). A
   * limited window lists its children in the query's order.
   */
  apply(value: Json): Json {
    if (!hasChildren(value)) return null;
    let posts: Post[] = [];
    for (const k of childKeys(value)) {
      const post: Post = { v: this.indexValue(value[k]!), k };
      if (this.afterStart(post) && this.beforeEnd(post)) posts.push(post);
    }
    if (this.limit !== null) {
      const compare = this.fromRight ? (a: Post, b: Post) => this.comparePosts(b, a) : (a: Post, b: Post) => this.comparePosts(a, b);
      posts = firstInOrder(posts, this.limit, compare);
      if (this.fromRight) posts.reverse();
    }
    return pick(value, posts);
  }

  /** Every child of `value` in this query's order, for `applySorted`. */
  sortChildren(value: Json): SortedChildren {
    const posts = childKeys(value).map((k): Post => ({ v: this.indexValue((value as JsonObject)[k]!), k }));
    return posts.sort((a, b) => this.comparePosts(a, b));
  }

  /**
   * The same result as `apply(value)` for a limited query, cut from `sorted` (made by a query in
   * the same order from this very `value`) by binary search: no child is looked at outside the window.
   */
  applySorted(value: Json, sorted: SortedChildren): Json {
    if (this.limit === null) return this.apply(value);
    const from = firstWhere(sorted, (p) => this.afterStart(p));
    const to = firstWhere(sorted, (p) => !this.beforeEnd(p), from);
    const window = this.fromRight ? sorted.slice(Math.max(from, to - this.limit), to) : sorted.slice(from, Math.min(to, from + this.limit));
    return pick(value, window);
  }
}

/** The children of `value` named by `posts`, in that order (null when none). */
function pick(value: Json, posts: readonly Post[]): Json {
  if (posts.length === 0) return null;
  const out = emptyNode();
  for (const p of posts) out[p.k] = (value as JsonObject)[p.k]!;
  return out;
}

/** The first index from `from` at which `test` holds, for a test that holds from some index on (items.length when it never does). */
function firstWhere<T>(items: readonly T[], test: (item: T) => boolean, from = 0): number {
  let lo = from;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const MAX_SORTED_INDEXES = 32;

/**
 * Sorted children kept per node and order, so repeated limited queries on a large node (a page
 * render reads the newest 50 of 30,000 films) cost a binary search instead of a pass over every
 * child. Production answers these from `.indexOn`; here an index is built the second time a
 * (node, order) is queried, so a node queried once between writes costs only the bounded
 * selection of `apply`. The owner clears it on every write.
 */
export class SortedIndexes {
  private readonly entries = new Map<string, SortedChildren | "queried once">();

  clear(): void {
    this.entries.clear();
  }

  /** `query`'s result on `value`, the node at `path`. */
  result(path: readonly string[], value: Json, query: CompiledQuery): Json {
    if (query.limit === null || !hasChildren(value)) return query.apply(value);
    const key = `${path.join("/")}\n${query.orderId}`;
    const entry = this.entries.get(key);
    if (entry === undefined) {
      if (this.entries.size >= MAX_SORTED_INDEXES) this.entries.clear();
      this.entries.set(key, "queried once");
      return query.apply(value);
    }
    if (entry !== "queried once") return query.applySorted(value, entry);
    const sorted = query.sortChildren(value);
    this.entries.set(key, sorted);
    return query.applySorted(value, sorted);
  }
}

/**
 * The `limit` first items of `items` under `compare`, in that order, without sorting them all:
 * a bounded heap whose root is the last item kept, so an item outside the window costs one
 * comparison (n log limit instead of n log n). `compare` must be a total order (queries break
 * ties by key), so the result is exactly the full sort's first `limit`.
 */
export function firstInOrder<T>(items: readonly T[], limit: number, compare: (a: T, b: T) => number): T[] {
  if (limit <= 0) return [];
  const heap: T[] = [];
  // Max-heap on `compare`: heap[0] is the last of the items kept.
  const siftDown = (from: number): void => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && compare(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && compare(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (const item of items) {
    if (heap.length < limit) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
