// The films' statistics record (`filmStats`): the numbers the films page shows, kept by every
// film write in the same multi-path update as the film, so a visitor reads one small record
// instead of every film, at any size of the log. Every figure is a whole-number sum (ratings are
// counted in half stars), so adding and removing films in any order gives exact results, and a
// write can send its change as server increments that never race with another write.
import * as v from "valibot";
import { LIMITS } from "./limits";
import type { Film } from "./schemas";

/** The fields of a film the statistics count. */
export type CountedFilm = Pick<Film, "year" | "minutes" | "rating">;

/** A decade's key: its first year and "s" ("1990s"), never a number (the database would make a list of numbers). */
export const decadeOf = (year: number): string => `${Math.floor(year / 10) * 10}s`;
export const DECADE_PATTERN = /^[0-9]{4}s$/;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const FilmStatsSchema = v.strictObject({
  /** How many films. */
  count,
  /** Their running time, summed. */
  minutes: count,
  /** Their ratings summed in half stars (a rating of 3.5 counts 7): whole numbers add exactly. */
  ratingHalves: count,
  /** Films per decade of release; a decade left with none may stay at 0. */
  decades: v.optional(v.record(v.pipe(v.string(), v.regex(DECADE_PATTERN)), count), {}),
});
export type FilmStats = v.InferOutput<typeof FilmStatsSchema>;

/** What one write does to the statistics: each figure's difference (decades: only those that change). */
export type FilmStatsChange = FilmStats;

const EMPTY: FilmStats = { count: 0, minutes: 0, ratingHalves: 0, decades: {} };

/** The statistics of a whole set of films (a seed, an import, a repair). */
export function filmStatsOf(films: Iterable<CountedFilm>): FilmStats {
  let stats = EMPTY;
  for (const film of films) stats = applyFilmStatsChange(stats, filmStatsChange(null, film));
  return stats;
}

/** The change a write makes: `before` the stored film (null: a new one), `after` the written one (null: deleted). */
export function filmStatsChange(before: CountedFilm | null, after: CountedFilm | null): FilmStatsChange {
  const change: FilmStatsChange = { count: 0, minutes: 0, ratingHalves: 0, decades: {} };
  const add = (film: CountedFilm, sign: 1 | -1) => {
    change.count += sign;
    change.minutes += sign * film.minutes;
    change.ratingHalves += sign * Math.round(film.rating * 2);
    const decade = decadeOf(film.year);
    change.decades[decade] = (change.decades[decade] ?? 0) + sign;
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  for (const [decade, n] of Object.entries(change.decades)) if (n === 0) delete change.decades[decade];
  return change;
}

/** The statistics after a change (what the server's increments compute). */
export function applyFilmStatsChange(stats: FilmStats, change: FilmStatsChange): FilmStats {
  const decades = { ...stats.decades };
  for (const [decade, n] of Object.entries(change.decades)) decades[decade] = (decades[decade] ?? 0) + n;
  return { count: stats.count + change.count, minutes: stats.minutes + change.minutes, ratingHalves: stats.ratingHalves + change.ratingHalves, decades };
}

/**
 * A change as the entries of a multi-path update under `path`: server increments, which the
 * database applies to the stored figures, so two writes in flight never overwrite each other.
 */
export function filmStatsIncrements(path: string, change: FilmStatsChange): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  const increment = (at: string, n: number) => {
    if (n !== 0) updates[`${path}/${at}`] = { ".sv": { increment: n } };
  };
  increment("count", change.count);
  increment("minutes", change.minutes);
  increment("ratingHalves", change.ratingHalves);
  for (const [decade, n] of Object.entries(change.decades)) increment(`decades/${decade}`, n);
  return updates;
}

/** The average rating (0..5), or null without films. */
export const averageRating = (stats: FilmStats): number | null => (stats.count > 0 ? stats.ratingHalves / 2 / stats.count : null);

/** Decades with films, oldest first. */
export const filmsByDecade = (stats: FilmStats): { decade: string; count: number }[] =>
  Object.entries(stats.decades)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([decade, n]) => ({ decade, count: n }));

/** The largest figure the rules accept (a bound, far above any real log: a thousand-minute film a day for a century). */
export const FILM_STATS_MAX = 100 * 366 * LIMITS.film.minutes.max;
