import { describe, expect, it } from "vitest";
import { newestFirst, tagCounts, withTag } from "../blog/blog-list-logic";
import { summary } from "./fixtures";

describe("blog list logic", () => {
  const old = summary({ title: "Old", publishedAt: 1, tags: ["css", "react"] });
  const recent = summary({ title: "Recent", publishedAt: 3, tags: ["React"] });
  const middle = summary({ title: "Middle", publishedAt: 2, tags: ["testing", "react"] });

  it("orders newest first", () => {
    expect(newestFirst([old, recent, middle]).map((p) => p.title)).toEqual(["Recent", "Middle", "Old"]);
  });

  it("filters by tag case-insensitively", () => {
    expect(withTag([old, recent, middle], "react").map((p) => p.title)).toEqual(["Old", "Recent", "Middle"]);
    expect(withTag([old, recent, middle], "css").map((p) => p.title)).toEqual(["Old"]);
    expect(withTag([old, recent, middle], null)).toHaveLength(3);
  });

  it("counts tags, most used first", () => {
    expect(tagCounts([old, middle])).toEqual([
      { tag: "react", count: 2 },
      { tag: "css", count: 1 },
      { tag: "testing", count: 1 },
    ]);
  });
});
