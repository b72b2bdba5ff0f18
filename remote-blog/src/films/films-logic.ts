import { FILM_ORDERS, matchesSearch } from "shared-content";
import type { Film } from "../ui/types";

export type FilmSort = "watched" | "rating" | "year";

export const SORT_LABELS: Record<FilmSort, string> = {
  watched: "Date watched (newest first)",
  rating: "Rating (highest first)",
  year: "Release year (newest first)",
};

export function filterFilms(films: readonly Film[], query: string): Film[] {
  return films.filter((f) => matchesSearch(query, [f.title, ...f.directors]));
}

/** The orders of shared-content's useFilms, so a re-sort of loaded windows never reshuffles. */
export function sortFilms(films: readonly Film[], by: FilmSort): Film[] {
  return [...films].sort(FILM_ORDERS[by === "watched" ? "watchedOn" : by]);
}

/** "Showing 50 of 300 films" (the total from the statistics record); without it, the window alone. */
export function showingLabel(shown: number, total: number | null): string {
  if (total === null || total < shown) return `Showing ${shown} film${shown === 1 ? "" : "s"}`;
  return `Showing ${shown} of ${total} film${total === 1 ? "" : "s"}`;
}

/** Short enough for a stats tile on a phone: 95 -> "1 h 35 min"; 38_165 -> "26 d 12 h". */
export function formatWatchTime(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}
