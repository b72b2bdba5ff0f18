import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  FilmStatsSchema,
  applyFilmStatsChange,
  applyFilmTalliesChange,
  averageRating,
  decadeOf,
  filmStatsChange,
  filmStatsIncrements,
  filmStatsOf,
  filmStatsRecords,
  filmTalliesOf,
  filmsByDecade,
  tallyKey,
  TALLY_KEY_MAX,
  type CountedFilm,
} from "./film-stats";

const rashomon: CountedFilm = { year: 1950, minutes: 88, rating: 4.5, directors: ["Akira Kurosawa"], countries: ["Japan"] };
const alien: CountedFilm = { year: 1979, minutes: 117, rating: 4, directors: ["Ridley Scott"], countries: ["UK", "USA"] };
const arrival: CountedFilm = { year: 2016, minutes: 116, rating: 3.5, directors: ["Denis Villeneuve"], countries: ["USA"] };

describe("filmStatsOf", () => {
  it("counts the films, their minutes, their ratings in half stars and their decades", () => {
    expect(filmStatsOf([rashomon, alien, arrival])).toEqual({ count: 3, minutes: 321, ratingHalves: 24, decades: { "1950s": 1, "1970s": 1, "2010s": 1 } });
    expect(filmStatsOf([])).toEqual({ count: 0, minutes: 0, ratingHalves: 0, decades: {} });
  });

  it("gives a record the schema accepts", () => {
    expect(v.is(FilmStatsSchema, filmStatsOf([rashomon, alien]))).toBe(true);
  });
});

describe("a write's change, applied to the statistics", () => {
  const before = filmStatsOf([rashomon, alien]);

  it("adding a film counts it", () => {
    expect(applyFilmStatsChange(before, filmStatsChange(null, arrival))).toEqual(filmStatsOf([rashomon, alien, arrival]));
  });

  it("editing a film takes its old figures out and puts the new ones in", () => {
    const remastered = { ...alien, year: 2003, minutes: 116, rating: 5 };
    expect(filmStatsChange(alien, remastered)).toEqual({
      count: 0,
      minutes: -1,
      ratingHalves: 2,
      decades: { "1970s": -1, "2000s": 1 },
      directors: {},
      countries: {},
    });
    expect(applyFilmStatsChange(before, filmStatsChange(alien, remastered))).toEqual({
      ...filmStatsOf([rashomon, remastered]),
      decades: { "1950s": 1, "1970s": 0, "2000s": 1 },
    });
  });

  it("an edit that changes nothing counted changes nothing", () => {
    expect(filmStatsChange(alien, { ...alien })).toEqual({ count: 0, minutes: 0, ratingHalves: 0, decades: {}, directors: {}, countries: {} });
  });

  it("deleting a film takes it out", () => {
    const after = applyFilmStatsChange(before, filmStatsChange(alien, null));
    expect(after).toEqual({ ...filmStatsOf([rashomon]), decades: { "1950s": 1, "1970s": 0 } });
    expect(filmsByDecade(after)).toEqual([{ decade: "1950s", count: 1 }]);
  });

  it("any order of adds and deletes ends where a recount of the remaining films does (whole numbers, no drift)", () => {
    const films = Array.from(
      { length: 200 },
      (_, i): CountedFilm => ({
        year: 1900 + ((i * 37) % 126),
        minutes: 60 + ((i * 13) % 150),
        rating: (i % 11) / 2,
        directors: [`D${i % 17}`, ...(i % 5 === 0 ? [`D${(i + 3) % 17}`] : [])],
        countries: [`C${i % 7}`],
      }),
    );
    let stats = filmStatsOf([]);
    let tallies = filmTalliesOf([]);
    const apply = (before: CountedFilm | null, after: CountedFilm | null) => {
      stats = applyFilmStatsChange(stats, filmStatsChange(before, after));
      tallies = applyFilmTalliesChange(tallies, filmStatsChange(before, after));
    };
    for (const f of films) apply(null, f);
    for (const f of films.filter((_, i) => i % 3 === 0)) apply(f, null);
    for (const f of films.filter((_, i) => i % 3 === 1)) apply(f, { ...f, directors: ["D1"] });
    const kept = films.filter((_, i) => i % 3 !== 0).map((f, i) => (i % 2 === 0 ? { ...f, directors: ["D1"] } : f));
    const positive = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    expect({ ...stats, decades: positive(stats.decades) }).toEqual(filmStatsOf(kept));
    expect({ directors: positive(tallies.directors), countries: positive(tallies.countries) }).toEqual(filmTalliesOf(kept));
    expect(averageRating(stats)).toBeCloseTo(kept.reduce((s, f) => s + f.rating, 0) / kept.length, 10);
  });
});

describe("the tallies per director and country", () => {
  it("count each film once under each of its names (trimmed), and follow an edit of the names", () => {
    const twice = { ...arrival, directors: ["Denis Villeneuve", " Denis Villeneuve "], countries: ["USA", "Canada"] };
    expect(filmTalliesOf([rashomon, alien, twice])).toEqual({
      directors: { "Akira Kurosawa": 1, "Ridley Scott": 1, "Denis Villeneuve": 1 },
      countries: { Japan: 1, UK: 1, USA: 2, Canada: 1 },
    });
    expect(filmStatsChange(alien, { ...alien, directors: ["Ridley Scott", "James Cameron"], countries: ["USA"] })).toMatchObject({
      directors: { "James Cameron": 1 },
      countries: { UK: -1 },
    });
  });

  it("key each name so the database can hold it, and keep the name as written", () => {
    expect(tallyKey("Dr. Who / #1 [x] $")).toBe("Dr%2E%20Who%20%2F%20%231%20%5Bx%5D%20%24");
    expect(tallyKey(" Agnès Varda ")).toBe("Agn%C3%A8s%20Varda");
    // A long name in a non-Latin script: cut to fit a key, and still one key per name.
    const long = "黒".repeat(120);
    expect(tallyKey(long)).toHaveLength(TALLY_KEY_MAX);
    expect(tallyKey(long)).not.toBe(tallyKey(`${"黒".repeat(119)}澤`));
    expect(filmStatsRecords([rashomon]).filmTallies).toEqual({
      directors: { "Akira%20Kurosawa": { name: "Akira Kurosawa", count: 1 } },
      countries: { Japan: { name: "Japan", count: 1 } },
    });
  });
});

describe("filmStatsIncrements", () => {
  it("sends each non-zero difference as a server increment, a tally with its name", () => {
    expect(filmStatsIncrements(filmStatsChange(alien, { ...alien, year: 2003 }))).toEqual({
      "filmStats/decades/1970s": { ".sv": { increment: -1 } },
      "filmStats/decades/2000s": { ".sv": { increment: 1 } },
    });
    expect(filmStatsIncrements(filmStatsChange(null, rashomon))).toEqual({
      "filmStats/count": { ".sv": { increment: 1 } },
      "filmStats/minutes": { ".sv": { increment: 88 } },
      "filmStats/ratingHalves": { ".sv": { increment: 9 } },
      "filmStats/decades/1950s": { ".sv": { increment: 1 } },
      "filmTallies/directors/Akira%20Kurosawa/name": "Akira Kurosawa",
      "filmTallies/directors/Akira%20Kurosawa/count": { ".sv": { increment: 1 } },
      "filmTallies/countries/Japan/name": "Japan",
      "filmTallies/countries/Japan/count": { ".sv": { increment: 1 } },
    });
  });
});

describe("figures for the page", () => {
  it("averages the ratings, null without films", () => {
    expect(averageRating(filmStatsOf([rashomon, alien]))).toBe(4.25);
    expect(averageRating(filmStatsOf([]))).toBeNull();
  });

  it("names decades by their first year, and lists those with films oldest first", () => {
    expect([1870, 1899, 1900, 2009, 2100].map(decadeOf)).toEqual(["1870s", "1890s", "1900s", "2000s", "2100s"]);
    expect(filmsByDecade({ count: 3, minutes: 1, ratingHalves: 1, decades: { "2010s": 2, "1950s": 1, "1970s": 0 } })).toEqual([
      { decade: "1950s", count: 1 },
      { decade: "2010s", count: 2 },
    ]);
  });
});
