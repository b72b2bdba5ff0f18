// The demo seed: every record decodes with the schemas, the counts meet the brief, the list
// index matches the posts, and the rules accept every record (evaluated with targaryen, the
// engine rtdb-emulator uses; the emulator matrix covers the wire path).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import targaryen from "targaryen";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { indexEntryOf } from "../src/blog";
import { AboutSchema, BlogIndexEntrySchema, BlogPostSchema, COLLECTION_SCHEMAS, ContactSchema, RecommendationSubmissionSchema } from "../src/schemas";
import { COLLECTION_KINDS } from "../src/paths";
import { MediaRecordSchema, mediaIdOfUrl, type MediaStorage } from "../src/media";
import { FilmStatsSchema, filmStatsOf, filmStatsRecords, type CountedFilm } from "../src/film-stats";

const seed = JSON.parse(readFileSync(fileURLToPath(new URL("../../seed/demo-content.json", import.meta.url)), "utf8")) as Record<string, unknown>;
const rules = JSON.parse(readFileSync(fileURLToPath(new URL("../../database.rules.json", import.meta.url)), "utf8")) as unknown;
const node = (key: string) => seed[key] as Record<string, unknown>;

function expectValid(schema: v.GenericSchema, value: unknown, path: string) {
  const result = v.safeParse(schema, value);
  const problems = result.success ? [] : result.issues.map((i) => `${path} ${v.getDotPath(i) ?? ""}: ${i.message}`);
  expect(problems).toEqual([]);
}

describe("demo seed", () => {
  it("holds only content nodes (no admins)", () => {
    expect(Object.keys(seed).sort()).toEqual(
      [
        "blog",
        "experience",
        "filmStats",
        "filmTallies",
        "films",
        "media",
        "projects",
        "quotes",
        "recommendationSubmissions",
        "recommendations",
        "site",
        "skills",
      ].sort(),
    );
  });

  it("carries the films' statistics of its films", () => {
    const films = Object.values(node("films")) as CountedFilm[];
    expect(v.parse(FilmStatsSchema, seed.filmStats)).toEqual(filmStatsOf(films));
    expect((seed.filmStats as { count: number }).count).toBe(300);
    expect(seed.filmTallies).toEqual(filmStatsRecords(films).filmTallies);
  });

  it("has the promised amounts of content", () => {
    const blog = node("blog") as Record<string, Record<string, { status: string }>>;
    const posts = [...Object.values(blog.posts ?? {}), ...Object.values(blog.drafts ?? {})];
    expect(Object.keys(node("experience")).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(node("skills"))).toHaveLength(12);
    expect(Object.keys(node("projects"))).toHaveLength(5);
    expect(Object.keys(node("recommendations"))).toHaveLength(6);
    expect(Object.keys(node("recommendationSubmissions"))).toHaveLength(2);
    expect(posts.filter((p) => p.status === "published")).toHaveLength(8);
    expect(posts.filter((p) => p.status === "draft")).toHaveLength(2);
    expect(Object.keys(node("quotes"))).toHaveLength(60);
    expect(Object.keys(node("films"))).toHaveLength(300);
  });

  it("decodes record by record with the strict schemas", () => {
    const site = node("site");
    expectValid(AboutSchema, site.about, "site/about");
    expectValid(ContactSchema, site.contact, "site/contact");
    for (const kind of COLLECTION_KINDS) {
      for (const [id, value] of Object.entries(node(kind))) expectValid(COLLECTION_SCHEMAS[kind], value, `${kind}/${id}`);
    }
    for (const [id, value] of Object.entries(node("recommendationSubmissions"))) {
      expectValid(RecommendationSubmissionSchema, value, `recommendationSubmissions/${id}`);
    }
    const blog = node("blog") as { posts: Record<string, unknown>; drafts: Record<string, unknown>; index: Record<string, unknown> };
    for (const [slug, value] of Object.entries(blog.posts)) expectValid(BlogPostSchema, value, `blog/posts/${slug}`);
    for (const [slug, value] of Object.entries(blog.drafts)) expectValid(BlogPostSchema, value, `blog/drafts/${slug}`);
    // Published posts and drafts are stored apart (visitors can read only blog/posts).
    expect(Object.values(blog.posts).map((p) => (p as { status: string }).status)).not.toContain("draft");
    expect(Object.values(blog.drafts).map((p) => (p as { status: string }).status)).not.toContain("published");
    expect(Object.keys(blog.drafts).length).toBeGreaterThan(0);
    for (const [slug, value] of Object.entries(blog.index)) expectValid(BlogIndexEntrySchema, value, `blog/index/${slug}`);
    for (const [id, value] of Object.entries(node("media"))) expectValid(MediaRecordSchema, value, `media/${id}`);
  });

  it("shows pictures as uploads: the avatar, every project, covers, posters and a post's body, each with its library record", () => {
    // The seed's picture URLs name the default local Storage server (generate-seed.ts; the local stack rewrites them).
    const storage: MediaStorage = { origin: "http://127.0.0.1:9199", bucket: "demo-portfolio.appspot.com" };
    const media = node("media");
    const uses: { url?: string; ref?: { id: string } }[] = [];
    const about = node("site").about as { avatarUrl?: string; avatarImage?: { id: string } };
    uses.push({ url: about.avatarUrl, ref: about.avatarImage });
    for (const p of Object.values(node("projects")) as { imageUrl?: string; image?: { id: string } }[]) uses.push({ url: p.imageUrl, ref: p.image });
    const posts = Object.values((node("blog") as { posts: Record<string, { coverUrl?: string; coverImage?: { id: string }; body: string }> }).posts);
    const covers = posts.filter((p) => p.coverImage);
    for (const p of covers) uses.push({ url: p.coverUrl, ref: p.coverImage });
    const posters = (Object.values(node("films")) as { posterUrl?: string; posterImage?: { id: string } }[]).filter((f) => f.posterImage);
    for (const f of posters) uses.push({ url: f.posterUrl, ref: f.posterImage });
    expect(covers.length).toBeGreaterThanOrEqual(2);
    expect(posters.length).toBeGreaterThanOrEqual(1);
    for (const { url, ref } of uses) {
      expect(ref && media[ref.id], `a record for ${ref?.id}`).toBeTruthy();
      expect(url && mediaIdOfUrl(storage, url)).toBe(ref?.id);
    }
    const inBodies = posts.flatMap((p) => [...p.body.matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((m) => mediaIdOfUrl(storage, m[1]!)));
    expect(inBodies.filter((id) => id !== null && media[id]).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps the list index equal to what the published posts imply", () => {
    const blog = node("blog") as { posts: Record<string, unknown>; index: Record<string, unknown> };
    const expected: Record<string, unknown> = {};
    for (const [slug, raw] of Object.entries(blog.posts)) {
      const entry = indexEntryOf(v.parse(BlogPostSchema, raw));
      if (entry) expected[slug] = entry;
    }
    expect(blog.index).toEqual(expected);
  });

  it("has posts with headings, lists, links, code and images", () => {
    const bodies = Object.values((node("blog").posts ?? {}) as Record<string, { body: string; status: string }>)
      .filter((p) => p.status === "published")
      .map((p) => p.body);
    for (const pattern of [/^## /m, /^(- |1\. )/m, /\]\(https:\/\//, /```/, /!\[[^\]]*\]\(/]) {
      expect(bodies.filter((b) => pattern.test(b)).length).toBeGreaterThanOrEqual(4);
    }
  });

  it("passes the security rules as an admin write, node by node", () => {
    const admin = { uid: "seed-admin" };
    const now = Date.parse("2026-06-01T00:00:00Z");
    let db = targaryen.database(rules, { admins: { [admin.uid]: true } }, now);
    const denied: string[] = [];
    const write = (path: string, value: unknown) => {
      const result = db.as(admin).write(path, value, { now });
      if (!result.allowed || !result.newDatabase) denied.push(`${path}: ${result.info.split("\n").slice(0, 12).join(" | ")}`);
      else db = result.newDatabase;
    };
    const site = node("site");
    write("/site/about", site.about);
    write("/site/contact", site.contact);
    for (const kind of COLLECTION_KINDS) write(`/${kind}`, node(kind));
    const blog = node("blog") as { posts: Record<string, unknown>; drafts: Record<string, unknown>; index: Record<string, unknown> };
    // A published post goes with its list entry, in one update (as shared-content's postUpdates writes it).
    for (const [slug, post] of Object.entries(blog.posts)) {
      const result = db.as(admin).update("/", { [`blog/posts/${slug}`]: post, [`blog/index/${slug}`]: blog.index[slug] }, { now });
      if (!result.allowed || !result.newDatabase) denied.push(`blog/posts/${slug}: ${result.info.split("\n").slice(0, 12).join(" | ")}`);
      else db = result.newDatabase;
    }
    write("/blog/drafts", blog.drafts);
    write("/filmStats", seed.filmStats);
    write("/filmTallies", seed.filmTallies);
    for (const [id, record] of Object.entries(node("media"))) write(`/media/${id}`, record);
    expect(denied).toEqual([]);
  });

  it("has submissions a visitor may create (as the anonymous uid that keys it, at its createdAt)", () => {
    const db = targaryen.database(rules, {}, 0);
    for (const [id, value] of Object.entries(node("recommendationSubmissions"))) {
      const createdAt = (value as { createdAt: number }).createdAt;
      const visitor = { uid: id, provider: "anonymous" };
      const result = db
        .as(visitor)
        .update("/", { [`recommendationSubmissions/${id}`]: value, [`recommendationSubmitters/${id}`]: createdAt }, { now: createdAt });
      expect(result.allowed, `${id}: ${result.info}`).toBe(true);
    }
  });
});
