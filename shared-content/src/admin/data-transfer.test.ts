import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { filmStatsRecords, type CountedFilm } from "../film-stats";
import { analyseImport, countRecords, type ContentTree } from "./data-transfer";

const seed = JSON.parse(readFileSync(fileURLToPath(new URL("../../../seed/demo-content.json", import.meta.url)), "utf8")) as ContentTree;
const { recommendationSubmissions: _pending, ...content } = seed;
const clone = () => structuredClone(content) as Record<string, Record<string, Record<string, unknown>>>;

describe("analyseImport", () => {
  it("finds nothing to do when the file equals the database (timestamps and revs ignored)", () => {
    const file = clone();
    (file.quotes as Record<string, Record<string, unknown>>)["quote-001"] = { ...file.quotes?.["quote-001"], rev: 9, updatedAt: 1 };
    const plan = analyseImport(file, content);
    expect(plan.summary).toMatchObject({ added: [], changed: [], removed: [], invalid: [], ignored: [] });
    expect(plan.summary.unchanged).toBeGreaterThan(390);
    expect(plan.updates).toEqual({});
  });

  it("lists added, changed and removed records with the writes that apply them", () => {
    const file = clone();
    const quotes = file.quotes as Record<string, Record<string, unknown>>;
    quotes["quote-001"] = { ...quotes["quote-001"], text: "Changed" };
    quotes["quote-new"] = { text: "New", author: "Someone" };
    delete (file.films as Record<string, unknown>)["film-001"];
    const plan = analyseImport(file, content);
    expect(plan.summary).toMatchObject({ added: ["quotes/quote-new"], changed: ["quotes/quote-001"], removed: ["films/film-001"], invalid: [] });
    expect(plan.updates["quotes/quote-001"]).toMatchObject({ text: "Changed", rev: 2 });
    expect(plan.updates["quotes/quote-new"]).toMatchObject({ text: "New", rev: 1 });
    expect(plan.updates["films/film-001"]).toBeNull();
    expect(plan.checks).toContainEqual({ path: "quotes/quote-001", expectedRev: 1 });
  });

  it("recomputes the films' statistics from the file's films when they change, in the same update", () => {
    const file = clone();
    const films = file.films as Record<string, Record<string, unknown>>;
    delete films["film-001"];
    films["film-002"] = { ...films["film-002"], rating: 0.5, year: 1899 };
    const plan = analyseImport(file, content);
    const records = filmStatsRecords(Object.values(films) as unknown as CountedFilm[]);
    expect(plan.updates.filmStats).toEqual(records.filmStats);
    expect(plan.updates.filmTallies).toEqual(records.filmTallies);
    expect(plan.updates.filmStats).toMatchObject({ count: 299, decades: { "1890s": 1 } });
    // The file's own filmStats and filmTallies (stale ones here) are neither taken nor listed.
    const stale = { ...clone(), filmStats: { count: 1, minutes: 1, ratingHalves: 1 }, filmTallies: {} };
    expect(analyseImport(stale, content).summary).toMatchObject({ invalid: [], ignored: [] });
    expect(analyseImport(stale, content).updates).toEqual({});
  });

  it("compares the media library's records by media id, each field checked", () => {
    const record = { alt: "A harbour at dusk", name: "harbour.jpg", variants: { "320": { webp: 9000, jpeg: 14000 } }, createdAt: 1 };
    const current = { ...content, media: { "00000000000000ff-320x240": { ...record, rev: 3, updatedAt: 5 } } };
    const file = {
      ...clone(),
      media: {
        "00000000000000ff-320x240": { ...record, alt: "The harbour at dusk" },
        "0000000000000aaa-640x480": record,
        "harbour.jpg": record,
        "0000000000000bbb-640x480": { ...record, exif: "GPS" },
      },
    };
    const plan = analyseImport(file, current);
    expect(plan.summary.changed).toEqual(["media/00000000000000ff-320x240"]);
    expect(plan.summary.added).toEqual(["media/0000000000000aaa-640x480"]);
    expect(plan.summary.invalid.map((i) => i.path).sort()).toEqual(["media/0000000000000bbb-640x480", "media/harbour.jpg"]);
    expect(plan.summary.invalid.find((i) => i.path === "media/harbour.jpg")?.reason).toMatch(/media id/);
    expect(plan.summary.details["media/00000000000000ff-320x240"]?.changes).toEqual([
      { field: "alt", before: "A harbour at dusk", after: "The harbour at dusk" },
    ]);
    expect(plan.updates["media/00000000000000ff-320x240"]).toMatchObject({ alt: "The harbour at dusk", rev: 4 });
    expect(plan.checks).toContainEqual({ path: "media/00000000000000ff-320x240", expectedRev: 3 });
  });

  it("reports each invalid record with its path and reason", () => {
    const file = clone();
    (file.films as Record<string, unknown>)["film-002"] = { title: "X", year: 1999, directors: ["D"], minutes: 90, rating: 9, watchedOn: "2024-01-01" };
    (file.skills as Record<string, unknown>)["bad key!"] = { name: "X", category: "Y", order: 1 };
    (file as Record<string, unknown>).settings = { theme: "dark" };
    const { summary } = analyseImport(file, content);
    expect(summary.invalid.map((i) => i.path).sort()).toEqual(["films/film-002", "settings", "skills/bad key!"]);
    expect(summary.invalid.find((i) => i.path === "films/film-002")?.reason).toMatch(/^rating: /);
  });

  it("reports a child that site or blog may not hold, and a site or blog that is not an object", () => {
    const file = clone();
    file.site = { ...file.site, theme: { dark: true } };
    file.blog = { ...file.blog, comments: {} };
    expect(analyseImport(file, content).summary.invalid).toEqual([
      { path: "site/theme", reason: "Unknown node: not part of the site's content." },
      { path: "blog/comments", reason: "Unknown node: not part of the site's content." },
    ]);
    const { summary, updates } = analyseImport({ ...clone(), site: "about", blog: ["post"] }, content);
    expect(summary.invalid).toEqual([
      { path: "site", reason: "Must be an object with about and contact." },
      { path: "blog", reason: "Must be an object with posts (and index)." },
    ]);
    expect(updates).toEqual({});
  });

  it("rebuilds the list index from imported posts and removes it with a removed post", () => {
    const file = clone();
    const blog = file.blog as Record<string, Record<string, Record<string, unknown>>>;
    const posts = blog.posts as Record<string, Record<string, unknown>>;
    const drafts = blog.drafts as Record<string, Record<string, unknown>>;
    const draftSlug = Object.keys(drafts)[0] as string;
    // Published in the file: it moves from blog/drafts to blog/posts with a list entry.
    posts[draftSlug] = { ...drafts[draftSlug], status: "published", readingMinutes: undefined, rev: undefined };
    delete drafts[draftSlug];
    const removedSlug = Object.keys(posts).find((s) => s !== draftSlug) as string;
    delete posts[removedSlug];
    const plan = analyseImport(JSON.parse(JSON.stringify(file)), content);
    expect(plan.summary.changed).toEqual([`blog/posts/${draftSlug}`]);
    expect(plan.updates[`blog/index/${draftSlug}`]).toMatchObject({ title: posts[draftSlug]?.title });
    expect(plan.updates[`blog/posts/${draftSlug}`]).toMatchObject({ status: "published" });
    expect(plan.updates[`blog/drafts/${draftSlug}`]).toBeNull();
    expect(plan.updates[`blog/posts/${removedSlug}`]).toBeNull();
    expect(plan.updates[`blog/index/${removedSlug}`]).toBeNull();
  });

  it("moves a draft found in blog/posts (data from before drafts had their node) even when unchanged", () => {
    const blog = content.blog as Record<string, Record<string, unknown>>;
    const [slug, draft] = Object.entries(blog.drafts as Record<string, unknown>)[0] as [string, Record<string, unknown>];
    const old = { ...content, blog: { ...blog, posts: { ...(blog.posts as object), [slug]: draft }, drafts: {} } };
    // An export of the old data, imported back: nothing differs, yet the draft must leave blog/posts.
    const plan = analyseImport(JSON.parse(JSON.stringify(old)), old);
    expect(plan.summary.changed).toEqual([`blog/posts/${slug}`]);
    expect(plan.updates[`blog/posts/${slug}`]).toBeNull();
    expect(plan.updates[`blog/drafts/${slug}`]).toMatchObject({ status: "draft" });
  });

  it("carries pictures (ImageRefs) beside image URLs, into the list entry for a cover, and refuses a malformed one", () => {
    const file = clone();
    const image = { id: "0123456789abcdef-1600x900", alt: "A lighthouse at dusk", focus: { x: 30, y: 60 } };
    const posts = (file.blog as Record<string, Record<string, Record<string, unknown>>>).posts as Record<string, Record<string, unknown>>;
    const slug = Object.keys(posts)[0] as string;
    posts[slug] = { ...posts[slug], coverImage: image };
    const projects = file.projects as Record<string, Record<string, unknown>>;
    const projectId = Object.keys(projects)[0] as string;
    projects[projectId] = { ...projects[projectId], image: { ...image, alt: "" } };
    const plan = analyseImport(file, content);
    expect(plan.summary.changed).toEqual([`blog/posts/${slug}`]);
    expect(plan.updates[`blog/posts/${slug}`]).toMatchObject({ coverImage: image });
    expect(plan.updates[`blog/index/${slug}`]).toMatchObject({ coverImage: image });
    expect(plan.summary.invalid).toEqual([{ path: `projects/${projectId}`, reason: "image.alt: Describe the image in the alt text" }]);
  });

  it("skips pending submissions and admins with a note", () => {
    expect(analyseImport(seed, content).summary.ignored).toEqual(["recommendationSubmissions"]);
    expect(analyseImport({ admins: { x: true } }, content).summary).toMatchObject({ ignored: ["admins"], invalid: [] });
  });

  it("leaves nodes the file does not mention alone", () => {
    const plan = analyseImport({ quotes: content.quotes }, content);
    expect(plan.summary.removed).toEqual([]);
    expect(plan.summary.notAnExport).toBeUndefined();
  });

  it("refuses a file that is not an export of this site as such, not as invalid records", () => {
    for (const file of [[], "text", { name: "package", version: "1.0.0", dependencies: {} }, {}]) {
      const plan = analyseImport(file, content);
      expect(plan.summary.notAnExport).toMatch(/^This file is not an export of this site/);
      expect(plan.summary).toMatchObject({ added: [], changed: [], removed: [], invalid: [] });
      expect(plan.updates).toEqual({});
    }
    expect(analyseImport({ name: "package", version: "1.0.0" }, content).summary.notAnExport).toContain("“name”, “version”");
    // One known section is enough: an export trimmed by hand to what should change.
    expect(analyseImport({ quotes: content.quotes, settings: {} }, content).summary.notAnExport).toBeUndefined();
  });
});

describe("import preview details", () => {
  it("names each added, changed and removed record by its title or name", () => {
    const file = clone();
    const quotes = file.quotes as Record<string, Record<string, unknown>>;
    quotes["quote-new"] = { text: "New words", author: "Someone" };
    delete (file.films as Record<string, unknown>)["film-001"];
    const skills = file.skills as Record<string, Record<string, unknown>>;
    skills["skill-01"] = { ...skills["skill-01"], name: "TS" };
    const { summary } = analyseImport(file, content);
    expect(summary.details["quotes/quote-new"]?.label).toBe("“New words” — Someone");
    expect(summary.details["films/film-001"]?.label).toBe("Rashomon (1950)");
    expect(summary.details["skills/skill-01"]?.label).toBe("TS (Languages)");
  });

  it("lists the fields that differ in a changed record, before and after", () => {
    const file = clone();
    const films = file.films as Record<string, Record<string, unknown>>;
    films["film-001"] = { ...films["film-001"], rating: 4.5, countries: ["Japan", "France"], synopsis: "Added." };
    const { summary } = analyseImport(file, content);
    expect(summary.changed).toEqual(["films/film-001"]);
    expect(summary.details["films/film-001"]?.changes).toEqual([
      { field: "countries", before: "Japan", after: "Japan, France" },
      { field: "rating", before: "5", after: "4.5" },
      { field: "synopsis", before: "", after: "Added." },
    ]);
    // Added and removed records list no field changes.
    expect(analyseImport({ quotes: { q: { text: "T", author: "A" } } }, content).summary.details["quotes/q"]?.changes).toBeUndefined();
  });
});

describe("export counts and earlier versions", () => {
  const version = {
    title: "Old title",
    summary: "Old summary",
    body: "Old body",
    tags: [],
    status: "draft",
    readingMinutes: 1,
    createdAt: 1,
    rev: 1,
    updatedAt: 2,
  };

  it("counts the records of a file as the import preview of the same file lists them, drafts and versions included", () => {
    const file = { ...clone(), blog: { ...clone().blog, revisions: { [Object.keys(clone().blog?.posts ?? {})[0]!]: { v2: version } } } };
    const { summary } = analyseImport(file, file);
    expect(countRecords(file)).toBe(summary.unchanged);
    expect(Object.keys(clone().blog?.drafts ?? {}).length).toBeGreaterThan(0);
  });

  it("restores kept versions as they were exported, and removes the ones absent from the file", () => {
    const slug = Object.keys(clone().blog?.posts ?? {})[0]!;
    const current = { ...clone(), blog: { ...clone().blog, revisions: { [slug]: { v2: version, v3: { ...version, rev: 2, updatedAt: 3 } } } } };
    const file = { ...clone(), blog: { ...clone().blog, revisions: { [slug]: { v2: version, v4: { ...version, title: "Older", rev: 3, updatedAt: 4 } } } } };
    const plan = analyseImport(file, current);
    expect(plan.summary).toMatchObject({ added: [`blog/revisions/${slug}/v4`], removed: [`blog/revisions/${slug}/v3`], changed: [], invalid: [] });
    expect(plan.updates[`blog/revisions/${slug}/v4`]).toMatchObject({ title: "Older", rev: 3, updatedAt: 4 });
    expect(plan.updates[`blog/revisions/${slug}/v3`]).toBeNull();
    expect(plan.checks.some((c) => c.path.startsWith("blog/revisions"))).toBe(false);
  });
});
