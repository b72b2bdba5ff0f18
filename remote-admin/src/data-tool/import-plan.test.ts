// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { analyseImport, countRecords, type ContentTree } from "shared-content/admin";
import fixture from "./old-site-export.json" with { type: "json" };
import { exportFileName, keepRecordsNotInFile, leaveRecordsAsTheyAre, parseImportFile, prepareImport } from "./import-plan";

// An export as exportAll() returns it (records carry rev/updatedAt; posts their timestamps).
const CURRENT: ContentTree = {
  site: {
    about: { headline: "Hello", bio: "I build things.", rev: 3, updatedAt: 1700000000000 },
    contact: { email: "me@example.com", links: [{ label: "GitHub", url: "https://github.com/me" }], rev: 1, updatedAt: 1700000000000 },
  },
  skills: {
    s1: { name: "TypeScript", category: "Languages", order: 0, rev: 1, updatedAt: 1700000000000 },
    s2: { name: "React", category: "Frontend", order: 1, rev: 2, updatedAt: 1700000000000 },
  },
  quotes: { q1: { text: "Less is more.", author: "Mies", rev: 1, updatedAt: 1700000000000 } },
  experience: {},
  projects: {},
  recommendations: {},
  films: {},
  blog: {
    posts: {
      "hello-world": {
        title: "Hello world",
        summary: "First post.",
        body: "# Hi",
        status: "published",
        readingMinutes: 1,
        createdAt: 1690000000000,
        publishedAt: 1690000000000,
        rev: 1,
        updatedAt: 1690000000000,
      },
    },
    index: {
      "hello-world": { title: "Hello world", summary: "First post.", readingMinutes: 1, publishedAt: 1690000000000 },
    },
  },
};

describe("import summary", () => {
  it("an export imported again is a no-op", () => {
    const plan = analyseImport(structuredClone(CURRENT), CURRENT);
    expect(plan.summary).toMatchObject({ added: [], changed: [], removed: [], invalid: [], unchanged: 6 });
    expect(plan.updates).toEqual({});
  });

  it("lists added, changed and removed records, and invalid ones with path and reason", () => {
    const file = structuredClone(CURRENT) as Record<string, Record<string, unknown>>;
    delete file.skills!.s2;
    file.skills!.s3 = { name: "Go", category: "Languages", order: 2 };
    (file.site!.about as Record<string, unknown>).headline = "Hello again";
    file.quotes!.q2 = { text: "", author: "Nobody" };
    file.films!.f1 = { title: "Heat", year: 1995, directors: ["Michael Mann"], minutes: 170, rating: 4.3, watchedOn: "2024-01-01" };
    const { summary } = analyseImport(file, CURRENT);
    expect(summary.added).toEqual(["skills/s3"]);
    expect(summary.changed).toEqual(["site/about"]);
    expect(summary.removed).toEqual(["skills/s2"]);
    expect(summary.invalid).toEqual([
      { path: "quotes/q2", reason: "text: Quote is required" },
      { path: "films/f1", reason: "rating: Rating goes in half steps" },
    ]);
  });
});

describe("import steps", () => {
  it("parses JSON with a useful message", () => {
    expect(parseImportFile('{"skills": {}}')).toEqual({ ok: true, value: { skills: {} } });
    expect(parseImportFile("")).toEqual({ ok: false, message: "The file is empty." });
    expect(parseImportFile("[1,2]")).toMatchObject({ ok: false, message: expect.stringMatching(/not an object/) });
    expect(parseImportFile("{oops")).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not valid JSON/) });
  });

  it("detects and converts the older site's export, keeping the current contact details", () => {
    const prepared = prepareImport(fixture, "auto", CURRENT);
    expect(prepared.format).toBe("old-site");
    const site = prepared.tree.site as Record<string, unknown>;
    expect(site.contact).toEqual((CURRENT.site as Record<string, unknown>).contact);
    const { summary } = analyseImport(prepared.tree, CURRENT);
    expect(summary.invalid).toEqual([]);
    expect(summary.changed).toEqual(["site/about"]);
    expect(summary.removed).toEqual(["skills/s1", "skills/s2", "quotes/q1", "blog/posts/hello-world"]);
    expect(prepareImport(CURRENT, "auto", CURRENT).format).toBe("current");
  });

  it("can keep the records that are not in the file, so nothing is removed", () => {
    const prepared = prepareImport(fixture, "old-site", CURRENT);
    const { summary } = analyseImport(keepRecordsNotInFile(prepared.tree, CURRENT), CURRENT);
    expect(summary.removed).toEqual([]);
    expect(summary.unchanged).toBe(5); // contact, s1, s2, q1, hello-world
    expect(summary.added.length).toBe(18);
  });

  it("leaves invalid records as they are now when asked", () => {
    const file = { skills: { s1: { name: "", category: "Languages", order: 0 }, s9: { name: "", category: "X", order: 1 } } };
    expect(analyseImport(file, CURRENT).summary.invalid.map((i) => i.path)).toEqual(["skills/s1", "skills/s9"]);
    const fixed = leaveRecordsAsTheyAre(file, ["skills/s1", "skills/s9"], CURRENT);
    const { summary } = analyseImport(fixed, CURRENT);
    expect(summary).toMatchObject({ invalid: [], added: [], changed: [], removed: ["skills/s2"], unchanged: 1 });
    expect(file.skills.s9).toBeDefined(); // the input is not modified
  });

  it("names the export file by date and counts records", () => {
    expect(exportFileName(new Date("2026-11-22T10:00:00Z"))).toBe("portfolio-content-2026-11-22.json");
    expect(countRecords(CURRENT)).toBe(6);
  });
});
