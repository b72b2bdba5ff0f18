import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import targaryen from "targaryen";
import { describe, expect, it } from "vitest";
import { indexPattern, rulesText } from "../src/rules/build-rules";
import { LIMITS } from "../src/limits";

const committed = readFileSync(fileURLToPath(new URL("../../database.rules.json", import.meta.url)), "utf8");

describe("database.rules.json", () => {
  it("is the file generated from LIMITS (run `npm run rules -w shared-content` after changing them)", () => {
    expect(committed).toBe(rulesText());
  });

  it("parses as a rule set", () => {
    expect(() => targaryen.ruleset(JSON.parse(committed))).not.toThrow();
  });

  it("accepts list indexes 0..max-1 only", () => {
    const pattern = new RegExp(indexPattern(LIMITS.listItems.max));
    const max = LIMITS.listItems.max;
    for (let i = 0; i < max; i += 1) expect(pattern.test(String(i)), String(i)).toBe(true);
    for (const bad of [String(max), "100", "-1", "01", "a", ""]) expect(pattern.test(bad), bad).toBe(false);
    expect(new RegExp(indexPattern(5)).test("4")).toBe(true);
    expect(new RegExp(indexPattern(5)).test("5")).toBe(false);
  });
});
