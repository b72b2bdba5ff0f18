import { describe, expect, it } from "vitest";
import { skillDuplicates } from "./configure-skills";

const skill = (id: string, name: string, category: string) => ({ id, name, category, order: 0, rev: 1, updatedAt: 1 });
const others = [skill("a", "TypeScript", "Languages"), skill("b", "Docker", "Tools")];

describe("skills: no near-duplicates", () => {
  it("refuses a category that differs from an existing one only in case, naming the existing spelling", () => {
    expect(skillDuplicates({ name: "Go", category: "languages" }, others)).toEqual({
      category: "The category “Languages” already exists: use that spelling, so its skills stay on one card.",
    });
  });
  it("refuses a skill already in its category, whatever its case", () => {
    expect(skillDuplicates({ name: "typescript", category: "Languages" }, others)).toEqual({ name: "“TypeScript” is already a skill in Languages." });
  });
  it("accepts a new skill, and the same name in another category", () => {
    expect(skillDuplicates({ name: "Go", category: "Languages" }, others)).toEqual({});
    expect(skillDuplicates({ name: "TypeScript", category: "Tools" }, others)).toEqual({});
  });
});
