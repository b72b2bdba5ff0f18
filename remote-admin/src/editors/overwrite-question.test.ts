import { describe, expect, it } from "vitest";
import { differences, differingExcerpts } from "./overwrite-question";

describe("what Keep mine replaces", () => {
  it("names each field that differs, with its label, and ignores list rows' React keys", () => {
    const theirs = { title: "Theirs", body: "same", projects: [{ key: "p1", name: "A" }] };
    const mine = { title: "Mine", body: "same", projects: [{ key: "p9", name: "A" }] };
    expect(differences(theirs, mine, { title: "Title" })).toEqual([{ label: "Title", theirs: "Theirs", mine: "Mine" }]);
    expect(differences(theirs, { ...mine, projects: [] })[1]).toMatchObject({ label: "Projects", mine: "[]" });
  });

  it("shows the two texts around where they first differ", () => {
    const start = "x".repeat(100);
    const [t, m] = differingExcerpts(`${start} their ending`, `${start} my ending, longer`);
    expect(t).toBe(`…${"x".repeat(19)} their ending`);
    expect(m).toBe(`…${"x".repeat(19)} my ending, longer`);
  });
});
