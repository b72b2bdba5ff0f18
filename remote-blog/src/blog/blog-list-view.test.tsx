// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { BlogListView } from "./blog-list-view";
import type { PagedState } from "../ui/async-state";
import type { PostSummary } from "../ui/types";
import { failed, paged, summary } from "../test-fixtures";

afterEach(cleanup);

function view(list: PagedState<PostSummary>, tag: string | null = null, onTagChange = vi.fn()) {
  return (
    <MemoryRouter>
      <BlogListView list={list} tag={tag} onTagChange={onTagChange} />
    </MemoryRouter>
  );
}
const titles = () => screen.queryAllByRole("article").map((a) => within(a).getByRole("heading").textContent);

describe("BlogListView", () => {
  it("shows loading, empty and error states", () => {
    const { rerender } = render(view(paged<PostSummary>([], { status: "loading" })));
    expect(screen.getByRole("status").textContent).toMatch(/loading posts/i);
    rerender(view(paged([])));
    expect(screen.getByText(/no posts have been published/i)).toBeTruthy();
    const retry = vi.fn();
    rerender(view({ ...paged([]), ...failed([], retry, "permission-denied") }));
    expect(screen.getByRole("alert").textContent).toMatch(/access was denied/);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("lists posts newest first with date, reading time, tags and a link by slug", () => {
    const posts = [
      summary({ id: "older", title: "Older", publishedAt: Date.UTC(2024, 0, 5), readingMinutes: 7, tags: ["css"] }),
      summary({ id: "newer", title: "Newer", publishedAt: Date.UTC(2024, 4, 9), readingMinutes: 3, tags: ["react", "testing"] }),
    ];
    render(view(paged(posts)));
    expect(titles()).toEqual(["Newer", "Older"]);
    expect(screen.getByRole("link", { name: "Newer" }).getAttribute("href")).toBe("/blogs/newer");
    const first = screen.getAllByRole("article")[0]!;
    expect(first.textContent).toContain("9 May 2024");
    expect(first.textContent).toContain("3 min read");
    expect(within(first).getByRole("list", { name: "Tags" }).textContent).toBe("#react#testing");
  });

  it("loads more past the first page and keeps the list while the next page loads", () => {
    const loadMore = vi.fn();
    const posts = Array.from({ length: 10 }, (_, i) => summary({ publishedAt: i }));
    const { rerender } = render(view(paged(posts, { hasMore: true, loadMore })));
    expect(titles()).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Load more posts" }));
    expect(loadMore).toHaveBeenCalledOnce();
    // The hook keeps the window it had while the bigger one loads.
    rerender(view(paged(posts, { hasMore: true, loadingMore: true, loadMore })));
    expect(titles()).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Loading more posts…" })).toHaveProperty("disabled", true);
    rerender(view(paged([...posts, summary({ publishedAt: -1 })], { loadMore })));
    expect(titles()).toHaveLength(11);
    expect(screen.queryByRole("button", { name: /load more/i })).toBeNull();
  });

  it("filters by tag", () => {
    const onTag = vi.fn();
    const posts = [summary({ title: "A", tags: ["css"] }), summary({ title: "B", tags: ["react"] })];
    const { rerender } = render(view(paged(posts), null, onTag));
    fireEvent.click(within(screen.getByRole("group", { name: "Filter by tag" })).getByRole("button", { name: "#react" }));
    expect(onTag).toHaveBeenCalledWith("react");
    rerender(view(paged(posts), "react", onTag));
    expect(titles()).toEqual(["B"]);
    expect(screen.getByRole("button", { name: "#react" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("1 post tagged “react”")).toBeTruthy();
    rerender(view(paged(posts), "nothing", onTag));
    expect(screen.getByText(/no posts are tagged/i)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all posts" }));
    expect(onTag).toHaveBeenLastCalledWith(null);
  });

  it("filters the loaded window and offers to look through older posts while there are more", () => {
    const loadMore = vi.fn();
    const posts = [summary({ title: "A", tags: ["css"] }), summary({ title: "B", tags: ["react"] })];
    render(view(paged(posts, { hasMore: true, loadMore }), "react"));
    expect(titles()).toEqual(["B"]);
    expect(screen.getByText("1 post tagged “react” among the newest 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Look through older posts" }));
    expect(loadMore).toHaveBeenCalledOnce();
  });

  it("renders database strings as text", () => {
    render(view(paged([summary({ title: "<script>alert(1)</script>", summary: "<img src=x onerror=alert(1)>", tags: ["<b>x</b>"] })])));
    expect(document.querySelector("script, img, b")).toBeNull();
    expect(screen.getByRole("link", { name: "<script>alert(1)</script>" })).toBeTruthy();
  });

  it("searches by the query it is given, says how many match, and offers to clear", () => {
    const posts = [summary({ id: "a", title: "Sanitising markdown" }), summary({ id: "b", title: "Dark mode" })];
    const onQueryChange = vi.fn();
    const onClear = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <BlogListView list={paged(posts)} tag={null} onTagChange={vi.fn()} query="markdown" onQueryChange={onQueryChange} onClear={onClear} />
      </MemoryRouter>,
    );
    expect(titles()).toEqual(["Sanitising markdown"]);
    expect(screen.getByText("1 post matching “markdown”")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search posts" }), { target: { value: "dark" } });
    expect(onQueryChange).toHaveBeenCalledWith("dark");
    rerender(
      <MemoryRouter>
        <BlogListView list={paged(posts)} tag={null} onTagChange={vi.fn()} query="nothing here" onQueryChange={onQueryChange} onClear={onClear} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/No posts are matching “nothing here”/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all posts" }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});
