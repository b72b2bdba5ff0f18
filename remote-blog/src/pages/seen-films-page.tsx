import { useEffect, useState } from "react";
import { useFilms, usePageMeta, type FilmOrder } from "shared-content";
import type { LoadState } from "shared-ui";
import type { Film } from "../ui/types";
import type { FilmSort } from "../films/films-logic";
import { FilmsView } from "../films/films-view";

const ORDER: Record<FilmSort, FilmOrder> = { watched: "watchedOn", rating: "rating", year: "year" };
const NOT_YET: LoadState<Film[]> = { status: "loading", data: [], error: null, retry: () => {} };

/**
 * `/list-of-seen-films`: the list arrives in windows of FILMS_PAGE_SIZE in the chosen order;
 * every film (for the stats and the search) is fetched only after the first window shows.
 */
export default function SeenFilmsPage() {
  const [sort, setSort] = useState<FilmSort>("watched");
  const list = useFilms({ orderBy: ORDER[sort] });
  usePageMeta({ title: "Seen films", description: "Every film I have seen, with my rating, newest first." });
  const [wantAll, setWantAll] = useState(false);
  const [all, setAll] = useState<LoadState<Film[]>>(NOT_YET);
  // After the first window shows, in the browser only: a server-rendered page carries one window.
  const firstShown = list.status !== "loading";
  useEffect(() => {
    if (firstShown) setWantAll(true);
  }, [firstShown]);
  return (
    <>
      {wantAll ? <AllFilms onChange={setAll} /> : null}
      <FilmsView list={list} all={all} sort={sort} onSortChange={setSort} />
    </>
  );
}

/** Holds the every-film listener; renders nothing. */
function AllFilms({ onChange }: { onChange: (state: LoadState<Film[]>) => void }) {
  const all = useFilms({ orderBy: "watchedOn", all: true });
  const { status, data, error, retry } = all;
  useEffect(() => onChange({ status, data, error, retry }), [onChange, status, data, error, retry]);
  return null;
}
