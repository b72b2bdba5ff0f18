import { describe, expect, it } from "vitest";
import { versionChanges } from "./post-form";

describe("what changed from one version of a post to the next", () => {
  const base = { title: "T", summary: "S", body: "Hello world", tags: ["a"], status: "draft" as const, readingMinutes: 1, createdAt: 1, rev: 1, updatedAt: 1 };
  it("names the fields, with the characters the body gained and lost", () => {
    expect(versionChanges(base, { ...base, title: "T2", body: "Hello brave new world" })).toBe("title, body (+10 −0 characters)");
    expect(versionChanges(base, { ...base, body: "Hello" })).toBe("body (+0 −6 characters)");
    expect(versionChanges(base, { ...base, tags: ["a", "b"], coverUrl: "/images/c.png" })).toBe("tags, cover");
  });
  it("names a change to the series alone, with where the post now stands", () => {
    const inRust = { ...base, series: { slug: "rust", title: "Rust", part: 1 } };
    expect(versionChanges(base, inRust)).toBe("series (now part 1 of “Rust”)");
    expect(versionChanges(inRust, { ...inRust, series: { slug: "rust", title: "Rust", part: 2 } })).toBe("series (now part 2 of “Rust”)");
    expect(versionChanges(inRust, { ...inRust, series: { slug: "go", title: "Go", part: 1 } })).toBe("series (now part 1 of “Go”)");
    expect(versionChanges(inRust, base)).toBe("series (left “Rust”)");
    expect(versionChanges(inRust, { ...inRust, summary: "S2" })).toBe("summary");
  });
  it("names a cover changed by upload, or only its alt text", () => {
    const covered = { ...base, coverUrl: "/c.jpg", coverImage: { id: "0123456789abcdef-800x600", alt: "A boat" } };
    expect(versionChanges(covered, { ...covered, coverImage: { id: "fedcba9876543210-800x600", alt: "A boat" } })).toBe("cover");
    expect(versionChanges(covered, { ...covered, coverImage: { id: "0123456789abcdef-800x600", alt: "A red boat" } })).toBe("cover's alt text");
  });
  it("a publish changes no text", () => {
    expect(versionChanges(base, { ...base, status: "published" })).toBe("published");
    expect(versionChanges(base, base)).toBe("no change to the text");
  });
});
