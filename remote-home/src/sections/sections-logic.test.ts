import { describe, expect, it } from "vitest";
import { groupSkills } from "./skills-section";
import { sortExperience } from "./experience-section";
import { experience, skills } from "../test-fixtures";

describe("home section helpers", () => {
  it("groups skills by category in order of first appearance", () => {
    expect(groupSkills(skills).map((g) => [g.category, g.skills.map((s) => s.name)])).toEqual([
      ["Languages", ["TypeScript", "Go"]],
      ["Frameworks", ["React"]],
    ]);
  });

  it("sorts experience by order", () => {
    expect(sortExperience([...experience].reverse()).map((e) => e.id)).toEqual(["e1", "e2"]);
  });
});
