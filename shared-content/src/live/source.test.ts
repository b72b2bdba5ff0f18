import { describe, expect, it, vi } from "vitest";
import { readKey, sameStoredValue, sharedSource, type LiveSource } from "./source";

function fakeSource() {
  const feeds: { path: string; next: (v: unknown) => void; fail: (e: unknown) => void; stopped: boolean }[] = [];
  const source: LiveSource = (path, _query, next, fail) => {
    const feed = { path, next, fail, stopped: false };
    feeds.push(feed);
    return () => void (feed.stopped = true);
  };
  return { source, feeds };
}

describe("sharedSource", () => {
  it("opens one feed per path and query, gives a late listener the last value, and stops with the last listener", async () => {
    const { source, feeds } = fakeSource();
    const shared = sharedSource(source);
    const a = vi.fn();
    const stopA = shared("site/about", undefined, a, vi.fn());
    feeds[0]!.next({ name: "Maya" });
    const b = vi.fn();
    const stopB = shared("site/about", undefined, b, vi.fn());
    shared("films", { orderBy: "watchedOn" }, vi.fn(), vi.fn());
    expect(feeds.map((f) => f.path)).toEqual(["site/about", "films"]);
    await Promise.resolve();
    expect(b).toHaveBeenCalledWith({ name: "Maya" });
    feeds[0]!.next({ name: "Maya L." });
    expect(a).toHaveBeenLastCalledWith({ name: "Maya L." });
    expect(b).toHaveBeenLastCalledWith({ name: "Maya L." });
    stopA();
    expect(feeds[0]!.stopped).toBe(false);
    stopB();
    expect(feeds[0]!.stopped).toBe(true);
    shared("site/about", undefined, vi.fn(), vi.fn());
    expect(feeds).toHaveLength(3);
  });

  it("does not reuse a failed feed: the next listener starts afresh", () => {
    const { source, feeds } = fakeSource();
    const shared = sharedSource(source);
    const fail = vi.fn();
    shared("blog/drafts", undefined, vi.fn(), fail);
    feeds[0]!.fail(new Error("permission_denied"));
    expect(fail).toHaveBeenCalledTimes(1);
    shared("blog/drafts", undefined, vi.fn(), vi.fn());
    expect(feeds).toHaveLength(2);
  });
});

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
