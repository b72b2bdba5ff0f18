import { describe, expect, it } from "vitest";
import { existingSpelling, sameLabel } from "./search";

describe("existingSpelling", () => {
  it("finds a label that differs only in case, spacing or accents", () => {
    expect(existingSpelling("languages", ["Tools", "Languages"])).toBe("Languages");
    expect(existingSpelling("  testing ", ["Testing"])).toBe("Testing");
    expect(existingSpelling("machine  learning", ["Machine learning"])).toBe("Machine learning");
    expect(existingSpelling("resume", ["Résumé"])).toBe("Résumé");
  });

  it("gives the exact spelling back when it exists, and undefined for a new label", () => {
    expect(existingSpelling("Languages", ["Languages"])).toBe("Languages");
    expect(existingSpelling("Frameworks", ["Languages", "Tools"])).toBeUndefined();
    expect(existingSpelling("", ["Languages"])).toBeUndefined();
    expect(existingSpelling("Java", ["JavaScript"])).toBeUndefined();
  });

  it("prefers the first match in the order given (the caller's most used spelling)", () => {
    expect(existingSpelling("TESTING", ["Testing", "testing"])).toBe("Testing");
  });

  it("sameLabel compares the same way", () => {
    expect(sameLabel(" TypeScript", "typescript ")).toBe(true);
    expect(sameLabel("TypeScript", "Type Script")).toBe(false);
  });
});
