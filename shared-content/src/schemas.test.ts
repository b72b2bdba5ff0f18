import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LIMITS } from "./limits";
import {
  AboutFieldsSchema,
  BlogPostInputSchema,
  ContactSchema,
  ContactFieldsSchema,
  ExperienceFieldsSchema,
  FilmFieldsSchema,
  RecommendationSubmissionInputSchema,
  SkillSchema,
  validate,
} from "./schemas";

const film = { title: "Stalker", year: 1979, directors: ["Andrei Tarkovsky"], countries: [], minutes: 161, rating: 4.5, watchedOn: "2024-03-01" };

describe("schemas", () => {
  it("accept a valid record and reject unknown fields (the rules do too)", () => {
    expect(validate(SkillSchema, { name: "TS", category: "Languages", order: 0, rev: 1, updatedAt: 5 }).ok).toBe(true);
    const extra = validate(SkillSchema, { name: "TS", category: "Languages", order: 0, rev: 1, updatedAt: 5, showPublic: true });
    expect(extra.ok).toBe(false);
  });

  it("decode lists stored as objects keyed 0, 1, ... and absent lists as []", () => {
    const stored = {
      email: "a@b.co",
      links: { "1": { label: "B", url: "https://b.example" }, "0": { label: "A", url: "https://a.example" } },
      rev: 1,
      updatedAt: 1,
    };
    expect(v.parse(ContactSchema, stored).links.map((l) => l.label)).toEqual(["A", "B"]);
    expect(v.parse(ContactSchema, { email: "a@b.co", rev: 1, updatedAt: 1 }).links).toEqual([]);
  });

  it("keep an uploaded picture beside each image URL, with its alt text required and trimmed", () => {
    const image = { id: "0123456789abcdef-1600x900", alt: "  A lighthouse at dusk ", focus: { x: 0, y: 100 } };
    const post = { slug: "p", title: "T", summary: "S", body: "B", tags: [], status: "draft", coverUrl: "https://x.y/c.jpg" };
    const saved = validate(BlogPostInputSchema, { ...post, coverImage: image });
    expect(saved.ok && saved.value.coverImage?.alt).toBe("A lighthouse at dusk");
    const noAlt = validate(BlogPostInputSchema, { ...post, coverImage: { ...image, alt: " " } });
    expect(!noAlt.ok && noAlt.errors["coverImage.alt"]).toBe("Describe the image in the alt text");
    expect(validate(AboutFieldsSchema, { headline: "Hi", bio: "x", avatarImage: { ...image, id: "photo.jpg" } }).ok).toBe(false);
    expect(validate(FilmFieldsSchema, { ...film, posterImage: { ...image, focus: { x: 101, y: 0 } } }).ok).toBe(false);
    expect(validate(FilmFieldsSchema, { ...film, posterImage: image }).ok).toBe(true);
  });

  it("accept images as absolute http(s) URLs or paths on this site, and nothing else", () => {
    const about = (avatarUrl: string) => validate(AboutFieldsSchema, { headline: "Hi", bio: "x", avatarUrl }).ok;
    expect(about("/images/avatar.svg")).toBe(true);
    expect(about("https://cdn.example/a.png")).toBe(true);
    for (const bad of ["//evil.example/a.png", "/\\evil.example/a.png", "images/a.png", "javascript:alert(1)", "data:image/png;base64,AAAA", "/"]) {
      expect(about(bad), bad).toBe(false);
    }
  });

  it("limit list length", () => {
    const technologies = Array.from({ length: LIMITS.listItems.max + 1 }, (_, i) => `t${i}`);
    const r = validate(ExperienceFieldsSchema, { company: "A", role: "B", start: "2020-01", order: 0, projects: [{ name: "P", technologies }] });
    expect(r.ok).toBe(false);
  });

  it("name the field inside a list, never the list's shape, when an item fails", () => {
    const base = { company: "A", role: "B", start: "2020-01", order: 0 };
    const nameless = validate(ExperienceFieldsSchema, {
      ...base,
      projects: [
        { name: "P", technologies: [] },
        { name: "", technologies: [] },
      ],
    });
    expect(nameless).toEqual({ ok: false, errors: { "projects.1.name": "Project name is required" } });
    const link = validate(ContactFieldsSchema, { email: "a@b.co", links: [{ label: "", url: "https://x.example" }] });
    expect(link).toEqual({ ok: false, errors: { "links.0.label": expect.stringMatching(/required/) } });
    // A value that is not a list at all still gets the list's own message.
    expect(validate(ExperienceFieldsSchema, { ...base, projects: "P" })).toEqual({ ok: false, errors: { projects: "Projects must be a list" } });
  });

  it("give one message per field path, next-to-field ready", () => {
    const r = validate(AboutFieldsSchema, { headline: "", bio: "x", avatarUrl: "javascript:alert(1)" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.headline).toBe("Headline is required");
      expect(r.errors.avatarUrl).toMatch(/http/);
    }
  });

  it("check months, end after start, and absent end meaning present", () => {
    const base = { company: "A", role: "B", order: 0 };
    expect(validate(ExperienceFieldsSchema, { ...base, start: "2020-13" }).ok).toBe(false);
    expect(validate(ExperienceFieldsSchema, { ...base, start: "2021-05", end: "2021-04" }).ok).toBe(false);
    expect(validate(ExperienceFieldsSchema, { ...base, start: "2021-05", end: "2021-05" }).ok).toBe(true);
    expect(validate(ExperienceFieldsSchema, { ...base, start: "2021-05" }).ok).toBe(true);
  });

  it("allow film ratings from 0 to 5 in half steps only", () => {
    for (const rating of [0, 0.5, 3, 4.5, 5]) expect(validate(FilmFieldsSchema, { ...film, rating }).ok, String(rating)).toBe(true);
    for (const rating of [-0.5, 3.3, 5.5, Number.NaN]) expect(validate(FilmFieldsSchema, { ...film, rating }).ok, String(rating)).toBe(false);
    expect(validate(FilmFieldsSchema, { ...film, directors: [] }).ok).toBe(false);
  });

  it("hold submissions to the form limits", () => {
    const ok = { fullName: "Ada", role: "Analyst", relationship: "Colleague", text: "x".repeat(LIMITS.submission.text.min) };
    expect(validate(RecommendationSubmissionInputSchema, ok).ok).toBe(true);
    expect(validate(RecommendationSubmissionInputSchema, { ...ok, text: "x".repeat(LIMITS.submission.text.min - 1) }).ok).toBe(false);
    expect(validate(RecommendationSubmissionInputSchema, { ...ok, text: "x".repeat(LIMITS.submission.text.max + 1) }).ok).toBe(false);
    expect(validate(RecommendationSubmissionInputSchema, { ...ok, link: "javascript:alert(1)" }).ok).toBe(false);
    expect(validate(RecommendationSubmissionInputSchema, { ...ok, link: "https://example.com/me" }).ok).toBe(true);
    expect(validate(RecommendationSubmissionInputSchema, { ...ok, honeypot: "x" }).ok).toBe(false);
  });

  it("accept only lowercase hyphenated slugs", () => {
    const post = { title: "T", summary: "S", body: "B", tags: [], status: "draft" };
    for (const slug of ["hello", "hello-world-2"]) expect(validate(BlogPostInputSchema, { ...post, slug }).ok, slug).toBe(true);
    for (const slug of ["Hello", "hello--world", "-hello", "hello world", "a".repeat(81)]) {
      expect(validate(BlogPostInputSchema, { ...post, slug }).ok, slug).toBe(false);
    }
  });
});
