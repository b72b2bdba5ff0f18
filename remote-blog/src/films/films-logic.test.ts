import { describe, expect, it } from "vitest";
import { filterFilms, formatWatchTime, showingLabel, sortFilms } from "./films-logic";
import { film } from "../test-fixtures";

describe("films logic", () => {
  const a = film({
    title: "Cléo from 5 to 7",
    directors: ["Agnès Varda"],
    year: 1962,
    rating: 4.5,
    watchedOn: "2023-05-01",
    minutes: 90,
    countries: ["France"],
  });
  const b = film({ title: "Ran", directors: ["Akira Kurosawa"], year: 1985, rating: 5, watchedOn: "2024-02-10", minutes: 162, countries: ["Japan", "France"] });
  const c = film({ title: "Ikiru", directors: ["Akira Kurosawa"], year: 1952, rating: 4, watchedOn: "2024-03-01", minutes: 143, countries: ["Japan"] });

  it("searches title and director, ignoring case and accents", () => {
    expect(filterFilms([a, b, c], "kurosawa").map((f) => f.title)).toEqual(["Ran", "Ikiru"]);
    expect(filterFilms([a, b, c], "cleo").map((f) => f.title)).toEqual(["Cléo from 5 to 7"]);
    expect(filterFilms([a, b, c], "agnes varda")).toHaveLength(1);
    expect(filterFilms([a, b, c], "japan")).toHaveLength(0);
    expect(filterFilms([a, b, c], "  ")).toHaveLength(3);
  });

  it("sorts by date watched, rating and year, newest or highest first", () => {
    expect(sortFilms([a, b, c], "watched").map((f) => f.title)).toEqual(["Ikiru", "Ran", "Cléo from 5 to 7"]);
    expect(sortFilms([a, b, c], "rating").map((f) => f.title)).toEqual(["Ran", "Cléo from 5 to 7", "Ikiru"]);
    expect(sortFilms([a, b, c], "year").map((f) => f.title)).toEqual(["Ran", "Cléo from 5 to 7", "Ikiru"]);
  });

  it("says how many films the window shows, of how many when the statistics are known", () => {
    expect(showingLabel(50, 300)).toBe("Showing 50 of 300 films");
    expect(showingLabel(1, 1)).toBe("Showing 1 of 1 film");
    expect(showingLabel(1, null)).toBe("Showing 1 film");
    // Statistics behind the list for a moment (a film just added): the window alone, never "51 of 50".
    expect(showingLabel(51, 50)).toBe("Showing 51 films");
  });

  it("formats watch time", () => {
    expect(formatWatchTime(0)).toBe("0 min");
    expect(formatWatchTime(95)).toBe("1 h 35 min");
    expect(formatWatchTime(1440 * 2 + 60 + 5)).toBe("2 d 1 h");
    expect(formatWatchTime(1440)).toBe("1 d");
    expect(formatWatchTime(120)).toBe("2 h");
  });
});
