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

export interface Ranked {
  name: string;
  count: number;
}

export interface FilmStats {
  count: number;
  totalMinutes: number;
  averageRating: number | null;
  topDirectors: Ranked[];
  topCountries: Ranked[];
}

function top(values: Iterable<string>, n: number): Ranked[] {
  const counts = new Map<string, number>();
  for (const v of values) {
    const key = v.trim();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, n);
}

export function filmStats(films: readonly Film[], topN = 5): FilmStats {
  const totalMinutes = films.reduce((s, f) => s + f.minutes, 0);
  const averageRating = films.length ? films.reduce((s, f) => s + f.rating, 0) / films.length : null;
  return {
    count: films.length,
    totalMinutes,
    averageRating,
    topDirectors: top(
      films.flatMap((f) => f.directors),
      topN,
    ),
    topCountries: top(
      films.flatMap((f) => f.countries),
      topN,
    ),
  };
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
