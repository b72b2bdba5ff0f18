import { describe, expect, it } from "vitest";
import { CompiledQuery, firstInOrder, nameCompare, valueCompare, type QuerySpec } from "./order.js";
import { emptyNode, getAt, leafValue, type Json, type JsonObject } from "./tree.js";

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe("firstInOrder", () => {
  it("equals the full sort's first items at every limit around the length, with many ties", () => {
    const next = random(7);
    for (const length of [0, 1, 2, 9, 50, 333]) {
      // Pairs (value, position): values repeat a lot, the position breaks ties, as keys do in queries.
      const items = Array.from({ length }, (_, i) => ({ value: Math.floor(next() * 5), i }));
      const compare = (a: { value: number; i: number }, b: { value: number; i: number }) => a.value - b.value || a.i - b.i;
      const sorted = [...items].sort(compare);
      for (const limit of [1, 2, length - 1, length, length + 1, 49, 50, 51]) {
        if (limit < 1) continue;
        expect(firstInOrder(items, limit, compare)).toEqual(sorted.slice(0, limit));
      }
    }
  });
});

/** Films with ratings that tie often, a few missing or odd-typed ones, and keys that look like numbers. */
function films(count: number): JsonObject {
  const next = random(42);
  const node = emptyNode();
  for (let i = 0; i < count; i++) {
    const key = i % 7 === 0 ? String(i) : `film-${String(Math.floor(next() * 1e6)).padStart(6, "0")}-${i}`;
    const film = emptyNode();
    const r = next();
    if (r < 0.9) film["rating"] = 1 + Math.floor(next() * 5);
    else if (r < 0.95) film["rating"] = "unrated";
    film["title"] = `Film ${i}`;
    node[key] = film;
  }
  return node;
}

/** The window the slow way: the range's children (an unlimited query), every one sorted, then cut. */
function byFullSort(value: JsonObject, spec: QuerySpec): string[] {
  const { l, vf, ...range } = spec;
  const inRange = Object.keys((new CompiledQuery(range).apply(value) as JsonObject | null) ?? {});
  const indexed = (k: string): Json => (spec.i === ".key" ? null : spec.i === ".value" ? leafValue(value[k]!) : leafValue(getAt(value[k]!, [spec.i!])));
  const sorted = inRange.sort((a, b) => valueCompare(indexed(a), indexed(b)) || nameCompare(a, b));
  if (l === undefined) return sorted;
  return vf === "r" ? sorted.slice(Math.max(0, sorted.length - l)) : sorted.slice(0, l);
}

describe("a limited query selects its window without sorting every child", () => {
  const value = films(500);
  const specs: QuerySpec[] = [];
  for (const l of [1, 3, 49, 50, 51, 499, 500, 501]) {
    specs.push({ i: "rating", l, vf: "l" }, { i: "rating", l, vf: "r" }, { i: ".key", l, vf: "l" }, { i: ".key", l, vf: "r" });
    // Windows that start or end inside a run of equal ratings, at a key, inclusive or not.
    specs.push({ i: "rating", sp: 3, sn: "film-5", l, vf: "l" }, { i: "rating", ep: 3, en: "film-5", l, vf: "r" });
    specs.push({ i: "rating", sp: 2, sin: false, ep: 4, ein: false, l, vf: "l" }, { i: "rating", sp: 2, ep: 2, l, vf: "r" });
    specs.push({ i: "rating", sp: 5, l, vf: "l" }, { i: "rating", ep: null, l, vf: "l" }, { i: ".key", sp: "49", ep: "film-5", l, vf: "r" });
  }

  it.each(specs.map((spec) => [JSON.stringify(spec), spec] as const))("%s", (_name, spec) => {
    const expected = byFullSort(value, spec);
    const query = new CompiledQuery(spec);
    const selected = query.apply(value);
    const fromIndex = query.applySorted(value, new CompiledQuery({ i: spec.i }).sortChildren(value));
    // Compared as sets: an object lists keys that look like integers first, whatever the query's order.
    expect(Object.keys(selected ?? {}).sort()).toEqual([...expected].sort());
    expect(Object.keys(fromIndex ?? {}).sort()).toEqual([...expected].sort());
    expect(fromIndex).toEqual(selected);
    for (const k of expected) expect((selected as JsonObject)[k]).toBe(value[k]);
  });
});
