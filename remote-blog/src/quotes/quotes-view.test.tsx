// @vitest-environment jsdom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { QuotesView } from "./quotes-view";
import type { LoadState } from "shared-ui";
import type { PagedState } from "../ui/async-state";
import type { Quote } from "../ui/types";
import { failed, loading, quote, ready } from "../test-fixtures";

afterEach(cleanup);

const quotes = [
  quote({ id: "a", text: "We suffer more often in imagination than in reality.", author: "Seneca", work: "Letters", year: 65 }),
  quote({ id: "b", text: "The unexamined life is not worth living.", author: "Socrates", year: -399 }),
  quote({ id: "c", text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra" }),
];
function Searchable({ list, all, linked, copy }: { list: PagedState<Quote>; all: LoadState<Quote[]> | null; linked?: Linked; copy: () => Promise<void> }) {
  const [query, setQuery] = useState("");
  return <QuotesView list={list} all={query ? all : null} query={query} onQueryChange={setQuery} linked={linked} copy={copy} />;
}
type Linked = { id: string; state: LoadState<Quote | null> };
/** The window is `state`; every quote (for a search) is the same list. */
const view = (state: LoadState<Quote[]>, linked?: Linked, copy = vi.fn(async () => {}), more: Partial<PagedState<Quote>> = {}) => (
  <MemoryRouter>
    <Searchable list={{ ...state, hasMore: false, loadMore: () => {}, loadingMore: false, ...more }} all={state} linked={linked} copy={copy} />
  </MemoryRouter>
);
const shown = () => screen.queryAllByRole("figure").map((f) => f.id);

describe("QuotesView", () => {
  it("shows loading, empty and error states", () => {
    const { rerender } = render(view(loading([])));
    expect(screen.getByRole("status").textContent).toMatch(/loading quotes/i);
    rerender(view(ready([])));
    expect(screen.getByText(/no quotes have been added/i)).toBeTruthy();
    const retry = vi.fn();
    rerender(view(failed([], retry)));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("searches by text or author", () => {
    render(view(ready(quotes)));
    expect(shown()).toHaveLength(3);
    const search = screen.getByLabelText(/search quotes/i);
    fireEvent.change(search, { target: { value: "socrates" } });
    expect(shown()).toEqual(["quote-b"]);
    fireEvent.change(search, { target: { value: "RELIABILITY" } });
    expect(shown()).toEqual(["quote-c"]);
    expect(screen.getByText("1 of 3 quotes match")).toBeTruthy();
    fireEvent.change(search, { target: { value: "nobody" } });
    expect(screen.getByText(/no quote matches/i)).toBeTruthy();
  });

  it("shows the quote of a deep link first, highlighted, scrolled to and focused, even when it is not in the window", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const far = quote({ id: "far", text: "Far down the list.", author: "Zeno" });
    render(view(ready(quotes.slice(0, 2)), { id: "far", state: ready(far) }));
    const linked = document.getElementById("quote-far")!;
    expect(shown()).toEqual(["quote-far", "quote-a", "quote-b"]);
    expect(linked.getAttribute("aria-current")).toBe("true");
    expect(scroll).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(linked);
    expect(document.getElementById("quote-a")?.hasAttribute("aria-current")).toBe(false);
  });

  it("shows a linked quote that is also in the window once", () => {
    render(view(ready(quotes), { id: "b", state: ready(quotes[1]!) }));
    expect(shown()).toEqual(["quote-b", "quote-a", "quote-c"]);
  });

  it("says so for an unknown id and still lists the quotes", () => {
    render(view(ready(quotes), { id: "gone", state: ready(null) }));
    expect(screen.getByRole("alert").textContent).toMatch(/“gone” was not found/);
    expect(shown()).toHaveLength(3);
  });

  it("offers the next window while there are more quotes", () => {
    const loadMore = vi.fn();
    render(view(ready(quotes), undefined, undefined, { hasMore: true, loadMore }));
    expect(screen.getByText("Showing the first 3 quotes, by author")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more quotes" }));
    expect(loadMore).toHaveBeenCalledOnce();
  });

  it("copies a link to a quote", async () => {
    const copy = vi.fn(async () => {});
    render(view(ready(quotes), undefined, copy));
    const figure = document.getElementById("quote-b")!;
    fireEvent.click(within(figure).getByRole("button", { name: "Copy link" }));
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/favorite-quotes/b`);
    await waitFor(() => expect(within(figure).getByRole("button", { name: "Link copied" })).toBeTruthy());
    expect(
      within(figure)
        .getByRole("link", { name: /link to the quote/i })
        .getAttribute("href"),
    ).toBe("/favorite-quotes/b");
  });

  it("reports a failed copy", async () => {
    render(
      view(
        ready(quotes),
        undefined,
        vi.fn(async () => Promise.reject(new Error("denied"))),
      ),
    );
    fireEvent.click(within(document.getElementById("quote-a")!).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy failed" })).toBeTruthy());
  });

  it("shows BC years and renders text as text", () => {
    render(view(ready([...quotes, quote({ id: "x", text: "<img src=x onerror=alert(1)>", author: "<b>Mallory</b>" })])));
    expect(document.getElementById("quote-b")?.textContent).toContain("(399 BC)");
    expect(document.querySelector("img, b")).toBeNull();
  });
});
