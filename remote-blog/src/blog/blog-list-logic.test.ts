import { describe, expect, it } from "vitest";
import { matchingQuery, neighbours, newestFirst, tagCounts, withTag } from "./blog-list-logic";
import { summary } from "../test-fixtures";

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

  it("searches titles, summaries and tags, every word, ignoring case and accents", () => {
    const a = summary({ title: "Sanitising Markdown", summary: "DOMPurify in practice", tags: ["security"] });
    const b = summary({ title: "Dark mode", summary: "Colour tokens", tags: ["css", "Thème"] });
    expect(matchingQuery([a, b], "markdown").map((p) => p.title)).toEqual(["Sanitising Markdown"]);
    expect(matchingQuery([a, b], "purify SECURITY").map((p) => p.title)).toEqual(["Sanitising Markdown"]);
    expect(matchingQuery([a, b], "theme").map((p) => p.title)).toEqual(["Dark mode"]);
    expect(matchingQuery([a, b], "markdown css")).toEqual([]);
    expect(matchingQuery([a, b], "  ")).toHaveLength(2);
  });

  it("finds the newer and older posts and the related ones by shared tags", () => {
    const p1 = summary({ id: "p1", publishedAt: 1, tags: ["react", "css"] });
    const p2 = summary({ id: "p2", publishedAt: 2, tags: ["go"] });
    const p3 = summary({ id: "p3", publishedAt: 3, tags: ["React", "css", "testing"] });
    const p4 = summary({ id: "p4", publishedAt: 4, tags: ["css"] });
    const around = neighbours([p4, p1, p3, p2], "p3");
    expect(around.newer?.id).toBe("p4");
    expect(around.older?.id).toBe("p2");
    expect(around.related.map((p) => p.id)).toEqual(["p1", "p4"]);
    expect(neighbours([p1, p2], "p1")).toMatchObject({ newer: { id: "p2" }, older: null });
    expect(neighbours([p1], "missing")).toEqual({ newer: null, older: null, related: [] });
  });
});
