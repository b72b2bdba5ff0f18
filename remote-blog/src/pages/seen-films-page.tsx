import { useCallback, useEffect, useMemo, useState } from "react";
import { useFilmStats, useFilmTop, useFilms, usePageMeta, type FilmOrder } from "shared-content";
import { SORT_LABELS, type FilmSort } from "../films/films-logic";
import { FilmsView } from "../films/films-view";
import { useSearchParam } from "../ui/use-search-param";

const ORDER: Record<FilmSort, FilmOrder> = { watched: "watchedOn", rating: "rating", year: "year" };
const isSort = (value: string | null): value is FilmSort => value !== null && value in SORT_LABELS;

/**
 * The films page (`SITE_PATHS.films`, with `?sort=&q=`): the list arrives in windows of FILMS_PAGE_SIZE in the chosen
 * order (a database query per order), and the numbers of the whole log from its statistics record
 * and the top entries of its tallies per director and country (small reads, rendered on the
 * server, live). Every film is downloaded only for a search, in
 * the browser: a visit costs what it shows.
 */
export default function SeenFilmsPage() {
  const { params, setParam } = useSearchParam();
  const sortParam = params.get("sort");
  const sort: FilmSort = isSort(sortParam) ? sortParam : "watched";
  const query = params.get("q") ?? "";
  const list = useFilms({ orderBy: ORDER[sort] });
  const stats = useFilmStats();
  const directors = useFilmTop("directors");
  const countries = useFilmTop("countries");
  const tops = useMemo(() => ({ directors, countries }), [directors, countries]);
  usePageMeta({ title: "Seen films", description: "Every film I have seen, with my rating, newest first." });
  const onSortChange = useCallback((next: FilmSort) => setParam("sort", next === "watched" ? null : next), [setParam]);
  const onQueryChange = useCallback((next: string) => setParam("q", next || null), [setParam]);

  // Only in the browser (after hydration): the server's HTML carries one window, never every film.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const wantAll = hydrated && query.trim() !== "";
  const all = useFilms({ orderBy: "watchedOn", all: true, enabled: wantAll });
  return (
    <FilmsView
      list={list}
      all={wantAll ? all : null}
      stats={stats}
      tops={tops}
      sort={sort}
      onSortChange={onSortChange}
      query={query}
      onQueryChange={onQueryChange}
    />
  );
}
