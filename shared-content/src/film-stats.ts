// The films' statistics: the numbers the films page shows, kept by every film write in the same
// multi-path update as the film, so a visitor reads one small record instead of every film, at
// any size of the log. `filmStats` holds the figures (count, minutes, ratings, decades: bounded);
// `filmTallies` holds a count per director and per country (it grows with the names, so the page
// reads only its top entries, by an indexed query on `count`). Every figure is a whole-number
// sum (ratings are counted in half stars), so adding and removing films in any order gives exact
// results, and a write sends its change as server increments that never race with another write.
import { compareCodeUnits, compareNames } from "./text-order";
import * as v from "valibot";
import { LIMITS } from "./limits";
import { PATHS } from "./paths";
import type { Film } from "./schemas";

/** The fields of a film the statistics count. */
export type CountedFilm = Pick<Film, "year" | "minutes" | "rating" | "directors" | "countries">;
/** The lists a count per name is kept for. */
export type TallyKind = "directors" | "countries";
export const TALLY_KINDS: readonly TallyKind[] = ["directors", "countries"];
/** Films per name (untrimmed names count under their trimmed form). */
export type FilmTallies = Record<TallyKind, Record<string, number>>;

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

/** What one write does to the statistics: each figure's difference (decades and names: only those that change). */
export type FilmStatsChange = FilmStats & FilmTallies;

/** A tally as stored: keyed by `tallyKey(name)`, the name kept as written. */
export const FilmTallySchema = v.strictObject({ name: v.string(), count });
export type FilmTally = v.InferOutput<typeof FilmTallySchema>;

/** The longest tally key: the database takes keys of at most 768 bytes. */
export const TALLY_KEY_MAX = 700;

/**
 * A name as a database key: the characters a key cannot hold (. $ # [ ] / and control
 * characters) percent-encoded, as `encodeURIComponent` does, plus the dot. A name whose encoding
 * is too long (a long name in a non-Latin script) is cut and told apart by a hash of the whole.
 */
export function tallyKey(name: string): string {
  const key = encodeURIComponent(name.trim()).replaceAll(".", "%2E");
  if (key.length <= TALLY_KEY_MAX) return key;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return `${key.slice(0, TALLY_KEY_MAX - 9)}~${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

const EMPTY: FilmStats = { count: 0, minutes: 0, ratingHalves: 0, decades: {} };

/** The statistics of a whole set of films (a seed, an import, a repair). */
export function filmStatsOf(films: Iterable<CountedFilm>): FilmStats {
  let stats = EMPTY;
  for (const film of films) stats = applyFilmStatsChange(stats, filmStatsChange(null, film));
  return stats;
}

/** The names a film counts under in each tally (trimmed, each once). */
const namesOf = (film: CountedFilm, kind: TallyKind): string[] => [...new Set(Object.values(film[kind] ?? []).map((name) => name.trim()))].filter(Boolean);

const dropZeros = (counts: Record<string, number>) => {
  for (const [key, n] of Object.entries(counts)) if (n === 0) delete counts[key];
};

/** The change a write makes: `before` the stored film (null: a new one), `after` the written one (null: deleted). */
export function filmStatsChange(before: CountedFilm | null, after: CountedFilm | null): FilmStatsChange {
  const change: FilmStatsChange = { count: 0, minutes: 0, ratingHalves: 0, decades: {}, directors: {}, countries: {} };
  const bump = (counts: Record<string, number>, key: string, sign: number) => {
    counts[key] = (counts[key] ?? 0) + sign;
  };
  const add = (film: CountedFilm, sign: 1 | -1) => {
    change.count += sign;
    change.minutes += sign * film.minutes;
    change.ratingHalves += sign * Math.round(film.rating * 2);
    bump(change.decades, decadeOf(film.year), sign);
    for (const kind of TALLY_KINDS) for (const name of namesOf(film, kind)) bump(change[kind], name, sign);
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  dropZeros(change.decades);
  for (const kind of TALLY_KINDS) dropZeros(change[kind]);
  return change;
}

/** The tallies of a whole set of films. */
export function filmTalliesOf(films: Iterable<CountedFilm>): FilmTallies {
  let tallies: FilmTallies = { directors: {}, countries: {} };
  for (const film of films) tallies = applyFilmTalliesChange(tallies, filmStatsChange(null, film));
  return tallies;
}

/** The tallies after a change (what the server's increments compute). */
export function applyFilmTalliesChange(tallies: FilmTallies, change: FilmStatsChange): FilmTallies {
  const next: FilmTallies = { directors: { ...tallies.directors }, countries: { ...tallies.countries } };
  for (const kind of TALLY_KINDS) for (const [name, n] of Object.entries(change[kind])) next[kind][name] = (next[kind][name] ?? 0) + n;
  return next;
}

/** The tallies as stored under `filmTallies` (names with no films left out). */
export function filmTalliesRecord(tallies: FilmTallies): Record<TallyKind, Record<string, FilmTally>> {
  const stored = { directors: {}, countries: {} } as Record<TallyKind, Record<string, FilmTally>>;
  for (const kind of TALLY_KINDS) for (const [name, n] of Object.entries(tallies[kind])) if (n > 0) stored[kind][tallyKey(name)] = { name, count: n };
  return stored;
}

/** Both records of a whole set of films, as the entries of a multi-path update (an import, a repair). */
export function filmStatsRecords(films: readonly CountedFilm[]): Record<string, unknown> {
  return { [PATHS.filmStats]: filmStatsOf(films), [PATHS.filmTallies]: filmTalliesRecord(filmTalliesOf(films)) };
}

/** The statistics after a change (what the server's increments compute). */
export function applyFilmStatsChange(stats: FilmStats, change: FilmStatsChange): FilmStats {
  const decades = { ...stats.decades };
  for (const [decade, n] of Object.entries(change.decades)) decades[decade] = (decades[decade] ?? 0) + n;
  return { count: stats.count + change.count, minutes: stats.minutes + change.minutes, ratingHalves: stats.ratingHalves + change.ratingHalves, decades };
}

/**
 * A change as the entries of a multi-path update: server increments, which the database applies
 * to the stored figures and tallies, so two writes in flight never overwrite each other. A
 * tally's name is written with its count (the same name each time).
 */
export function filmStatsIncrements(change: FilmStatsChange): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  const increment = (at: string, n: number) => {
    if (n !== 0) updates[at] = { ".sv": { increment: n } };
  };
  increment(`${PATHS.filmStats}/count`, change.count);
  increment(`${PATHS.filmStats}/minutes`, change.minutes);
  increment(`${PATHS.filmStats}/ratingHalves`, change.ratingHalves);
  for (const [decade, n] of Object.entries(change.decades)) increment(`${PATHS.filmStats}/decades/${decade}`, n);
  for (const kind of TALLY_KINDS) {
    for (const [name, n] of Object.entries(change[kind])) {
      const at = `${PATHS.filmTallies}/${kind}/${tallyKey(name)}`;
      updates[`${at}/name`] = name;
      increment(`${at}/count`, n);
    }
  }
  return updates;
}

/** The average rating (0..5), or null without films. */
export const averageRating = (stats: FilmStats): number | null => (stats.count > 0 ? stats.ratingHalves / 2 / stats.count : null);

/** Decades with films, oldest first. */
export const filmsByDecade = (stats: FilmStats): { decade: string; count: number }[] =>
  Object.entries(stats.decades)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([decade, n]) => ({ decade, count: n }));

/** How many names each top list of the films page shows (a query of that many tallies). */
export const FILM_TOP_SIZE = 5;

/** Top entries, most films first (ties by name, as the page lists them). */
export const byTallyDesc = (a: FilmTally, b: FilmTally): number => b.count - a.count || compareNames(a.name, b.name);

/** The largest figure the rules accept (a bound, far above any real log: a thousand-minute film a day for a century). */
export const FILM_STATS_MAX = 100 * 366 * LIMITS.film.minutes.max;
