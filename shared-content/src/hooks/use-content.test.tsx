// @vitest-environment jsdom
// The hooks with a fake firebase/database: listener lifecycle, decoding, sorting, errors,
// timeouts and paging. (The real SDK path is covered in tests/emulator.test.ts.)
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface Listener {
  target: { path: string; constraints: unknown[] };
  onData: (snapshot: unknown) => void;
  onError: (error: Error) => void;
  active: boolean;
}
const listeners: Listener[] = [];

vi.mock("firebase/database", () => ({
  ref: (_db: unknown, path: string) => ({ path, constraints: [] }),
  query: (r: { path: string }, ...constraints: unknown[]) => ({ path: r.path, constraints }),
  orderByChild: (key: string) => ({ orderByChild: key }),
  limitToLast: (n: number) => ({ limitToLast: n }),
  onValue: (target: Listener["target"], onData: Listener["onData"], onError: Listener["onError"]) => {
    const l = { target, onData, onError, active: true };
    listeners.push(l);
    return () => {
      l.active = false;
    };
  },
}));
vi.mock("../db", () => ({ database: () => ({}) }));

const { useAbout, useBlogIndex, useBlogPost, useExperience, useFilms } = await import("./use-content");
const { setLoadTimeoutMs } = await import("./use-live-query");
const { resetDecodeWarnings } = await import("../decode");

/** A DataSnapshot look-alike over a plain value (children in insertion order). */
function snapshot(value: unknown) {
  const entries = value && typeof value === "object" ? Object.entries(value) : [];
  return {
    val: () => value ?? null,
    exists: () => value !== null && value !== undefined,
    size: entries.length,
    forEach(cb: (child: { key: string; val: () => unknown }) => boolean | void) {
      for (const [key, v] of entries) if (cb({ key, val: () => v }) === true) return true;
      return false;
    },
  };
}
const active = () => listeners.filter((l) => l.active);
const last = () => {
  const l = active().at(-1);
  if (!l) throw new Error("no active listener");
  return l;
};

const exp = (order: number, company = `C${order}`) => ({ company, role: "R", start: "2020-01", order, rev: 1, updatedAt: 1 });

beforeEach(() => {
  listeners.length = 0;
  resetDecodeWarnings();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setLoadTimeoutMs(6000);
});

describe("live hooks", () => {
  it("go from loading to ready with decoded data, and update live", () => {
    const { result } = renderHook(() => useAbout());
    expect(result.current.status).toBe("loading");
    expect(result.current.data).toBeNull();
    expect(last().target.path).toBe("site/about");
    act(() => last().onData(snapshot({ headline: "Hi", bio: "B", rev: 1, updatedAt: 1 })));
    expect(result.current).toMatchObject({ status: "ready", data: { headline: "Hi" }, error: null });
    act(() => last().onData(snapshot({ headline: "Changed", bio: "B", rev: 2, updatedAt: 2 })));
    expect(result.current.data?.headline).toBe("Changed");
  });

  it("unsubscribe on unmount", () => {
    const { unmount } = renderHook(() => useAbout());
    expect(active()).toHaveLength(1);
    unmount();
    expect(active()).toHaveLength(0);
  });

  it("sort by order, leave out an invalid record and warn once", () => {
    const { result } = renderHook(() => useExperience());
    const raw = { a: exp(2), bad: { company: "<script>" }, b: exp(0), c: exp(1) };
    act(() => last().onData(snapshot(raw)));
    act(() => last().onData(snapshot(raw)));
    expect(result.current.data.map((e) => e.id)).toEqual(["b", "c", "a"]);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it("map a denied read to a plain error and retry with a new listener", () => {
    const { result } = renderHook(() => useExperience());
    act(() => last().onError(new Error("permission_denied at /experience: Client doesn't have permission")));
    expect(result.current.status).toBe("error");
    expect(result.current.error?.code).toBe("permission-denied");
    expect(result.current.error?.message).toBe("You do not have permission to do this.");
    const before = listeners.length;
    act(() => result.current.retry());
    expect(result.current.status).toBe("loading");
    expect(listeners.length).toBe(before + 1);
    expect(active()).toHaveLength(1);
    act(() => last().onData(snapshot({ a: exp(0) })));
    expect(result.current.status).toBe("ready");
  });

  it("report unavailable when no answer comes, and recover when data arrives", () => {
    vi.useFakeTimers();
    setLoadTimeoutMs(1000);
    const { result } = renderHook(() => useAbout());
    act(() => {
      vi.advanceTimersByTime(1001);
    });
    expect(result.current.status).toBe("error");
    expect(result.current.error?.code).toBe("unavailable");
    act(() => last().onData(snapshot({ headline: "Late", bio: "B", rev: 1, updatedAt: 1 })));
    expect(result.current.status).toBe("ready");
  });

  it("show a post only while it is listed and published; follow publish and unpublish live", () => {
    const { result } = renderHook(() => useBlogPost("hello"));
    expect(result.current.status).toBe("loading");
    const index = last();
    expect(index.target.path).toBe("blog/index/hello");
    // Not listed (draft or unknown): not found, and the post itself is never requested.
    act(() => index.onData(snapshot(null)));
    expect(result.current).toMatchObject({ status: "ready", data: null });
    expect(active().map((l) => l.target.path)).toEqual(["blog/index/hello"]);
    // Published elsewhere: the entry appears, the post is read.
    const post = { title: "T", summary: "S", body: "B", status: "published", readingMinutes: 1, createdAt: 1, publishedAt: 2, rev: 1, updatedAt: 1 };
    act(() => index.onData(snapshot({ title: "T", summary: "S", readingMinutes: 1, publishedAt: 2 })));
    expect(result.current.status).toBe("loading");
    expect(last().target.path).toBe("blog/posts/hello");
    act(() => last().onData(snapshot(post)));
    expect(result.current.data).toMatchObject({ id: "hello", title: "T" });
    // A draft body or a denied read also count as not found.
    act(() => last().onData(snapshot({ ...post, status: "draft" })));
    expect(result.current).toMatchObject({ status: "ready", data: null });
    act(() => last().onError(new Error("permission_denied")));
    expect(result.current).toMatchObject({ status: "ready", data: null, error: null });
    // Unpublished: the entry goes, the post listener is dropped.
    act(() => index.onData(snapshot(null)));
    expect(result.current).toMatchObject({ status: "ready", data: null });
    expect(active().map((l) => l.target.path)).toEqual(["blog/index/hello"]);
  });

  it("report an unreadable index entry as the post's error", () => {
    const { result } = renderHook(() => useBlogPost("hello"));
    act(() => last().onError(new Error("unavailable")));
    expect(result.current.status).toBe("error");
    expect(result.current.error?.code).toBe("unavailable");
  });

  it("page the blog index newest first with one extra record to know about more", () => {
    const { result } = renderHook(() => useBlogIndex({ pageSize: 2 }));
    expect(last().target).toMatchObject({ path: "blog/index", constraints: [{ orderByChild: "publishedAt" }, { limitToLast: 3 }] });
    const entry = (publishedAt: number) => ({ title: `P${publishedAt}`, summary: "S", readingMinutes: 1, publishedAt });
    act(() => last().onData(snapshot({ a: entry(1), b: entry(2), c: entry(3) })));
    expect(result.current.data.map((e) => e.id)).toEqual(["c", "b"]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    expect(last().target.constraints).toContainEqual({ limitToLast: 5 });
    // The first page stays on screen while the bigger window loads.
    expect(result.current).toMatchObject({ status: "ready", loadingMore: true });
    expect(result.current.data.map((e) => e.id)).toEqual(["c", "b"]);
    expect(active()).toHaveLength(1);
    act(() => last().onData(snapshot({ a: entry(1), b: entry(2), c: entry(3) })));
    expect(result.current.data.map((e) => e.id)).toEqual(["c", "b", "a"]);
    expect(result.current).toMatchObject({ hasMore: false, loadingMore: false });
  });

  it("order films by the chosen key, highest first, or load all", () => {
    const { result, rerender } = renderHook((props: { orderBy: "rating" | "year"; all?: boolean }) => useFilms(props), {
      initialProps: { orderBy: "rating" },
    });
    expect(last().target.constraints).toEqual([{ orderByChild: "rating" }, { limitToLast: 51 }]);
    const film = (title: string, rating: number, year: number) => ({ title, year, directors: ["D"], minutes: 90, rating, watchedOn: "2024-01-01", rev: 1, updatedAt: 1 });
    act(() => last().onData(snapshot({ a: film("A", 3, 2001), b: film("B", 5, 1999) })));
    expect(result.current.data.map((f) => f.title)).toEqual(["B", "A"]);
    rerender({ orderBy: "year", all: true });
    expect(last().target.constraints).toEqual([{ orderByChild: "year" }]);
    // Another order is another list: no stale records while it loads.
    expect(result.current.status).toBe("loading");
    expect(result.current.data).toEqual([]);
  });
});
