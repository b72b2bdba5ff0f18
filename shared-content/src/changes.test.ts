import { describe, expect, it } from "vitest";
import { changeCount, changeSectionsOf, withChangeMarks } from "./changes";

describe("the change marker", () => {
  it("maps every public path to its section, and nothing else to any", () => {
    expect(changeSectionsOf("site/about")).toEqual(["about"]);
    expect(changeSectionsOf("site")).toEqual(["about", "contact"]);
    expect(changeSectionsOf("filmTallies/directors/x/count")).toEqual(["films"]);
    expect(changeSectionsOf("blog/index/a")).toEqual(["blog"]);
    expect(changeSectionsOf("blog/series/s/a")).toEqual(["blog"]);
    for (const hidden of [
      "blog/drafts/a",
      "blog/revisions/a/v1",
      "blog/schedule/a",
      "blog/scheduler",
      "recommendationSubmissions/u",
      "media/m",
      "changes/blog",
    ]) {
      expect(changeSectionsOf(hidden), hidden).toEqual([]);
    }
    expect(changeSectionsOf("")).toHaveLength(9);
  });

  it("bumps each section an update touches once, as a server increment in the same update", () => {
    const updates = { "blog/posts/a": { title: "A" }, "blog/index/a": { title: "A" }, "blog/revisions/a/v1": {}, "films/f": null, "filmStats/count": 1 };
    expect(withChangeMarks(updates)).toEqual({
      ...updates,
      "changes/blog": { ".sv": { increment: 1 } },
      "changes/films": { ".sv": { increment: 1 } },
    });
    expect(withChangeMarks({ "blog/drafts/a": {} })).toEqual({ "blog/drafts/a": {} });
  });

  it("reads a section's counter from a streamed marker, null when it has none", () => {
    expect(changeCount({ blog: 3 }, "blog")).toBe(3);
    expect(changeCount({ blog: 3 }, "films")).toBeNull();
    expect(changeCount(null, "blog")).toBeNull();
  });
});
