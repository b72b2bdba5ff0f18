// The orders of the films list, one definition for the live reads, the public list and the admin.
// Each is the database's order for its child, highest first: ties go by key, highest first,
// as `limitToLast` picks them, so a grown window only adds films below the ones shown.
import { byKey } from "./decode";
import type { Film } from "./schemas";

type FilmFields = Pick<Film, "watchedOn" | "rating" | "year"> & { id: string };

const byKeyDesc = (a: FilmFields, b: FilmFields): number => byKey(b.id, a.id);

/** Newest watched first, then the most recently added. */
export const byWatchedDesc = (a: FilmFields, b: FilmFields): number => (a.watchedOn < b.watchedOn ? 1 : a.watchedOn > b.watchedOn ? -1 : 0) || byKeyDesc(a, b);

export const FILM_ORDERS = {
  /** Date watched, newest first. */
  watchedOn: byWatchedDesc,
  /** Rating, highest first. */
  rating: (a: FilmFields, b: FilmFields): number => b.rating - a.rating || byKeyDesc(a, b),
  /** Release year, newest first. */
  year: (a: FilmFields, b: FilmFields): number => b.year - a.year || byKeyDesc(a, b),
} as const;
