import { describe, expect, it } from "vitest";
import { matchesSearch, otherSpellingOf, sameLabel } from "./search";

describe("labels a reader takes for the same one", () => {
  it("sameLabel ignores case, accents and surrounding spaces, nothing else", () => {
    expect(sameLabel("Languages", " languages ")).toBe(true);
    expect(sameLabel("Café", "cafe")).toBe(true);
    expect(sameLabel("Testing", "Tests")).toBe(false);
    expect(sameLabel("type script", "typescript")).toBe(false);
  });

  it("otherSpellingOf offers the existing spelling of a near-duplicate, and nothing for an exact or new label", () => {
    expect(otherSpellingOf("languages", ["Tools", "Languages"])).toBe("Languages");
    expect(otherSpellingOf(" TESTING ", ["testing"])).toBe("testing");
    expect(otherSpellingOf("Languages", ["languages", "Languages"])).toBeUndefined(); // spelled exactly like one
    expect(otherSpellingOf("Cloud", ["Languages"])).toBeUndefined();
  });

  it("search still matches across case and accents", () => {
    expect(matchesSearch("camus", ["Albert Camús"])).toBe(true);
  });
});
