// The rules matrix as data: every node x {visitor, signed-in non-admin, admin} x
// {read, create, overwrite, delete, invalid shape, unknown field}, plus named cases for the
// cross-node rules (publishing, compare-and-set, approval, admins). The expectation is written
// next to each case. tests/emulator.test.ts runs it against rtdb-emulator. "__me__" in a path
// stands for the acting user's uid, "__now__" in a value for the server's time.

import { MAIL_NODES, mailBaseTree, mailCases } from "./rules-matrix-mail";
import { ADMIN_ONLY, PUBLIC_ADMIN_WRITE } from "./rules-matrix-verdicts";

export type Actor = "visitor" | "stranger" | "admin";
export type Op = "read" | "create" | "overwrite" | "delete" | "invalid" | "unknown";
export type Decision = "allow" | "deny";
export const ACTORS: readonly Actor[] = ["visitor", "stranger", "admin"];
export const OPS: readonly Op[] = ["read", "create", "overwrite", "delete", "invalid", "unknown"];

/** One database action: read a path, or write a set of paths at once (null = delete). */
export type Action = { read: string } | { write: Record<string, unknown> };

export interface MatrixCase {
  name: string;
  /** Changes (path -> value, null deletes) applied to the base state before the action. */
  setup?: Record<string, unknown>;
  actor: Actor;
  action: Action;
  expect: Decision;
}

export const T = Date.parse("2026-01-10T12:00:00Z");
const long = (n: number, c = "x") => c.repeat(n);
/** The same post as a draft, as published (it moves between blog/drafts and blog/posts), and its list entry. */
const draftOf = (p: { rev: number } & Record<string, unknown>) => ({ ...without(p, "publishedAt"), status: "draft", rev: p.rev });
const publishedOf = (p: { rev: number } & Record<string, unknown>) => ({ ...p, status: "published", publishedAt: T });
const entryOf = (p: Record<string, unknown>) =>
  Object.fromEntries(
    ["title", "summary", "tags", "readingMinutes", "publishedAt", "coverUrl", "coverImage"].filter((k) => p[k] !== undefined).map((k) => [k, p[k]]),
  );

/** A copy without one key (the SDK refuses undefined values). */
const without = <V extends Record<string, unknown>>(value: V, key: keyof V): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

// --- valid records ---------------------------------------------------------------------------
/** An uploaded picture as content stores it beside an image URL (media.ts, ImageRef). */
export const imageRef = {
  id: "0123456789abcdef-1600x900",
  alt: "A lighthouse at dusk",
  placeholder: "data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
  focus: { x: 30, y: 60 },
};
export const fx = {
  about: { headline: "Front-end engineer", bio: "I build **fast** sites.", location: "Gothenburg", rev: 1, updatedAt: T },
  contact: { email: "me@example.com", links: [{ label: "GitHub", url: "https://github.com/me" }], rev: 1, updatedAt: T },
  experience: {
    company: "Acme",
    role: "Engineer",
    start: "2020-01",
    end: "2022-06",
    projects: [{ name: "Portal", technologies: ["React", "TypeScript"] }],
    order: 0,
    rev: 1,
    updatedAt: T,
  },
  skill: { name: "TypeScript", category: "Languages", order: 0, rev: 1, updatedAt: T },
  project: {
    title: "Tool",
    summary: "A *tool*.",
    sourceUrl: "https://github.com/me/tool",
    technologies: ["Node.js"],
    date: "2024-05",
    order: 0,
    rev: 1,
    updatedAt: T,
  },
  recommendation: {
    fullName: "Jo Doe",
    role: "CTO",
    relationship: "Manager",
    text: "Maya is a wonderful colleague to work with.",
    links: [{ label: "LinkedIn", url: "https://linkedin.com/in/jo" }],
    date: "2025-01-02",
    order: 0,
    rev: 1,
    updatedAt: T,
  },
  quote: { text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra", year: 1975, rev: 1, updatedAt: T },
  film: {
    title: "Stalker",
    year: 1979,
    directors: ["Andrei Tarkovsky"],
    countries: ["Soviet Union"],
    minutes: 161,
    rating: 4.5,
    watchedOn: "2024-03-01",
    rev: 1,
    updatedAt: T,
  },
  /** The statistics of the one film of the base state (film-stats.ts). */
  filmStats: { count: 1, minutes: 161, ratingHalves: 9, decades: { "1970s": 1 } },
  /** Its tallies per director and country (keys: tallyKey of the name). */
  filmTallies: {
    directors: { "Andrei%20Tarkovsky": { name: "Andrei Tarkovsky", count: 1 } },
    countries: { "Soviet%20Union": { name: "Soviet Union", count: 1 } },
  },
  submission: { fullName: "Sam Lee", role: "Engineer", relationship: "Peer", text: "Great to work with, always helpful.", createdAt: T },
  publishedPost: {
    title: "Hello",
    summary: "First post",
    body: "# Hi\n\nText.",
    tags: ["intro"],
    status: "published",
    readingMinutes: 1,
    createdAt: T - 1000,
    publishedAt: T,
    rev: 1,
    updatedAt: T,
  },
  draftPost: { title: "Draft", summary: "Not yet", body: "Soon.", status: "draft", readingMinutes: 1, createdAt: T, rev: 1, updatedAt: T },
  indexEntry: { title: "Hello", summary: "First post", tags: ["intro"], readingMinutes: 1, publishedAt: T },
  media: {
    alt: "A red bicycle against a wall",
    placeholder: "data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=",
    focus: { x: 30, y: 60 },
    name: "bicycle.jpg",
    variants: { "320": { webp: 9000, jpeg: 14000 }, "640": { webp: 25000, jpeg: 41000 } },
    createdAt: T,
    rev: 1,
    updatedAt: T,
  },
};
/** The media ids of the matrix (content-addressed: 16 hex, then the size). */
export const MEDIA_ID = "0123456789abcdef-640x480";

/** The state every case starts from (plus `admins/{adminUid}: true`). */
export function baseTree(adminUid: string): Record<string, unknown> {
  return {
    admins: { [adminUid]: true },
    site: { about: fx.about, contact: fx.contact },
    experience: { e1: fx.experience },
    skills: { s1: fx.skill },
    projects: { p1: fx.project },
    recommendations: { r1: fx.recommendation },
    recommendationSubmissions: { sub1: fx.submission },
    recommendationSubmitters: { sub1: T },
    blog: { posts: { hello: fx.publishedPost }, drafts: { "draft-one": fx.draftPost }, index: { hello: fx.indexEntry } },
    quotes: { q1: fx.quote },
    films: { f1: fx.film },
    filmStats: fx.filmStats,
    filmTallies: fx.filmTallies,
    media: { [MEDIA_ID]: fx.media },
    changes: { blog: 3 },
    ...mailBaseTree(),
  };
}

interface NodeSpec {
  node: string;
  existing: string;
  fresh: string;
  /** State changes before "create" (a singleton is removed first). */
  createSetup?: Record<string, unknown>;
  create: Record<string, unknown>;
  overwrite: Record<string, unknown>;
  /** The delete (default: the existing record alone). */
  remove?: Record<string, unknown>;
  invalid: Record<string, unknown>;
  unknown: Record<string, unknown>;
  /** Per actor, in the order read, create, overwrite, delete, invalid, unknown. */
  expect: Record<Actor, readonly [Decision, Decision, Decision, Decision, Decision, Decision]>;
}

const bump = <V extends { rev: number }>(value: V, patch: Partial<V> & Record<string, unknown>) => ({ ...value, ...patch, rev: value.rev + 1 });

function collectionNode(
  node: string,
  value: { rev: number } & Record<string, unknown>,
  invalidPatch: Record<string, unknown>,
  changed: Record<string, unknown>,
): NodeSpec {
  return {
    node: `${node}/{id}`,
    existing: `${node}/${Object.keys(baseTree("x")[node] as object)[0]}`,
    fresh: `${node}/new1`,
    create: { [`${node}/new1`]: value },
    overwrite: { [`${node}/${Object.keys(baseTree("x")[node] as object)[0]}`]: bump(value, changed) },
    invalid: { [`${node}/new1`]: { ...value, ...invalidPatch } },
    unknown: { [`${node}/new1`]: { ...value, showPublic: true } },
    expect: PUBLIC_ADMIN_WRITE,
  };
}

/** A single record the admin writes and everyone reads; "create" is its first write, starting without one. */
function singletonNode(
  node: string,
  value: { rev: number } & Record<string, unknown>,
  changed: Record<string, unknown>,
  invalidPatch: Record<string, unknown>,
  unknownPatch: Record<string, unknown>,
): NodeSpec {
  return {
    node,
    existing: node,
    fresh: node,
    createSetup: { [node]: null },
    create: { [node]: value },
    overwrite: { [node]: bump(value, changed) },
    invalid: { [node]: bump(value, invalidPatch) },
    unknown: { [node]: bump(value, unknownPatch) },
    expect: PUBLIC_ADMIN_WRITE,
  };
}

export const NODES: NodeSpec[] = [
  singletonNode("site/about", fx.about, { headline: "Changed" }, { headline: long(161) }, { html: "<p>x</p>" }),
  singletonNode("site/contact", fx.contact, { email: "new@example.com" }, { links: [{ label: "x", url: "javascript:alert(1)" }] }, { fax: "123" }),
  collectionNode("experience", fx.experience, { start: "January 2020" }, { role: "Lead" }),
  collectionNode("skills", fx.skill, { order: "first" }, { name: "TS" }),
  collectionNode("projects", fx.project, { sourceUrl: "ftp://example.com/x" }, { title: "Tool 2" }),
  collectionNode("recommendations", fx.recommendation, { text: "Too short" }, { text: "Maya is the best colleague I have had." }),
  collectionNode("quotes", fx.quote, { author: 42 }, { year: 1974 }),
  collectionNode("films", fx.film, { rating: 3.3 }, { rating: 5 }),
  {
    node: "filmStats",
    existing: "filmStats",
    fresh: "filmStats",
    createSetup: { filmStats: null },
    create: { filmStats: fx.filmStats },
    overwrite: { filmStats: { ...fx.filmStats, count: 2, decades: { "1970s": 1, "2010s": 1 } } },
    invalid: { filmStats: { ...fx.filmStats, count: -1 } },
    unknown: { filmStats: { ...fx.filmStats, topDirectors: ["Andrei Tarkovsky"] } },
    expect: PUBLIC_ADMIN_WRITE,
  },
  {
    node: "filmTallies/directors/{name}",
    existing: "filmTallies/directors/Andrei%20Tarkovsky",
    fresh: "filmTallies/directors/Ridley%20Scott",
    create: { "filmTallies/directors/Ridley%20Scott": { name: "Ridley Scott", count: 1 } },
    overwrite: { "filmTallies/directors/Andrei%20Tarkovsky": { name: "Andrei Tarkovsky", count: 2 } },
    invalid: { "filmTallies/directors/Ridley%20Scott": { name: "Ridley Scott", count: 0.5 } },
    unknown: { "filmTallies/directors/Ridley%20Scott": { name: "Ridley Scott", count: 1, rating: 5 } },
    expect: PUBLIC_ADMIN_WRITE,
  },
  {
    // The change marker: public, bumped by 1, never removed.
    node: "changes/{section}",
    existing: "changes/blog",
    fresh: "changes/quotes",
    create: { "changes/quotes": 1 },
    overwrite: { "changes/blog": 4 },
    invalid: { "changes/blog": 7 },
    unknown: { "changes/comments": 1 },
    expect: {
      //         read     create   overwrite delete  invalid  unknown field
      visitor: ["allow", "deny", "deny", "deny", "deny", "deny"],
      stranger: ["allow", "deny", "deny", "deny", "deny", "deny"],
      admin: ["allow", "allow", "allow", "deny", "deny", "deny"],
    },
  },
  {
    node: "media/{id}",
    existing: `media/${MEDIA_ID}`,
    fresh: "media/fedcba9876543210-1920x1080",
    create: { "media/fedcba9876543210-1920x1080": fx.media },
    overwrite: { [`media/${MEDIA_ID}`]: bump(fx.media, { alt: "A blue bicycle" }) },
    // Each field's own check: a variant of zero bytes, a width that is not a number, a script as placeholder, a focus off the picture.
    invalid: { "media/fedcba9876543210-1920x1080": { ...fx.media, variants: { "320": { webp: 0, jpeg: 10 } } } },
    unknown: { "media/fedcba9876543210-1920x1080": { ...fx.media, exif: "GPS 57.7,11.9" } },
    expect: ADMIN_ONLY,
  },
  {
    node: "recommendationSubmissions/{uid}",
    existing: "recommendationSubmissions/sub1",
    fresh: "recommendationSubmissions/__me__",
    // A submission goes with its sender's rate-limit marker, both stamped now.
    create: { "recommendationSubmissions/__me__": { ...fx.submission, createdAt: "__now__" }, "recommendationSubmitters/__me__": "__now__" },
    overwrite: { "recommendationSubmissions/sub1": { ...fx.submission, text: "Changed text that is long enough.", createdAt: "__now__" } },
    invalid: { "recommendationSubmissions/__me__": { ...fx.submission, text: "short", createdAt: "__now__" }, "recommendationSubmitters/__me__": "__now__" },
    unknown: { "recommendationSubmissions/__me__": { ...fx.submission, approved: true, createdAt: "__now__" }, "recommendationSubmitters/__me__": "__now__" },
    expect: {
      //         read     create   overwrite delete  invalid  unknown field
      // Signed out, nobody submits: visitors sign in anonymously first.
      visitor: ["deny", "deny", "deny", "deny", "deny", "deny"],
      stranger: ["deny", "allow", "deny", "deny", "deny", "deny"],
      admin: ["allow", "allow", "deny", "allow", "deny", "deny"],
    },
  },
  {
    node: "blog/posts/{slug} (published)",
    existing: "blog/posts/hello",
    fresh: "blog/posts/second",
    // Publishing writes the post and its list-index entry together.
    create: { "blog/posts/second": fx.publishedPost, "blog/index/second": fx.indexEntry },
    overwrite: { "blog/posts/hello": bump(fx.publishedPost, { title: "Hello again" }), "blog/index/hello": { ...fx.indexEntry, title: "Hello again" } },
    remove: { "blog/posts/hello": null, "blog/index/hello": null },
    invalid: { "blog/posts/second": { ...fx.publishedPost, status: "scheduled" }, "blog/index/second": fx.indexEntry },
    unknown: { "blog/posts/second": { ...fx.publishedPost, author: "me" }, "blog/index/second": fx.indexEntry },
    expect: PUBLIC_ADMIN_WRITE,
  },
  {
    node: "blog/drafts/{slug}",
    existing: "blog/drafts/draft-one",
    fresh: "blog/drafts/draft-two",
    create: { "blog/drafts/draft-two": fx.draftPost },
    overwrite: { "blog/drafts/draft-one": bump(fx.draftPost, { body: "Longer now." }) },
    invalid: { "blog/drafts/draft-two": { ...fx.draftPost, readingMinutes: 0 } },
    unknown: { "blog/drafts/draft-two": { ...fx.draftPost, html: "<b>x</b>" } },
    expect: ADMIN_ONLY,
  },
  {
    node: "blog/index/{slug}",
    existing: "blog/index/hello",
    fresh: "blog/index/second",
    create: { "blog/posts/second": fx.publishedPost, "blog/index/second": fx.indexEntry },
    overwrite: {
      "blog/posts/hello": bump(fx.publishedPost, { summary: "Updated summary" }),
      "blog/index/hello": { ...fx.indexEntry, summary: "Updated summary" },
    },
    remove: { "blog/posts/hello": null, "blog/index/hello": null },
    invalid: { "blog/posts/second": fx.publishedPost, "blog/index/second": { ...fx.indexEntry, tags: "intro" } },
    unknown: { "blog/posts/second": fx.publishedPost, "blog/index/second": { ...fx.indexEntry, body: "# Hi" } },
    expect: PUBLIC_ADMIN_WRITE,
  },
];

/** Named cases for what the six operations do not show. */
export function extraCases(ids: { adminUid: string; strangerUid: string }): MatrixCase[] {
  const c = (name: string, actor: Actor, action: Action & { setup?: Record<string, unknown> }, expect: Decision): MatrixCase => {
    const { setup, ...rest } = action as { setup?: Record<string, unknown> } & Record<string, unknown>;
    return { name, actor, action: rest as Action, expect, ...(setup ? { setup } : {}) };
  };
  const post = fx.publishedPost;
  const liveRelease = { release: "1.0.0-aaaaaaaaaa", entry: "http://127.0.0.1:4178/releases/1.0.0-aaaaaaaaaa/mf-manifest.json", at: T };
  const canary = { release: "1.0.1-bbbbbbbbbb", key: "1,0,1-bbbbbbbbbb", entry: "http://127.0.0.1:4178/x/mf-manifest.json", percent: 20, startedAt: T };
  const recordEntry = { at: new Date(T).toISOString(), kind: "release", remote: "remote_blog", release: "1.0.0-aaaaaaaaaa", by: "me", commit: "abc" };
  /** A save of a published post with its list entry, as postUpdates writes it. */
  const save = (p: typeof post, patch: Partial<typeof post> & Record<string, unknown>) => {
    const next = bump(p, patch);
    return { "blog/posts/hello": next, "blog/index/hello": entryOf(next) };
  };
  /** Publishing `hello` as part 1 of the Intro series, its part entry naming part `part` (none: written without it). */
  const publishInSeries = (part?: number) => ({
    "blog/posts/hello": bump(post, { series: { slug: "intro", title: "Intro", part: 1 } }),
    "blog/index/hello": entryOf(post),
    ...(part === undefined ? {} : { "blog/series/intro/hello": { seriesTitle: "Intro", title: "Hello", part } }),
  });
  /** The record a rename writes: the left one's rev + 1, naming the slug it left. */
  const renamed = (p: { rev: number } & Record<string, unknown>, from: string) => ({ ...bump(p, {}), movedFrom: from });
  /** A rename as savePost writes it: postRemoval of the old slug, postUpdates of the new one. */
  const rename = (p: { rev: number } & Record<string, unknown>, from: string, to: string, place: "posts" | "drafts" = "posts") => ({
    [`blog/posts/${from}`]: null,
    [`blog/drafts/${from}`]: null,
    [`blog/index/${from}`]: null,
    [`blog/revisions/${from}`]: null,
    [`blog/${place}/${to}`]: renamed(p, from),
    ...(place === "posts" ? { [`blog/index/${to}`]: entryOf(p) } : {}),
  });
  const mine = (value: unknown) => ({ "recommendationSubmissions/__me__": value });
  const submit = (patch: Record<string, unknown> = {}) => ({
    ...mine({ ...fx.submission, ...patch, createdAt: "__now__" }),
    "recommendationSubmitters/__me__": "__now__",
  });
  const submitted = (at: number) => ({ ...mine({ ...fx.submission, createdAt: at }), "recommendationSubmitters/__me__": at });
  /** A read only the admin may make, tried by each actor. */
  const adminOnlyRead = (name: string, path: string) => ACTORS.map((who) => c(name, who, { read: path }, who === "admin" ? "allow" : "deny"));
  return [
    // Whole lists
    c("list blog/posts (published only)", "visitor", { read: "blog/posts" }, "allow"),
    ...adminOnlyRead("list blog/drafts", "blog/drafts"),
    ...adminOnlyRead("read a post's earlier versions", "blog/revisions/hello"),
    c("keep an earlier version", "stranger", { write: { "blog/revisions/hello/v1": post } }, "deny"),
    // A version is kept by the save that replaces it, in the same update.
    c("keep an earlier version", "admin", { write: { ...save(post, { body: "New." }), "blog/revisions/hello/v1": post } }, "allow"),
    c("keep an earlier version under a key that is not a time", "admin", { write: { "blog/revisions/hello/latest": post } }, "deny"),
    c("keep an earlier version with an unknown field", "admin", { write: { "blog/revisions/hello/v1": { ...post, html: "<b>x</b>" } } }, "deny"),
    c("list blog/index", "visitor", { read: "blog/index" }, "allow"),
    ...adminOnlyRead("list recommendationSubmissions", "recommendationSubmissions"),
    c("list films", "visitor", { read: "films" }, "allow"),
    // The media library: admin only, every field checked
    ...adminOnlyRead("list media", "media"),
    c("a media record under a key that is not a media id", "admin", { write: { "media/bicycle": fx.media } }, "deny"),
    c(
      "a media record whose placeholder is not an image",
      "admin",
      { write: { "media/fedcba9876543210-1920x1080": { ...fx.media, placeholder: "javascript:alert(1)" } } },
      "deny",
    ),
    c(
      "a media record with its focus off the picture",
      "admin",
      { write: { "media/fedcba9876543210-1920x1080": { ...fx.media, focus: { x: 120, y: 5 } } } },
      "deny",
    ),
    c(
      "a media record with a variant width that is not a number",
      "admin",
      { write: { "media/fedcba9876543210-1920x1080": { ...fx.media, variants: { large: { webp: 1, jpeg: 1 } } } } },
      "deny",
    ),
    c("a media record without alt text", "admin", { write: { "media/fedcba9876543210-1920x1080": without(fx.media, "alt") } }, "deny"),
    c("a media alt edit without rev + 1", "admin", { write: { [`media/${MEDIA_ID}/alt`]: "Changed" } }, "deny"),
    c("a media alt edit with rev + 1", "admin", { write: { [`media/${MEDIA_ID}/alt`]: "Changed", [`media/${MEDIA_ID}/rev`]: 2 } }, "allow"),
    c("read the root", "visitor", { read: "" }, "deny"),
    c("read the root", "admin", { read: "" }, "deny"),
    // Publishing: a post lives in blog/posts (with its entry) or in blog/drafts, never both
    c(
      "unpublish: to drafts with rev + 1, entry removed, one update",
      "admin",
      { write: { "blog/posts/hello": null, "blog/index/hello": null, "blog/drafts/hello": bump(draftOf(post), {}) } },
      "allow",
    ),
    c("unpublish that leaves the published copy", "admin", { write: { "blog/index/hello": null, "blog/drafts/hello": bump(draftOf(post), {}) } }, "deny"),
    c(
      "unpublish that restarts rev at 5",
      "admin",
      { write: { "blog/posts/hello": null, "blog/index/hello": null, "blog/drafts/hello": { ...draftOf(post), rev: 5 } } },
      "deny",
    ),
    c(
      "publish: from drafts with rev + 1 and an entry, one update",
      "admin",
      {
        write: {
          "blog/drafts/draft-one": null,
          "blog/posts/draft-one": bump(publishedOf(fx.draftPost), {}),
          "blog/index/draft-one": entryOf(publishedOf(fx.draftPost)),
        },
      },
      "allow",
    ),
    c(
      "publish that leaves the draft in place",
      "admin",
      { write: { "blog/posts/draft-one": bump(publishedOf(fx.draftPost), {}), "blog/index/draft-one": entryOf(publishedOf(fx.draftPost)) } },
      "deny",
    ),
    c(
      "publish without a list entry",
      "admin",
      { write: { "blog/drafts/draft-one": null, "blog/posts/draft-one": bump(publishedOf(fx.draftPost), {}) } },
      "deny",
    ),
    c("a draft stored in blog/posts", "admin", { write: { "blog/posts/hello": bump(post, { status: "draft" }), "blog/index/hello": null } }, "deny"),
    c("an index entry for a draft", "admin", { write: { "blog/index/draft-one": fx.indexEntry } }, "deny"),
    c("an index entry that differs from its post", "admin", { write: { "blog/index/hello": { ...fx.indexEntry, title: "Clickbait" } } }, "deny"),
    c("a post edit that leaves its entry stale", "admin", { write: { "blog/posts/hello": bump(post, { title: "Renamed" }) } }, "deny"),
    c(
      "a published post without publishedAt",
      "admin",
      { write: { "blog/posts/second": without(post, "publishedAt"), "blog/index/second": fx.indexEntry } },
      "deny",
    ),
    c("a post under a slug with capitals", "admin", { write: { "blog/drafts/Hello-World": fx.draftPost } }, "deny"),
    c("delete a post, keep its entry", "admin", { write: { "blog/posts/hello": null } }, "deny"),
    // Moves: a rename (or publish, unpublish) continues the rev of the record it leaves, as stored now
    c("rename: new slug with the old rev + 1 and movedFrom, old slug removed, one update", "admin", { write: rename(post, "hello", "hello-again") }, "allow"),
    c("rename a draft", "admin", { write: rename(fx.draftPost, "draft-one", "draft-renamed", "drafts") }, "allow"),
    c(
      "rename carrying stale content after another save",
      "admin",
      { setup: save(post, { body: "Newer." }), write: rename(post, "hello", "hello-again") },
      "deny",
    ),
    c(
      "rename that restarts rev at 1",
      "admin",
      { write: { ...rename(post, "hello", "hello-again"), "blog/posts/hello-again": { ...renamed(post, "hello"), rev: 1 } } },
      "deny",
    ),
    c("rename that keeps the old slug", "admin", { write: without(rename(post, "hello", "hello-again"), "blog/posts/hello") }, "deny"),
    c("rename onto an existing post", "admin", { write: rename(fx.draftPost, "draft-one", "hello", "drafts") }, "deny"),
    c("rename naming a source that does not exist", "admin", { write: rename(post, "nowhere", "hello-again") }, "deny"),
    c(
      "a new draft at rev 1 over a published post",
      "admin",
      { write: { "blog/posts/hello": null, "blog/index/hello": null, "blog/drafts/hello": { ...draftOf(post), rev: 1 } } },
      "deny",
    ),
    c(
      "a new published post at rev 1 over a draft",
      "admin",
      {
        write: {
          "blog/drafts/draft-one": null,
          "blog/posts/draft-one": { ...publishedOf(fx.draftPost), rev: 1 },
          "blog/index/draft-one": entryOf(publishedOf(fx.draftPost)),
        },
      },
      "deny",
    ),
    c(
      "publish carrying stale content after another save",
      "admin",
      {
        setup: { "blog/drafts/draft-one": bump(fx.draftPost, { body: "Newer." }) },
        write: {
          "blog/drafts/draft-one": null,
          "blog/posts/draft-one": bump(publishedOf(fx.draftPost), {}),
          "blog/index/draft-one": entryOf(publishedOf(fx.draftPost)),
        },
      },
      "deny",
    ),
    c("a new post over an existing slug", "admin", { write: { "blog/drafts/hello": fx.draftPost } }, "deny"),
    // An index entry's tags are its post's
    c("an index entry with other tags", "admin", { write: { "blog/index/hello": { ...fx.indexEntry, tags: ["clickbait"] } } }, "deny"),
    c("an index entry with a tag more", "admin", { write: { "blog/index/hello": { ...fx.indexEntry, tags: ["intro", "more"] } } }, "deny"),
    c("an index entry without the post's tags", "admin", { write: { "blog/index/hello": without(fx.indexEntry, "tags") } }, "deny"),
    c("a post's tags changed, its entry's not", "admin", { write: { "blog/posts/hello": bump(post, { tags: ["intro", "news"] }) } }, "deny"),
    c("a post's tags changed with its entry's", "admin", { write: save(post, { tags: ["intro", "news"] }) }, "allow"),
    // Pictures beside image URLs (ImageRef): the fields it has, and a cover copied to the list entry
    c("a post's cover picture with its entry's", "admin", { write: save(post, { coverImage: imageRef }) }, "allow"),
    c(
      "a cover picture on the post, not on its entry",
      "admin",
      { write: { ...save(post, {}), "blog/posts/hello": bump(post, { coverImage: imageRef }) } },
      "deny",
    ),
    ...(
      [
        ["alt text", { ...imageRef, alt: "Something else" }],
        ["placeholder", without(imageRef, "placeholder")],
        ["focus", { ...imageRef, focus: { x: 31, y: 60 } }],
      ] as const
    ).map(([field, entryCover]) =>
      c(
        `an entry whose cover ${field} differs from its post's`,
        "admin",
        { write: { ...save(post, { coverImage: imageRef }), "blog/index/hello": { ...fx.indexEntry, coverImage: entryCover } } },
        "deny",
      ),
    ),
    c("a draft's cover picture", "admin", { write: { "blog/drafts/draft-one": bump(fx.draftPost, { coverImage: imageRef }) } }, "allow"),
    c(
      "the avatar as a picture",
      "admin",
      { write: { "site/about": bump(fx.about, { avatarUrl: "https://example.com/a.jpg", avatarImage: without(imageRef, "focus") }) } },
      "allow",
    ),
    c("a project's picture", "admin", { write: { "projects/new1": { ...fx.project, image: imageRef } } }, "allow"),
    c("a film's poster picture", "admin", { write: { "films/new1": { ...fx.film, posterImage: imageRef } } }, "allow"),
    ...(
      [
        ["without alt text", without(imageRef, "alt")],
        ["with empty alt text", { ...imageRef, alt: "" }],
        ["with blank alt text", { ...imageRef, alt: "   " }],
        ["with 301 characters of alt text", { ...imageRef, alt: long(301) }],
        ["without an id", without(imageRef, "id")],
        ["with an id that is not a media id", { ...imageRef, id: "../../etc/passwd" }],
        ["with an id of upper-case hex", { ...imageRef, id: "0123456789ABCDEF-1600x900" }],
        ["with a placeholder that is a URL", { ...imageRef, placeholder: "https://example.com/tiny.png" }],
        ["with an SVG placeholder", { ...imageRef, placeholder: "data:image/svg+xml;base64,PHN2Zy8+" }],
        ["with a 2001-character placeholder", { ...imageRef, placeholder: `data:image/png;base64,${long(1979, "A")}` }],
        ["with a focus of 101", { ...imageRef, focus: { x: 101, y: 50 } }],
        ["with a focus of 12.5", { ...imageRef, focus: { x: 12.5, y: 50 } }],
        ["with a focus missing y", { ...imageRef, focus: { x: 10 } }],
        ["with a focus field more", { ...imageRef, focus: { x: 10, y: 10, z: 1 } }],
        ["with a field more", { ...imageRef, caption: "Dusk" }],
        ["that is a string", "0123456789abcdef-1600x900"],
      ] as const
    ).map(([label, image]) => c(`a project picture ${label}`, "admin", { write: { "projects/new1": { ...fx.project, image } } }, "deny")),
    // A kept version's rev: a whole number below its post's
    ...(
      [
        ["0", 0],
        ["-1", -1],
        ["1.5", 1.5],
        ["as high as its post's", 2],
        ["far above its post's", 1e12],
      ] as const
    ).map(([label, rev]) =>
      c(
        `keep an earlier version with rev ${label}`,
        "admin",
        { write: { ...save(post, { body: "New." }), "blog/revisions/hello/v1": { ...post, rev } } },
        "deny",
      ),
    ),
    c("keep an earlier version of a post that does not exist", "admin", { write: { "blog/revisions/nowhere/v1": post } }, "deny"),
    c("delete an entry, keep its post", "admin", { write: { "blog/index/hello": null } }, "deny"),
    // Whole records: no field changes without its rev
    c("PUT one field of a post", "admin", { write: { "blog/posts/hello/body": "Changed" } }, "deny"),
    c("PATCH fields of a post without rev", "admin", { write: { "blog/posts/hello/body": "Changed", "blog/posts/hello/updatedAt": T } }, "deny"),
    c(
      "PATCH fields of a post with rev + 1",
      "admin",
      { write: { "blog/posts/hello/body": "Changed", "blog/posts/hello/rev": 2, "blog/posts/hello/updatedAt": T } },
      "allow",
    ),
    c("PUT one field of a draft", "admin", { write: { "blog/drafts/draft-one/body": "Changed" } }, "deny"),
    c("PUT one field of a film", "admin", { write: { "films/f1/rating": 1 } }, "deny"),
    c("PUT one field of about", "admin", { write: { "site/about/headline": "Changed" } }, "deny"),
    // Compare-and-set by rev
    c("save with a stale rev (same rev as stored)", "admin", { write: { "experience/e1": { ...fx.experience, role: "Lead" } } }, "deny"),
    c("save skipping a rev", "admin", { write: { "experience/e1": { ...fx.experience, rev: 3 } } }, "deny"),
    c("create a record with rev 2", "admin", { write: { "experience/new1": { ...fx.experience, rev: 2 } } }, "deny"),
    c("reorder: order + rev + updatedAt", "admin", { write: { "skills/s1/order": 3, "skills/s1/rev": 2, "skills/s1/updatedAt": T } }, "allow"),
    c("reorder with a stale rev", "admin", { write: { "skills/s1/order": 3, "skills/s1/rev": 1 } }, "deny"),
    c("updatedAt in the future", "admin", { write: { "quotes/q1": { ...fx.quote, rev: 2, updatedAt: Date.parse("2999-01-01") } } }, "deny"),
    // Moderation queue: one pending submission per (anonymous) uid, a minimum interval, no floods
    c(
      "approve: recommendation created + submission deleted",
      "admin",
      { write: { "recommendations/r2": fx.recommendation, "recommendationSubmissions/sub1": null } },
      "allow",
    ),
    c("approve attempted by a non-admin", "stranger", { write: { "recommendations/r2": fx.recommendation, "recommendationSubmissions/sub1": null } }, "deny"),
    c("submission with createdAt in the past", "stranger", { write: { ...mine(fx.submission), "recommendationSubmitters/__me__": "__now__" } }, "deny"),
    c("submission without its rate-limit marker", "stranger", { write: mine({ ...fx.submission, createdAt: "__now__" }) }, "deny"),
    c(
      "submission under someone else's uid",
      "stranger",
      { write: { "recommendationSubmissions/someone": { ...fx.submission, createdAt: "__now__" }, "recommendationSubmitters/someone": "__now__" } },
      "deny",
    ),
    c(
      "submission under a push id (REST POST)",
      "stranger",
      { write: { "recommendationSubmissions/-NpushId123": { ...fx.submission, createdAt: "__now__" } } },
      "deny",
    ),
    c(
      "flood: many submissions in one PATCH",
      "stranger",
      {
        write: {
          ...submit(),
          ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`recommendationSubmissions/flood${i}`, { ...fx.submission, createdAt: "__now__" }])),
        },
      },
      "deny",
    ),
    c("a second pending submission", "stranger", { setup: { ...submitted(0) }, write: submit() }, "deny"),
    c("again too soon after the first was handled", "stranger", { setup: { "recommendationSubmitters/__me__": "__now__" }, write: submit() }, "deny"),
    c("again after the interval", "stranger", { setup: { "recommendationSubmitters/__me__": 0 }, write: submit() }, "allow"),
    c(
      "delete one's own rate-limit marker",
      "stranger",
      { setup: { "recommendationSubmitters/__me__": 0 }, write: { "recommendationSubmitters/__me__": null } },
      "deny",
    ),
    c("a marker without a submission", "stranger", { write: { "recommendationSubmitters/__me__": "__now__" } }, "deny"),
    c("submission with a javascript: link", "stranger", { write: submit({ link: "javascript:alert(1)" }) }, "deny"),
    c("submission with an https link", "stranger", { write: submit({ link: "https://example.com/me" }) }, "allow"),
    c("submission with a 2001-character text", "stranger", { write: submit({ text: long(2001) }) }, "deny"),
    c("submission straight into recommendations", "stranger", { write: { "recommendations/r9": fx.recommendation } }, "deny"),
    c("wipe all submissions at once", "stranger", { write: { recommendationSubmissions: null } }, "deny"),
    c(
      "bulk reject: several submissions deleted in one update",
      "admin",
      { setup: { "recommendationSubmissions/sub2": fx.submission }, write: { "recommendationSubmissions/sub1": null, "recommendationSubmissions/sub2": null } },
      "allow",
    ),
    // Field validation details
    c("experience ending before it starts", "admin", { write: { "experience/new1": { ...fx.experience, start: "2022-01", end: "2021-12" } } }, "deny"),
    c("a list with 31 items", "admin", { write: { "projects/new1": { ...fx.project, technologies: Array.from({ length: 31 }, (_, i) => `t${i}`) } } }, "deny"),
    c("a list with 30 items", "admin", { write: { "projects/new1": { ...fx.project, technologies: Array.from({ length: 30 }, (_, i) => `t${i}`) } } }, "allow"),
    c("a contact email without @", "admin", { write: { "site/contact": { ...fx.contact, email: "me.example.com", rev: 2 } } }, "deny"),
    c("a contact email with a space", "admin", { write: { "site/contact": { ...fx.contact, email: "me @example.com", rev: 2 } } }, "deny"),
    c("a valid contact email", "admin", { write: { "site/contact": { ...fx.contact, email: "first.last+tag@example.co.uk", rev: 2 } } }, "allow"),
    c("a URL with a javascript: scheme", "admin", { write: { "projects/new1": { ...fx.project, liveUrl: "javascript:alert(1)" } } }, "deny"),
    c("an image on this site (/images/...)", "admin", { write: { "projects/new1": { ...fx.project, imageUrl: "/images/avatar.svg" } } }, "allow"),
    c("an image on another host written as //host/...", "admin", { write: { "projects/new1": { ...fx.project, imageUrl: "//evil.example/x.png" } } }, "deny"),
    c("a site path where only an absolute link fits", "admin", { write: { "projects/new1": { ...fx.project, liveUrl: "/images/avatar.svg" } } }, "deny"),
    // filmStats: kept by the film writes with server increments, in the same update as the film
    c(
      "a new film with its statistics' increments, one update",
      "admin",
      {
        write: {
          "films/new1": { ...fx.film, year: 2016, minutes: 116, rating: 3.5 },
          "filmStats/count": { ".sv": { increment: 1 } },
          "filmStats/minutes": { ".sv": { increment: 116 } },
          "filmStats/ratingHalves": { ".sv": { increment: 7 } },
          "filmStats/decades/2010s": { ".sv": { increment: 1 } },
        },
      },
      "allow",
    ),
    c(
      "a film's new director and country: their tallies' increments, one update",
      "admin",
      {
        write: {
          "films/new1": { ...fx.film, directors: ["Ridley Scott"], countries: ["UK"] },
          "filmStats/count": { ".sv": { increment: 1 } },
          "filmTallies/directors/Ridley%20Scott/name": "Ridley Scott",
          "filmTallies/directors/Ridley%20Scott/count": { ".sv": { increment: 1 } },
          "filmTallies/countries/UK/name": "UK",
          "filmTallies/countries/UK/count": { ".sv": { increment: 1 } },
        },
      },
      "allow",
    ),
    c("a tally's increment from a visitor", "visitor", { write: { "filmTallies/directors/Andrei%20Tarkovsky/count": { ".sv": { increment: 1 } } } }, "deny"),
    c("a tally without its name", "admin", { write: { "filmTallies/countries/UK/count": 1 } }, "deny"),
    c("a tally list that is neither directors nor countries", "admin", { write: { "filmTallies/genres/Drama": { name: "Drama", count: 1 } } }, "deny"),
    c("a tally name longer than a country may be", "admin", { write: { "filmTallies/countries/x": { name: "x".repeat(61), count: 1 } } }, "deny"),
    c("the top directors: a query on count, signed out", "visitor", { read: "filmTallies/directors" }, "allow"),
    c("the statistics' increments from a visitor", "visitor", { write: { "filmStats/count": { ".sv": { increment: 1 } } } }, "deny"),
    c("the statistics' increments from a signed-in non-admin", "stranger", { write: { "filmStats/count": { ".sv": { increment: 1 } } } }, "deny"),
    c("an increment that takes a figure below zero", "admin", { write: { "filmStats/count": { ".sv": { increment: -2 } } } }, "deny"),
    c("read the films' statistics signed out", "visitor", { read: "filmStats/decades" }, "allow"),
    // The change marker goes with the write it announces, as a server increment.
    c(
      "a post's save with the blog's change marker, one update",
      "admin",
      { write: { "blog/posts/hello": { ...fx.publishedPost, rev: 2 }, "blog/index/hello": fx.indexEntry, "changes/blog": { ".sv": { increment: 1 } } } },
      "allow",
    ),
    c("a first change of a section: its counter starts at 1", "admin", { write: { "changes/about": { ".sv": { increment: 1 } } } }, "allow"),
    c("a change marker moved by 2", "admin", { write: { "changes/blog": { ".sv": { increment: 2 } } } }, "deny"),
    c("a change marker that is not a number", "admin", { write: { "changes/blog": "4" } }, "deny"),
    c("the whole marker read signed out", "visitor", { read: "changes" }, "allow"),
    c("a change marker bumped by a visitor", "visitor", { write: { "changes/blog": { ".sv": { increment: 1 } } } }, "deny"),
    c("a statistics decade not named like 1990s", "admin", { write: { "filmStats/decades/nineties": 1 } }, "deny"),
    c("a statistics figure that is not a whole number", "admin", { write: { "filmStats/minutes": 10.5 } }, "deny"),
    c("statistics without a count", "admin", { write: { filmStats: without(fx.filmStats, "count") } }, "deny"),
    c("a film without directors", "admin", { write: { "films/new1": without(fx.film, "directors") } }, "deny"),
    c("a record key with spaces", "admin", { write: { "quotes/bad key!": fx.quote } }, "deny"),
    c("a string where a record belongs", "admin", { write: { films: "all gone" } }, "deny"),
    c("an unknown top-level node", "admin", { write: { "settings/theme": "dark" } }, "deny"),
    c("an unknown child of site", "admin", { write: { "site/footer": { text: "hi" } } }, "deny"),
    // admins/{uid}
    c("read own admins entry", "admin", { read: `admins/${ids.adminUid}` }, "allow"),
    c("read own (absent) admins entry", "stranger", { read: `admins/${ids.strangerUid}` }, "allow"),
    c("read someone else's admins entry", "stranger", { read: `admins/${ids.adminUid}` }, "deny"),
    c("read admins entry signed out", "visitor", { read: `admins/${ids.adminUid}` }, "deny"),
    c("list admins", "admin", { read: "admins" }, "deny"),
    c("make yourself admin", "stranger", { write: { [`admins/${ids.strangerUid}`]: true } }, "deny"),
    c("write an admins entry as admin", "admin", { write: { [`admins/${ids.strangerUid}`]: true } }, "deny"),
    // Scheduled publishing: blog/schedule and blog/scheduler are the owner's and the scheduler's
    // (the scheduler's own cases run with the Admin SDK in renderer/tests/scheduled-publishing.test.ts).
    ...(["visitor", "stranger"] as const).flatMap((who) => [
      c("read the schedule", who, { read: "blog/schedule" }, "deny"),
      c("read the scheduler's last run", who, { read: "blog/scheduler" }, "deny"),
      c("schedule a draft", who, { write: { "blog/schedule/draft-one": { publishAt: T + 60_000, rev: 1 } } }, "deny"),
    ]),
    c("read the schedule", "admin", { read: "blog/schedule" }, "allow"),
    c("read the scheduler's last run", "admin", { read: "blog/scheduler" }, "allow"),
    c("schedule a draft at its current rev", "admin", { write: { "blog/schedule/draft-one": { publishAt: T + 60_000, rev: 1 } } }, "allow"),
    c("schedule a draft at a rev it does not have", "admin", { write: { "blog/schedule/draft-one": { publishAt: T + 60_000, rev: 4 } } }, "deny"),
    c("schedule a post that is no draft", "admin", { write: { "blog/schedule/hello": { publishAt: T + 60_000, rev: 1 } } }, "deny"),
    c("a schedule with an unknown field", "admin", { write: { "blog/schedule/draft-one": { publishAt: T, rev: 1, by: "me" } } }, "deny"),
    c(
      "save a scheduled draft, carrying its schedule to the new rev",
      "admin",
      {
        setup: { "blog/schedule/draft-one": { publishAt: T + 60_000, rev: 1 } },
        write: { "blog/drafts/draft-one": bump(fx.draftPost, { body: "Edited." }), "blog/schedule/draft-one": { publishAt: T + 60_000, rev: 2 } },
      },
      "allow",
    ),
    c("cancel a schedule", "admin", { setup: { "blog/schedule/draft-one": { publishAt: T, rev: 1 } }, write: { "blog/schedule/draft-one": null } }, "allow"),
    c("write the scheduler's run record", "admin", { write: { "blog/scheduler": { lastRunAt: T, intervalMs: 60_000, ok: true } } }, "deny"),
    // The release state (releases/): visitors read only the live releases; admins (and the
    // release command's uid) write the releases; only the renderer's reporter writes health
    // (the reporter's and the release command's own cases run with the Admin SDK:
    // renderer/tests/release-reports.test.ts, scripts/releases/store.test.ts).
    ...(["visitor", "stranger"] as const).flatMap((who) => [
      c("read the live releases", who, { read: "releases/live" }, "allow"),
      c("read the release counts", who, { read: "releases/health" }, "deny"),
      c("read the release record", who, { read: "releases/record" }, "deny"),
      c("read the canaries", who, { read: "releases/canary" }, "deny"),
      c("make a release live", who, { write: { "releases/live/remote_blog": liveRelease } }, "deny"),
      c("start a canary", who, { write: { "releases/canary/remote_blog": canary } }, "deny"),
    ]),
    c("read the release counts", "admin", { read: "releases/health" }, "allow"),
    c("read the release record", "admin", { read: "releases/record" }, "allow"),
    c("make a release live", "admin", { write: { "releases/live/remote_blog": liveRelease } }, "allow"),
    c("make a release live without its manifest", "admin", { write: { "releases/live/remote_blog": { release: "1.0.0-aaaaaaaaaa", at: T } } }, "deny"),
    c("make a release live for a malformed remote name", "admin", { write: { "releases/live/Remote-Blog": liveRelease } }, "deny"),
    c("start a canary", "admin", { write: { "releases/canary/remote_blog": canary } }, "allow"),
    c("start a canary for every visitor", "admin", { write: { "releases/canary/remote_blog": { ...canary, percent: 100 } } }, "deny"),
    c("record a release", "admin", { write: { "releases/record/-Nrecord1": recordEntry } }, "allow"),
    c(
      "rewrite the release record",
      "admin",
      { setup: { "releases/record/-Nrecord1": recordEntry }, write: { "releases/record/-Nrecord1": { ...recordEntry, by: "someone else" } } },
      "deny",
    ),
    c("hold a remote for a release", "admin", { write: { "releases/lock/remote_blog": { by: "me", command: "release", at: T } } }, "allow"),
    c("an unknown child of the release state", "admin", { write: { "releases/notes": "x" } }, "deny"),
    ...(["visitor", "stranger", "admin"] as const).flatMap((who) => [
      c("count a release's views", who, { write: { "releases/health/counts/remote_blog/1,0,0-aaaaaaaaaa": { views: 5, failed: 0 } } }, "deny"),
      c(
        "abort a canary",
        who,
        {
          write: {
            "releases/health/aborts/remote_blog/1,0,1-bbbbbbbbbb": { at: T, reason: "x", canary: { views: 10, failed: 9 }, live: { views: 1, failed: 0 } },
          },
        },
        "deny",
      ),
    ]),
    // Series: public, written only with the published post they describe
    c("read a series", "visitor", { read: "blog/series/intro" }, "allow"),
    c("publish a post in a series with its part, one update", "admin", { write: publishInSeries(1) }, "allow"),
    c("a post in a series without its part", "admin", { write: publishInSeries() }, "deny"),
    c("a part that says another part number than its post", "admin", { write: publishInSeries(2) }, "deny"),
    c("a part for a post outside the series", "admin", { write: { "blog/series/intro/hello": { seriesTitle: "Intro", title: "Hello", part: 1 } } }, "deny"),
    c("a part for a draft", "admin", { write: { "blog/series/intro/draft-one": { seriesTitle: "Intro", title: "Draft", part: 1 } } }, "deny"),
    c("a part written by a stranger", "stranger", { write: { "blog/series/intro/hello": null } }, "deny"),
  ];
}

/** The full list: the node matrix expanded, then the named cases. */
export function allCases(ids: { adminUid: string; strangerUid: string }): MatrixCase[] {
  const cases: MatrixCase[] = [];
  for (const spec of [...NODES, ...(MAIL_NODES as readonly NodeSpec[])]) {
    for (const actor of ACTORS) {
      OPS.forEach((op, i) => {
        const expect = spec.expect[actor][i] as Decision;
        let action: Action;
        switch (op) {
          case "read":
            action = { read: spec.existing };
            break;
          case "create":
            action = { write: spec.create };
            if (spec.createSetup) {
              cases.push({ name: `${spec.node} ${op}`, setup: spec.createSetup, actor, action, expect });
              return;
            }
            break;
          case "overwrite":
            action = { write: spec.overwrite };
            break;
          case "delete":
            action = { write: spec.remove ?? { [spec.existing]: null } };
            break;
          case "invalid":
            action = { write: spec.invalid };
            break;
          case "unknown":
            action = { write: spec.unknown };
            break;
        }
        cases.push({ name: `${spec.node} ${op}`, actor, action, expect });
      });
    }
  }
  return [...cases, ...extraCases(ids), ...mailCases()];
}
