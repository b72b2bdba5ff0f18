// The orders of the films list, one definition for the live reads, the public list and the admin.
import type { Film } from "./schemas";

type FilmFields = Pick<Film, "title" | "watchedOn" | "rating" | "year">;

/** Newest watched first, then by title. */
export const byWatchedDesc = (a: FilmFields, b: FilmFields): number => b.watchedOn.localeCompare(a.watchedOn) || a.title.localeCompare(b.title);

export const FILM_ORDERS = {
  /** Date watched, newest first. */
  watchedOn: byWatchedDesc,
  /** Rating, highest first; ties newest watched first. */
  rating: (a: FilmFields, b: FilmFields): number => b.rating - a.rating || byWatchedDesc(a, b),
  /** Release year, newest first; ties by title. */
  year: (a: FilmFields, b: FilmFields): number => b.year - a.year || a.title.localeCompare(b.title),
} as const;
