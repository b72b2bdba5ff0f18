// The change feed over a fake transport: one marker stream for every read, a read fetched only
// when nothing was embedded or its section's counter moved, reads of the same query merged, and a
// hidden tab's stream closed after a while and caught up when shown again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REREAD_SPREAD_MS, rereadDelayMs } from "../changes";
import { ContentError } from "../errors";
import { changeFeedSource, HIDDEN_CLOSE_MS, type FeedTransport } from "./change-feed";
import type { LiveQuerySpec } from "./source";

function fakeTransport(data: Record<string, unknown>) {
  const streams: { path: string; next: (v: unknown) => void; fail: (e: unknown) => void; open: boolean }[] = [];
  const gets: string[] = [];
  let failWith: unknown = null;
  const transport: FeedTransport = {
    stream: (path, next, fail) => {
      const s = { path, next, fail, open: true };
      streams.push(s);
      return () => void (s.open = false);
    },
    get: (path: string, query: LiveQuerySpec | undefined) => {
      gets.push(query ? `${path}?${query.orderBy}` : path);
      if (failWith) return Promise.reject(failWith);
      return Promise.resolve(structuredClone(data[path] ?? null));
    },
  };
  const open = () => streams.filter((s) => s.open);
  /** The marker stream sends the database's counters now. */
  const mark = () => open().forEach((s) => s.next(structuredClone(data.changes ?? null)));
  const fail = (error: unknown) => void (failWith = error);
  return { transport, streams, open, gets, mark, fail };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("changeFeedSource", () => {
  it("holds one stream for every read, fetches each read once, and again only when its section moves", async () => {
    const data: Record<string, unknown> = { "site/about": { headline: "A" }, skills: { s1: { name: "TS" } }, changes: { about: 1, skills: 1 } };
    const t = fakeTransport(data);
    // Re-read at once when a counter moves (the random spread has its own test below).
    const source = changeFeedSource(t.transport, { rereadSpreadMs: 0 });
    const about = vi.fn();
    const skills = vi.fn();
    const stopAbout = source("site/about", undefined, about, vi.fn());
    const stopSkills = source("skills", undefined, skills, vi.fn());
    expect(t.streams.map((s) => s.path)).toEqual(["changes"]);
    await settle();
    expect(t.gets).toEqual([]); // nothing embedded: each read waits for the marker, then reads once
    t.mark();
    await settle();
    expect(about).toHaveBeenLastCalledWith({ headline: "A" });
    t.mark(); // the same marker again (a reconnection): nothing to read
    await settle();
    expect(t.gets).toEqual(["site/about", "skills"]);

    data["site/about"] = { headline: "B" };
    data.changes = { about: 2, skills: 1 };
    t.mark();
    await settle();
    expect(about).toHaveBeenLastCalledWith({ headline: "B" });
    expect(t.gets.filter((g) => g === "skills")).toHaveLength(1); // skills did not move
    expect(skills).toHaveBeenCalledTimes(1);

    stopAbout();
    stopSkills();
    // A new screen's reads, taken as the old one's go: the same stream.
    const stopAgain = source("site/about", undefined, vi.fn(), vi.fn());
    expect(t.streams).toHaveLength(1);
    stopAgain();
    await vi.waitFor(() => expect(t.open()).toHaveLength(0), { timeout: 3000 });
  });

  it("starts from an embedded value: no read while the marker is the one the server read before it", async () => {
    const data: Record<string, unknown> = { "blog/index": { a: { title: "A" } }, films: { f: 1 }, changes: { blog: 4, films: 2 } };
    const t = fakeTransport(data);
    const source = changeFeedSource(t.transport, { rereadSpreadMs: 0 });
    const next = vi.fn();
    source("blog/index", { orderBy: "publishedAt", limitToLast: 11 }, next, vi.fn(), { value: data["blog/index"], changes: { value: { blog: 4, films: 1 } } });
    source("films", { orderBy: "year" }, vi.fn(), vi.fn(), { value: { f: 0 }, changes: { value: { blog: 4, films: 1 } } });
    t.mark();
    await settle();
    expect(t.gets).toEqual(["films?year"]); // films moved since the render; the blog did not
    expect(next).not.toHaveBeenCalled();
    data.changes = { blog: 5, films: 2 };
    data["blog/index"] = { a: { title: "A2" } };
    t.mark();
    await settle();
    expect(next).toHaveBeenLastCalledWith({ a: { title: "A2" } });
  });

  it("merges reads of the same query: one fetch, a late listener gets the last value; other queries are apart", async () => {
    const t = fakeTransport({ "blog/index": { a: 1 }, changes: null });
    const source = changeFeedSource(t.transport);
    const first = vi.fn();
    const stopFirst = source("blog/index", { orderBy: "publishedAt" }, first, vi.fn());
    t.mark();
    await settle();
    const late = vi.fn();
    source("blog/index", { orderBy: "publishedAt" }, late, vi.fn());
    await settle();
    expect(late).toHaveBeenCalledWith({ a: 1 });
    expect(t.gets).toEqual(["blog/index?publishedAt"]);
    stopFirst();
    expect(t.open()).toHaveLength(1);
  });

  it("a refused read fails its listeners and is not reused; an unreachable one is reported until its first value and retried", async () => {
    const t = fakeTransport({ skills: { s: 1 } });
    const source = changeFeedSource(t.transport, { retryMs: 5 });
    t.fail(new ContentError("permission-denied"));
    // The marker refused too: the reads do not wait for it.
    queueMicrotask(() => t.streams[0]?.fail(new ContentError("permission-denied")));
    const denied = vi.fn();
    source("recommendationSubmissions", undefined, vi.fn(), denied);
    await settle();
    expect(denied).toHaveBeenCalledWith(expect.objectContaining({ code: "permission-denied" }));
    t.fail(new TypeError("fetch failed"));
    const next = vi.fn();
    const fail = vi.fn();
    source("skills", undefined, next, fail);
    await settle();
    expect(fail).toHaveBeenCalledWith(expect.objectContaining({ code: "unavailable" }));
    t.fail(null);
    await vi.waitFor(() => expect(next).toHaveBeenCalledWith({ s: 1 }));
  });

  describe("the re-read after a counter moves", () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it("waits a random delay under REREAD_SPREAD_MS when the read shows a value, and reads the newest once", async () => {
      const data: Record<string, unknown> = { "site/about": { headline: "A" }, changes: { about: 1 } };
      const t = fakeTransport(data);
      const source = changeFeedSource(t.transport);
      const next = vi.fn();
      source("site/about", undefined, next, vi.fn(), { value: { headline: "A" }, changes: { value: { about: 1 } } });
      t.mark();
      vi.spyOn(Math, "random").mockReturnValue(0.75);
      data.changes = { about: 2 };
      data["site/about"] = { headline: "B" };
      t.mark();
      await vi.advanceTimersByTimeAsync(0.75 * REREAD_SPREAD_MS - 1);
      expect(t.gets).toEqual([]);
      data.changes = { about: 3 }; // a second move while it waits: still one read, of the newest
      data["site/about"] = { headline: "C" };
      t.mark();
      await vi.advanceTimersByTimeAsync(1);
      expect(t.gets).toEqual(["site/about"]);
      expect(next).toHaveBeenLastCalledWith({ headline: "C" });
      await vi.advanceTimersByTimeAsync(REREAD_SPREAD_MS);
      expect(t.gets).toEqual(["site/about"]);
    });

    it("reads at once what shows nothing yet (a page still loading)", async () => {
      const data: Record<string, unknown> = { skills: { s: 1 }, changes: { skills: 1 } };
      const t = fakeTransport(data);
      const source = changeFeedSource(t.transport);
      const next = vi.fn();
      source("skills", undefined, next, vi.fn());
      t.mark();
      await vi.advanceTimersByTimeAsync(0);
      expect(next).toHaveBeenCalledWith({ s: 1 });
    });

    it("spreads the delays uniformly below the constant", () => {
      expect(rereadDelayMs(REREAD_SPREAD_MS, () => 0)).toBe(0);
      expect(rereadDelayMs(REREAD_SPREAD_MS, () => 0.9999)).toBe(REREAD_SPREAD_MS - 1);
      expect(REREAD_SPREAD_MS).toBeLessThanOrEqual(1000); // an edit still reaches an open page within 2 s
    });
  });

  describe("a hidden tab", () => {
    const page = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    const show = (state: DocumentVisibilityState) => {
      page.visibilityState = state;
      page.dispatchEvent(new Event("visibilitychange"));
    };
    beforeEach(() => {
      vi.stubGlobal("document", page);
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it("keeps its stream for a minute, then lets go of it and catches up when shown again", async () => {
      const data: Record<string, unknown> = { "site/about": { headline: "A" }, changes: { about: 1 } };
      const t = fakeTransport(data);
      const source = changeFeedSource(t.transport);
      const next = vi.fn();
      const stop = source("site/about", undefined, next, vi.fn(), { value: { headline: "A" }, changes: { value: { about: 1 } } });
      t.mark();
      show("hidden");
      await vi.advanceTimersByTimeAsync(HIDDEN_CLOSE_MS - 1000);
      show("visible"); // back within the minute: the same stream
      show("hidden");
      await vi.advanceTimersByTimeAsync(HIDDEN_CLOSE_MS - 1);
      expect(t.open()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.open()).toHaveLength(0);
      data.changes = { about: 2 };
      data["site/about"] = { headline: "B" };
      show("visible");
      expect(t.open()).toHaveLength(1);
      expect(t.gets).toEqual([]);
      t.mark();
      await vi.advanceTimersByTimeAsync(REREAD_SPREAD_MS); // a shown read: within the re-read's spread
      expect(next).toHaveBeenLastCalledWith({ headline: "B" });
      stop();
      await vi.advanceTimersByTimeAsync(1000);
      show("hidden");
      await vi.advanceTimersByTimeAsync(HIDDEN_CLOSE_MS);
      show("visible");
      expect(t.streams).toHaveLength(2); // no reads, no stream
    });

    it("reads what nothing embedded without the marker when it is late", async () => {
      const t = fakeTransport({ "site/about": { headline: "A" } });
      const source = changeFeedSource(t.transport);
      const next = vi.fn();
      source("site/about", undefined, next, vi.fn());
      await vi.advanceTimersByTimeAsync(1499);
      expect(t.gets).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(next).toHaveBeenCalledWith({ headline: "A" });
    });

    it("closes after the delay the options give", async () => {
      const t = fakeTransport({ changes: null });
      const source = changeFeedSource(t.transport, { hiddenCloseMs: () => 50 });
      source("site/about", undefined, vi.fn(), vi.fn());
      show("hidden");
      await vi.advanceTimersByTimeAsync(50);
      expect(t.open()).toHaveLength(0);
      show("visible");
    });
  });
});
