import { applyTagFixes, categoryFix, skillCategories, tagFixMessage, tagFixes } from "./labels";
import { describe, expect, it } from "vitest";
import { nextSlug, slugify, slugProblem } from "./slug";
import { emptyPostForm, postToInput, readingTimeLabel, withTitle } from "../blog-editor/post-form";
import { errorFor } from "../ui/use-form";
import { mapErrorKeys, optionalText, parseNumber, splitList } from "./form-values";

describe("slugify", () => {
  it("makes lower-case ASCII words joined by dashes", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  Crème brûlée  ")).toBe("creme-brulee");
    expect(slugify("React 19: what's new?")).toBe("react-19-what-s-new");
    expect(slugify("---")).toBe("");
  });

  it("stays within the slug limit without a trailing dash", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });

  it("follows the title only until edited", () => {
    expect(nextSlug("My New Post", "my-new", true)).toBe("my-new-post");
    expect(nextSlug("My New Post", "custom-address", false)).toBe("custom-address");
  });

  it("must be well formed and unique", () => {
    const taken = new Set(["first-post"]);
    expect(slugProblem("", taken)).toMatch(/Enter a slug/);
    expect(slugProblem("Bad Slug", taken)).toMatch(/lower-case/);
    expect(slugProblem("double--dash", taken)).toMatch(/lower-case/);
    expect(slugProblem("first-post", taken)).toMatch(/already uses/);
    expect(slugProblem("second-post", taken)).toBeNull();
  });
});

describe("post form", () => {
  it("slug follows the title until edited by hand", () => {
    let f = withTitle(emptyPostForm(), "Hello World", false);
    expect(f.slug).toBe("hello-world");
    f = withTitle({ ...f, slug: "custom" }, "Hello Again", true);
    expect(f.slug).toBe("custom");
    expect(f.title).toBe("Hello Again");
  });

  it("reading time is at least one minute and counts words, not link targets", () => {
    expect(readingTimeLabel("")).toBe("1 min read");
    const words = Array.from({ length: 400 }, () => "word").join(" ");
    expect(readingTimeLabel(words)).toBe("2 min read");
    expect(readingTimeLabel(`${words} more`)).toBe("3 min read");
    const link = "[label](https://example.com/a/very/long/path/with/many/segments)";
    expect(readingTimeLabel(Array.from({ length: 200 }, () => link).join(" "))).toBe("1 min read");
  });

  it("turns the form into the post input the schema checks", () => {
    const input = postToInput(
      { title: " Title ", slug: "title", summary: " Sum ", tags: "react, React, ts", coverUrl: " ", coverImage: undefined, body: "Body" },
      "draft",
    );
    expect(input).toEqual({
      slug: "title",
      title: "Title",
      summary: "Sum",
      body: "Body",
      tags: ["react", "ts"],
      coverUrl: undefined,
      coverImage: undefined,
      status: "draft",
    });
  });
});

describe("form values", () => {
  it("turns typed text into fields", () => {
    expect(optionalText("  ")).toBeUndefined();
    expect(optionalText(" Berlin ")).toBe("Berlin");
    expect(splitList("React, TypeScript,, react , Node\nVite")).toEqual(["React", "TypeScript", "Node", "Vite"]);
    expect(parseNumber("")).toBeUndefined();
    expect(parseNumber("3,5")).toBe(3.5);
    expect(parseNumber("abc")).toBeNaN();
  });

  it("finds nested messages and renames keys", () => {
    const errors = { "technologies.1": "Technology is required", title: "Title is required" };
    expect(errorFor(errors, "technologies")).toBe("Technology is required");
    expect(errorFor(errors, "title")).toBe("Title is required");
    expect(errorFor(errors, "summary")).toBeUndefined();
    expect(mapErrorKeys(errors, { technologies: "technologiesText" })).toEqual({
      "technologiesText.1": "Technology is required",
      title: "Title is required",
    });
  });
});

describe("near-duplicate labels", () => {
  const skill = (id: string, name: string, category: string, order: number) => ({ id, name, category, order, rev: 1, updatedAt: 1 });
  it("offers the most used spelling of a category, not counting the skill being edited", () => {
    const skills = [skill("a", "Go", "languages", 0), skill("b", "Rust", "Languages", 1), skill("c", "C", "Languages", 2)];
    expect(skillCategories(skills)).toEqual(["Languages", "languages"]);
    expect(categoryFix("LANGUAGES", skillCategories(skills))).toEqual({ message: "A category “Languages” already exists — use it.", use: "Languages" });
    expect(categoryFix("Languages", skillCategories(skills))).toBeUndefined();
    expect(categoryFix("Tools", skillCategories(skills))).toBeUndefined();
  });

  it("replaces only the tags typed in another spelling; case alone is not one (tags are saved in lower case)", () => {
    const fixes = tagFixes("resume, Vitest, React, cafe", ["résumé", "react", "Café"]);
    expect(fixes).toEqual([
      { typed: "resume", use: "résumé" },
      { typed: "cafe", use: "Café" },
    ]);
    expect(applyTagFixes("resume, Vitest, React, cafe", fixes)).toBe("résumé, Vitest, React, Café");
    expect(tagFixMessage(fixes)).toBe("These tags already exist with another spelling — use “résumé” for “resume”, “Café” for “cafe”.");
  });
});
