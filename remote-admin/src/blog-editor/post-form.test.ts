import { describe, expect, it } from "vitest";
import { versionChanges } from "./post-form";

describe("what changed from one version of a post to the next", () => {
  const base = { title: "T", summary: "S", body: "Hello world", tags: ["a"], status: "draft" as const, readingMinutes: 1, createdAt: 1, rev: 1, updatedAt: 1 };
  it("names the fields, with the characters the body gained and lost", () => {
    expect(versionChanges(base, { ...base, title: "T2", body: "Hello brave new world" })).toBe("title, body (+10 −0 characters)");
    expect(versionChanges(base, { ...base, body: "Hello" })).toBe("body (+0 −6 characters)");
    expect(versionChanges(base, { ...base, tags: ["a", "b"], coverUrl: "/images/c.png" })).toBe("tags, cover");
  });
  it("a publish changes no text", () => {
    expect(versionChanges(base, { ...base, status: "published" })).toBe("published");
    expect(versionChanges(base, base)).toBe("no change to the text");
  });
});
