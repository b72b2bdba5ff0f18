import { describe, expect, it } from "vitest";
import { compareCodeUnits, compareNames } from "./text-order";

describe("text order without the Intl collator", () => {
  it("orders ids and ISO dates by code unit", () => {
    expect(["b", "a-2", "a-10", "2024-03", "2023-12"].sort(compareCodeUnits)).toEqual(["2023-12", "2024-03", "a-10", "a-2", "b"]);
    expect(compareCodeUnits("x", "x")).toBe(0);
  });

  it("orders names ignoring case, and is total", () => {
    expect(["banana", "Apple", "apple", "Cherry"].sort(compareNames)).toEqual(["Apple", "apple", "banana", "Cherry"]);
    expect(compareNames("Apple", "apple")).toBeLessThan(0);
    expect(compareNames("apple", "Apple")).toBeGreaterThan(0);
  });
});
