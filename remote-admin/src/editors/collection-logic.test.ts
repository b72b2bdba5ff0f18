import { describe, expect, it } from "vitest";
import { groupsOf, pluralise, replaceGroup } from "./collection-logic";

const skills = [
  { id: "a", category: "Languages" },
  { id: "b", category: "Tools" },
  { id: "c", category: "Languages" },
];

describe("the collection editor's helpers", () => {
  it("groups in order of each group's first item", () => {
    expect(groupsOf(skills, (s) => s.category).map((g) => [g.name, g.items.map((s) => s.id)])).toEqual([
      ["Languages", ["a", "c"]],
      ["Tools", ["b"]],
    ]);
  });
  it("replaces one group's order and keeps the rest", () => {
    expect(replaceGroup(skills, (s) => s.category, "Languages", [skills[2]!, skills[0]!]).map((s) => s.id)).toEqual(["c", "a", "b"]);
  });
  it("pluralises the nouns the editors use", () => {
    expect(["skill", "experience entry", "quote", "box", "day"].map(pluralise)).toEqual(["skills", "experience entries", "quotes", "boxes", "days"]);
  });
});
