import { describe, expect, it } from "vitest";
import { groupSkills } from "../sections/skills-section";
import { sortExperience } from "../sections/experience-section";
import { formatDuration, formatMonth, monthSpan } from "../ui/format";
import { experience, skills } from "./fixtures";

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

  it("formats months and durations", () => {
    expect(formatMonth("2021-03")).toBe("Mar 2021");
    expect(monthSpan("2018-01", "2021-02")).toBe(38);
    expect(monthSpan("2024-01", undefined, new Date(Date.UTC(2024, 5, 15)))).toBe(6);
    expect(formatDuration(38)).toBe("3 yrs 2 mos");
    expect(formatDuration(1)).toBe("1 mo");
  });
});
