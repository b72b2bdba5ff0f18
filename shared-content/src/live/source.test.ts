import { describe, expect, it } from "vitest";
import { readKey, sameStoredValue } from "./source";

describe("readKey", () => {
  it("is a whole public read's path, and the same for the same read however it is spelled", () => {
    expect(readKey({ path: "site/about" })).toBe("site/about");
    const a = readKey({ path: "films", query: { orderBy: "year", limitToLast: 11 } });
    const b = readKey({ path: "films", query: { limitToLast: 11, orderBy: "year" } });
    expect(a).toBe(b);
    expect(a).not.toBe(readKey({ path: "films", query: { orderBy: "year", limitToFirst: 11 } }));
    expect(a).not.toBe(readKey({ path: "films" }));
  });
  it("keeps an admin read apart from the public read of the same path, and joins several reads", () => {
    expect(readKey({ path: "blog/posts/x" }, "admin")).not.toBe(readKey({ path: "blog/posts/x" }));
    expect(readKey([{ path: "blog/posts/x" }, { path: "blog/drafts/x" }], "admin")).toBe("admin:blog/posts/x+blog/drafts/x");
  });
});

describe("sameStoredValue", () => {
  it("treats a list and its index-keyed object as the same, and a null child as no child", () => {
    expect(sameStoredValue({ a: [1, { b: "x" }], c: null }, { a: { 0: 1, 1: { b: "x" } } })).toBe(true);
    expect(sameStoredValue(null, undefined)).toBe(true);
    expect(sameStoredValue({ a: [1, 2] }, { a: { 0: 1, 1: 3 } })).toBe(false);
    expect(sameStoredValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameStoredValue({ a: 1, b: null }, { a: 1, c: 2 })).toBe(false);
    expect(sameStoredValue("1", 1)).toBe(false);
    expect(sameStoredValue({}, null)).toBe(false);
  });
});
