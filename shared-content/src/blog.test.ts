import { describe, expect, it } from "vitest";
import { groupSkillsByCategory, indexEntryOf, readingMinutes, slugify, tagsOf } from "./blog";
import type { BlogPost } from "./schemas";

const post: BlogPost = {
  title: "T",
  summary: "S",
  body: "words",
  tags: ["a"],
  status: "published",
  readingMinutes: 2,
  createdAt: 1,
  publishedAt: 5,
  rev: 3,
  updatedAt: 9,
};

describe("blog helpers", () => {
  it("count reading time at 200 words a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(200))).toBe(1);
    expect(readingMinutes("word ".repeat(201))).toBe(2);
    expect(readingMinutes(`${"word ".repeat(150)}\n![alt text here](https://x.y/a.png) [link text](https://x.y)`)).toBe(1);
  });

  it("make slugs from titles", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  Ärlig   café -- 2025 ")).toBe("arlig-cafe-2025");
    expect(slugify("x".repeat(100))).toHaveLength(80);
  });

  it("derive a list-index entry only for published posts", () => {
    expect(indexEntryOf(post)).toEqual({ title: "T", summary: "S", tags: ["a"], readingMinutes: 2, publishedAt: 5 });
    expect(indexEntryOf({ ...post, coverUrl: "https://x.y/c.png" })?.coverUrl).toBe("https://x.y/c.png");
    const coverImage = { id: "0123456789abcdef-1600x900", alt: "A lighthouse", focus: { x: 10, y: 90 } };
    expect(indexEntryOf({ ...post, coverImage })?.coverImage).toEqual(coverImage);
    expect(indexEntryOf({ ...post, status: "draft" })).toBeNull();
  });

  it("list tags by use and group skills by category", () => {
    expect(tagsOf([{ tags: ["b", "a"] }, { tags: ["a"] }])).toEqual(["a", "b"]);
    const s = (id: string, category: string, order: number) => ({ id, name: id, category, order, rev: 1, updatedAt: 1 });
    expect(groupSkillsByCategory([s("x", "B", 2), s("y", "A", 1), s("z", "B", 0)]).map((g) => [g.category, g.skills.map((k) => k.id)])).toEqual([
      ["B", ["z", "x"]],
      ["A", ["y"]],
    ]);
  });
});
