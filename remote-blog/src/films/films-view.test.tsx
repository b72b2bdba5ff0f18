// @vitest-environment jsdom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { FilmsView } from "./films-view";
import type { FilmSort } from "./films-logic";
import type { FilmStats, FilmTally, TallyKind } from "shared-content";
import { filmStatsOf } from "shared-content/admin";
import type { LoadState } from "shared-ui";
import type { PagedState } from "../ui/async-state";
import type { Film } from "../ui/types";
import { failed, film, loading, paged, ready } from "../test-fixtures";

afterEach(cleanup);

function Searchable(props: {
  list: PagedState<Film>;
  all: LoadState<Film[]> | null;
  stats: LoadState<FilmStats | null>;
  tops?: Record<TallyKind, LoadState<FilmTally[]>>;
  sort: FilmSort;
  onSortChange: (s: FilmSort) => void;
}) {
  const [query, setQuery] = useState("");
  return <FilmsView {...props} tops={props.tops ?? { directors: ready([]), countries: ready([]) }} query={query} onQueryChange={setQuery} />;
}
function view(
  list: PagedState<Film>,
  all: LoadState<Film[]> | null = null,
  sort: FilmSort = "watched",
  onSortChange = vi.fn(),
  stats: LoadState<FilmStats | null> = ready(null),
  tops?: Record<TallyKind, LoadState<FilmTally[]>>,
) {
  return <Searchable list={list} all={all} stats={stats} tops={tops} sort={sort} onSortChange={onSortChange} />;
}
const titles = () => screen.queryAllByRole("article").map((a) => within(a).getByRole("heading").textContent?.split(" (")[0]);

describe("FilmsView", () => {
  it("shows a skeleton while loading, an empty state, and an error with Retry", () => {
    const { rerender } = render(view(paged<Film>([], { status: "loading" })));
    expect(
      screen
        .getAllByRole("status")
        .map((s) => s.textContent)
        .join(),
    ).toMatch(/loading films/i);
    rerender(view(paged([])));
    expect(screen.getByText(/no films have been logged/i)).toBeTruthy();
    const retry = vi.fn();
    rerender(view({ ...paged([]), ...failed([], retry) }));
    fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("renders the loaded window and asks for the next one; keeps it on screen meanwhile", () => {
    const loadMore = vi.fn();
    const window1 = [film({ title: "B", watchedOn: "2024-02-01" }), film({ title: "A", watchedOn: "2024-03-01" })];
    const { rerender } = render(view(paged(window1, { hasMore: true, loadMore })));
    expect(titles()).toEqual(["A", "B"]);
    fireEvent.click(screen.getByRole("button", { name: "Show more films" }));
    expect(loadMore).toHaveBeenCalledOnce();
    // The hook reloads with a larger window, keeping the old one meanwhile: the button says it is busy.
    rerender(view(paged(window1, { hasMore: true, loadingMore: true, loadMore })));
    expect(titles()).toEqual(["A", "B"]);
    expect(screen.getByRole("button", { name: /loading more films/i })).toHaveProperty("disabled", true);
    rerender(view(paged([...window1, film({ title: "C", watchedOn: "2023-01-01" })], { loadMore })));
    expect(titles()).toEqual(["A", "B", "C"]);
    expect(screen.queryByRole("button", { name: /more films/i })).toBeNull();
  });

  it("reports a sort change and orders the loaded films by it", () => {
    const onSort = vi.fn();
    const films = [film({ title: "Low", rating: 2 }), film({ title: "High", rating: 5 })];
    const { rerender } = render(view(paged(films), loading([]), "watched", onSort));
    fireEvent.change(screen.getByLabelText(/sort by/i), { target: { value: "rating" } });
    expect(onSort).toHaveBeenCalledWith("rating");
    rerender(view(paged(films), loading([]), "rating", onSort));
    expect(titles()).toEqual(["High", "Low"]);
  });

  it("searches title and director across every film once they are loaded", () => {
    const all = [
      film({ title: "Ran", directors: ["Akira Kurosawa"], watchedOn: "2020-01-01" }),
      film({ title: "Vagabond", directors: ["Agnès Varda"], watchedOn: "2024-01-01" }),
      film({ title: "Ikiru", directors: ["Akira Kurosawa"], watchedOn: "2022-01-01" }),
    ];
    const { rerender } = render(view(paged(all.slice(1, 2), { hasMore: true }), loading([])));
    fireEvent.change(screen.getByLabelText(/search by title or director/i), { target: { value: "kurosawa" } });
    expect(
      screen
        .getAllByRole("status")
        .map((s) => s.textContent)
        .join(),
    ).toMatch(/loading every film/i);
    rerender(view(paged(all.slice(1, 2), { hasMore: true }), ready(all)));
    expect(titles()).toEqual(["Ikiru", "Ran"]);
    expect(screen.getByText("2 of 3 films match")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/search by title or director/i), { target: { value: "varda" } });
    expect(titles()).toEqual(["Vagabond"]);
    fireEvent.change(screen.getByLabelText(/search by title or director/i), { target: { value: "zzz" } });
    expect(screen.getByText(/no film matches/i)).toBeTruthy();
  });

  it("shows the numbers of the whole log from its statistics record, with the window's count of the total", () => {
    const films = [film({ minutes: 120, rating: 3, year: 1954 }), film({ minutes: 60, rating: 4, year: 2016 }), film({ minutes: 90, rating: 3, year: 2011 })];
    const tops = {
      directors: ready([
        { name: "Agnès Varda", count: 2 },
        { name: "Ozu", count: 1 },
      ]),
      countries: ready([{ name: "France", count: 3 }]),
    };
    const { container } = render(view(paged(films.slice(0, 1)), null, "watched", vi.fn(), ready(filmStatsOf(films)), tops));
    const stats = screen.getByRole("region", { name: "In numbers" });
    // Nothing to ask for: the figures are there from the first render (the server's HTML).
    expect(within(stats).queryByRole("button")).toBeNull();
    expect(container.querySelector('[data-stat="count"]')?.textContent).toBe("3");
    expect(container.querySelector('[data-stat="time"]')?.textContent).toBe("4 h 30 min");
    expect(container.querySelector('[data-stat="average"]')?.textContent).toBe("3.3 / 5");
    expect(screen.getByRole("heading", { name: "Films by decade of release" }).nextElementSibling?.textContent).toBe("1950s:\u00a01\u00a0· 2010s:\u00a02");
    expect(screen.getByRole("heading", { name: "Top directors" }).nextElementSibling?.textContent).toBe("Agnès Varda2 filmsOzu1 film");
    expect(screen.getByRole("heading", { name: "Top countries" }).nextElementSibling?.textContent).toBe("France3 films");
    expect(screen.getByText("Showing 1 of 3 films")).toBeTruthy();
  });

  it("shows no numbers without a statistics record (an older database), and an error with Retry when it cannot be read", () => {
    const retry = vi.fn();
    const { rerender } = render(view(paged([film()])));
    expect(screen.queryByRole("region", { name: "In numbers" })).toBeNull();
    expect(screen.getByText("Showing 1 film")).toBeTruthy();
    rerender(view(paged([film()]), null, "watched", vi.fn(), failed(null, retry)));
    fireEvent.click(within(screen.getByRole("region", { name: "In numbers" })).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("renders database text as text and drops unsafe poster URLs", () => {
    const evil = film({ title: '<img src=x onerror="alert(1)">', posterUrl: "javascript:alert(1)" });
    const { container } = render(view(paged([evil])));
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("heading", { name: /onerror/ })).toBeTruthy();
  });
});
