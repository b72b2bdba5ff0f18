// @vitest-environment jsdom
// A server-rendered page's store: each read performed once on the server and recorded (value
// or error code); in the browser the hooks start from the recorded value (no "loading"), keep it
// while the stream connects, and forget it once the stream answers.
import { act, cleanup, render, renderHook } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentError } from "../errors";
import { readKey, type LiveSource } from "../live/source";
import { makeContentHooks } from "../hooks/content-hooks";
import { Markdown, MarkdownBody, useCompiledMarkdown } from "../markdown/markdown";
import { RenderProvider, RenderStore, markdownKey } from "./render-store";

const about = { headline: "Hi", bio: "B", rev: 1, updatedAt: 1 };

afterEach(cleanup);

describe("RenderStore on the server", () => {
  it("makes each read once, under the key derived from it, and records values and error codes", async () => {
    const read = vi.fn(async (path: string) => {
      if (path === "denied") throw new ContentError("permission-denied");
      if (path === "down") throw new TypeError("fetch failed");
      return { path };
    });
    const store = new RenderStore(undefined, { read, compileMarkdown: (s) => ({ html: s, toc: [] }), sanitiseHtml: (h) => h });
    const window = { path: "a", query: { orderBy: "n", limitToLast: 2 } };
    await Promise.all([store.load({ path: "a" }), store.load({ path: "a" }), store.load(window), store.load({ path: "denied" }), store.load({ path: "down" })]);
    // The change marker first (once), then each read: the page's values are at least as new as it.
    expect(read.mock.calls.map(([path]) => path)).toEqual(["changes", "a", "a", "denied", "down"]);
    expect(store.toSnapshot().reads).toEqual({
      changes: { value: { path: "changes" } },
      a: { value: { path: "a" } },
      [readKey(window)]: { value: { path: "a" } },
      denied: { error: "permission-denied" },
      down: { error: "unavailable" },
    });
    expect(store.failedReads().sort()).toEqual(["permission-denied", "unavailable"]);
  });

  it("a marker that cannot be read is no failed read of the page's content", async () => {
    const store = new RenderStore(undefined, {
      read: async (path) => {
        if (path === "changes") throw new ContentError("permission-denied");
        return 1;
      },
      compileMarkdown: (s) => ({ html: s, toc: [] }),
      sanitiseHtml: (h) => h,
    });
    await store.load({ path: "a" });
    expect(store.toSnapshot().reads).toEqual({ changes: { error: "permission-denied" }, a: { value: 1 } });
    expect(store.failedReads()).toEqual([]);
  });
});

describe("hooks on a server-rendered page", () => {
  const listeners: { next: (v: unknown) => void; fail: (e: unknown) => void }[] = [];
  const source: LiveSource = (_path, _query, next, fail) => {
    listeners.push({ next, fail });
    return () => undefined;
  };
  const { useAbout, useBlogPost } = makeContentHooks(source);
  const wrapper = (store: RenderStore) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <RenderProvider store={store}>{children}</RenderProvider>;
    };

  it("start ready from the embedded value, keep it while the stream connects, then follow the stream", () => {
    listeners.length = 0;
    const store = new RenderStore({ reads: { "site/about": { value: about } }, markdown: {} });
    const { result } = renderHook(() => useAbout(), { wrapper: wrapper(store) });
    expect(result.current.status).toBe("ready");
    expect(result.current.data?.headline).toBe("Hi");
    expect(listeners).toHaveLength(1);
    act(() => listeners[0]!.next({ ...about, headline: "Live" }));
    expect(result.current.data?.headline).toBe("Live");
    // The store keeps the newest value: a reader that hydrates later (another slot) or mounts
    // later (back navigation) starts from it, never from nothing or from the older embedded one.
    expect(store.reads.get("site/about")).toEqual({ value: { ...about, headline: "Live" } });
    const later = renderHook(() => useAbout(), { wrapper: wrapper(store) });
    expect(later.result.current).toMatchObject({ status: "ready", data: { headline: "Live" } });
  });

  it("render a post from the snapshot, and a missing post as ready null", () => {
    const post = { title: "T", summary: "S", body: "B", tags: [], status: "published", readingMinutes: 1, createdAt: 1, rev: 1, updatedAt: 1 };
    const store = new RenderStore({ reads: { "blog/posts/p": { value: post }, "blog/posts/gone": { value: null } }, markdown: {} });
    const found = renderHook(() => useBlogPost("p"), { wrapper: wrapper(store) });
    expect(found.result.current.status).toBe("ready");
    expect(found.result.current.data?.title).toBe("T");
    const missing = renderHook(() => useBlogPost("gone"), { wrapper: wrapper(store) });
    expect(missing.result.current).toMatchObject({ status: "ready", data: null });
  });

  it("start from a server-side error as an error state, and recover from the stream", () => {
    listeners.length = 0;
    const store = new RenderStore({ reads: { "site/about": { error: "unavailable" } }, markdown: {} });
    const { result } = renderHook(() => useAbout(), { wrapper: wrapper(store) });
    expect(result.current.status).toBe("error");
    expect(result.current.error?.code).toBe("unavailable");
    act(() => listeners[0]!.next(about));
    expect(result.current.status).toBe("ready");
  });
});

describe("Markdown on a server-rendered page", () => {
  it("renders on the server through the store and records the HTML; the browser reuses it without the renderer", () => {
    const compileMarkdown = vi.fn((s: string) => ({ html: `<p>${s.toUpperCase()}</p>`, toc: [] }));
    const server = new RenderStore(undefined, { read: async () => null, compileMarkdown, sanitiseHtml: (h) => h });
    const html = renderToString(
      <RenderProvider store={server}>
        <Markdown source="hello" />
      </RenderProvider>,
    );
    expect(html).toContain("<p>HELLO</p>");
    expect(server.toSnapshot().markdown).toEqual({ [markdownKey("hello")]: { html: "<p>HELLO</p>" } });
    const browser = new RenderStore(server.toSnapshot());
    const { container } = render(
      <RenderProvider store={browser}>
        <Markdown source="hello" />
      </RenderProvider>,
    );
    expect(container.innerHTML).toContain("<p>HELLO</p>");
    expect(container.querySelector("[aria-busy]")).toBeNull();
  });

  it("shows HTML compiled at save time as it is, sanitised again on the server, and carries a copy only when that changed it", () => {
    const toc = [{ id: "a", text: "A", depth: 2 }];
    const compileMarkdown = vi.fn((s: string) => ({ html: s, toc: [] }));
    const sanitiseHtml = vi.fn((h: string) => h.replace(/<script>.*<\/script>/, ""));
    const server = new RenderStore(undefined, { read: async () => null, compileMarkdown, sanitiseHtml });
    const Body = ({ html }: { html: string }) => {
      const state = useCompiledMarkdown("# ignored source", { html, toc });
      return <MarkdownBody state={state} source="# ignored source" />;
    };
    const clean = '<h2 id="a">A</h2>';
    expect(
      renderToString(
        <RenderProvider store={server}>
          <Body html={clean} />
        </RenderProvider>,
      ),
    ).toContain(clean);
    expect(server.toSnapshot().markdown).toEqual({});
    const tampered = `${clean}<script>alert(1)</script>`;
    expect(
      renderToString(
        <RenderProvider store={server}>
          <Body html={tampered} />
        </RenderProvider>,
      ),
    ).not.toContain("<script>");
    expect(server.toSnapshot().markdown).toEqual({ [markdownKey(tampered)]: { html: clean } });
    expect(compileMarkdown).not.toHaveBeenCalled();
    // The browser takes the server's copy for the tampered HTML and the stored one otherwise.
    const browser = new RenderStore(server.toSnapshot());
    const { container } = render(
      <RenderProvider store={browser}>
        <Body html={tampered} />
      </RenderProvider>,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("h2#a")).not.toBeNull();
  });
});
