// @vitest-environment jsdom
// The hooks over a fake source: listener lifecycle, decoding, sorting, errors, timeouts and
// paging. (The REST stream and the SDK source against rtdb-emulator: tests/*-hooks.test.tsx.)
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { LiveQuerySpec, LiveSource } from "../live/source";
import { FILMS_PAGE_SIZE } from "../limits";

interface Listener {
  target: { path: string; query: LiveQuerySpec | undefined };
  onData: (value: unknown) => void;
  onError: (error: Error) => void;
  active: boolean;
}
const listeners: Listener[] = [];

/** A source that records every subscription, for the test to answer by hand. */
const fakeSource: LiveSource = (path, query, onData, onError) => {
  const l = { target: { path, query }, onData, onError, active: true };
  listeners.push(l);
  return () => {
    l.active = false;
  };
};

const { makeContentHooks } = await import("./content-hooks");
const { useAbout, useContact, useBlogIndex, useBlogPost, useExperience, useFilms } = makeContentHooks(fakeSource);
const { setLoadTimeoutMs } = await import("./use-live-query");
const { resetDecodeWarnings } = await import("../decode");
const { RenderProvider, RenderStore } = await import("../snapshot/render-store");

/** The plain value a source delivers (kept as a function so the cases read as before). */
const snapshot = (value: unknown) => value ?? null;
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
  it("on a server-rendered page, keep the rendered data when the stream's first answer is the same value, and follow a change", () => {
    const contact = { email: "m@example.com", links: [{ label: "GitHub", url: "https://github.com/m" }], rev: 1, updatedAt: 1 };
    const store = new RenderStore({ reads: { "site/contact": { value: contact } }, markdown: {} });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useContact();
      },
      { wrapper: ({ children }) => <RenderProvider store={store}>{children}</RenderProvider> },
    );
    expect(result.current.status).toBe("ready");
    const first = result.current.data;
    expect(first?.links).toEqual(contact.links);
    const before = renders;
    // The stream's stored form: the list as an object keyed by index.
    act(() => last().onData({ ...contact, links: { 0: contact.links[0] } }));
    expect(renders).toBe(before);
    expect(result.current.data).toBe(first);
    act(() => last().onData({ ...contact, email: "maya@example.com" }));
    expect(result.current.data?.email).toBe("maya@example.com");
  });

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

  it("show a post only while it is published: one read of blog/posts, following publish and unpublish live", () => {
    const { result } = renderHook(() => useBlogPost("hello"));
    expect(result.current.status).toBe("loading");
    // Drafts live in blog/drafts, so the published node alone answers: nothing to chain.
    expect(active().map((l) => l.target.path)).toEqual(["blog/posts/hello"]);
    const listener = last();
    act(() => listener.onData(snapshot(null)));
    expect(result.current).toMatchObject({ status: "ready", data: null });
    // Published elsewhere: the post arrives on the same listener.
    const post = { title: "T", summary: "S", body: "B", status: "published", readingMinutes: 1, createdAt: 1, publishedAt: 2, rev: 1, updatedAt: 1 };
    act(() => listener.onData(snapshot(post)));
    expect(result.current.data).toMatchObject({ id: "hello", title: "T" });
    // Unpublished: it is deleted from blog/posts.
    act(() => listener.onData(snapshot(null)));
    expect(result.current).toMatchObject({ status: "ready", data: null });
  });

  it("report an unreadable post as the post's error", () => {
    const { result } = renderHook(() => useBlogPost("hello"));
    act(() => last().onError(new Error("unavailable")));
    expect(result.current.status).toBe("error");
    expect(result.current.error?.code).toBe("unavailable");
  });

  it("page the blog index newest first with one extra record to know about more", () => {
    const { result } = renderHook(() => useBlogIndex({ pageSize: 2 }));
    expect(last().target).toEqual({ path: "blog/index", query: { orderBy: "publishedAt", limitToLast: 3 } });
    const entry = (publishedAt: number) => ({ title: `P${publishedAt}`, summary: "S", readingMinutes: 1, publishedAt });
    act(() => last().onData(snapshot({ a: entry(1), b: entry(2), c: entry(3) })));
    expect(result.current.data.map((e) => e.id)).toEqual(["c", "b"]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    expect(last().target.query).toEqual({ orderBy: "publishedAt", limitToLast: 5 });
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
    // One window and one more, to know whether there are more.
    expect(last().target.query).toEqual({ orderBy: "rating", limitToLast: FILMS_PAGE_SIZE + 1 });
    const film = (title: string, rating: number, year: number) => ({
      title,
      year,
      directors: ["D"],
      minutes: 90,
      rating,
      watchedOn: "2024-01-01",
      rev: 1,
      updatedAt: 1,
    });
    act(() => last().onData(snapshot({ a: film("A", 3, 2001), b: film("B", 5, 1999) })));
    expect(result.current.data.map((f) => f.title)).toEqual(["B", "A"]);
    rerender({ orderBy: "year", all: true });
    expect(last().target.query).toEqual({ orderBy: "year" });
    // The records already shown stay (the reader keeps their place) until the new order answers.
    expect(result.current).toMatchObject({ status: "ready", loadingMore: true });
    expect(result.current.data.map((f) => f.title)).toEqual(["B", "A"]);
    act(() => last().onData(snapshot({ a: film("A", 3, 2001), b: film("B", 5, 1999) })));
    expect(result.current.data.map((f) => f.title)).toEqual(["A", "B"]);
    expect(result.current.loadingMore).toBe(false);
  });

  it("read nothing until enabled, then load (not showing the empty list as ready)", () => {
    const { result, rerender } = renderHook((props: { enabled: boolean }) => useFilms({ all: true, ...props }), { initialProps: { enabled: false } });
    expect(active()).toHaveLength(0);
    expect(result.current).toMatchObject({ status: "ready", data: [] });
    rerender({ enabled: true });
    expect(active()).toHaveLength(1);
    expect(result.current).toMatchObject({ status: "loading", loadingMore: false });
  });
});
