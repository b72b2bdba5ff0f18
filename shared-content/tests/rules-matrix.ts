// The rules matrix as data: every node x {visitor, signed-in non-admin, admin} x
// {read, create, overwrite, delete, invalid shape, unknown field}, plus named cases for the
// cross-node rules (publishing, compare-and-set, approval, admins). The expectation is written
// next to each case. tests/emulator.test.ts runs it against rtdb-emulator.

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
/** A copy without one key (the SDK refuses undefined values). */
const without = <V extends Record<string, unknown>>(value: V, key: keyof V): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

// --- valid records ---------------------------------------------------------------------------
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
  project: { title: "Tool", summary: "A *tool*.", sourceUrl: "https://github.com/me/tool", technologies: ["Node.js"], date: "2024-05", order: 0, rev: 1, updatedAt: T },
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
  film: { title: "Stalker", year: 1979, directors: ["Andrei Tarkovsky"], countries: ["Soviet Union"], minutes: 161, rating: 4.5, watchedOn: "2024-03-01", rev: 1, updatedAt: T },
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
};

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
    blog: { posts: { hello: fx.publishedPost, "draft-one": fx.draftPost }, index: { hello: fx.indexEntry } },
    quotes: { q1: fx.quote },
    films: { f1: fx.film },
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
  invalid: Record<string, unknown>;
  unknown: Record<string, unknown>;
  /** Per actor, in the order read, create, overwrite, delete, invalid, unknown. */
  expect: Record<Actor, readonly [Decision, Decision, Decision, Decision, Decision, Decision]>;
}

/** Public content written only by admins (site, experience, skills, projects, ...). */
const PUBLIC_ADMIN_WRITE = {
  //         read     create  overwrite delete   invalid  unknown field
  visitor: ["allow", "deny", "deny", "deny", "deny", "deny"],
  stranger: ["allow", "deny", "deny", "deny", "deny", "deny"],
  admin: ["allow", "allow", "allow", "allow", "deny", "deny"],
} as const;

const bump = <V extends { rev: number }>(value: V, patch: Partial<V>) => ({ ...value, ...patch, rev: value.rev + 1 });

function collectionNode(node: string, value: { rev: number } & Record<string, unknown>, invalidPatch: Record<string, unknown>, changed: Record<string, unknown>): NodeSpec {
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

export const NODES: NodeSpec[] = [
  {
    node: "site/about",
    existing: "site/about",
    fresh: "site/about",
    // "create" = first write of the singleton: start without one.
    createSetup: { "site/about": null },
    create: { "site/about": fx.about },
    overwrite: { "site/about": bump(fx.about, { headline: "Changed" }) },
    invalid: { "site/about": bump(fx.about, { headline: long(161) }) },
    unknown: { "site/about": bump(fx.about, { html: "<p>x</p>" } as never) },
    expect: PUBLIC_ADMIN_WRITE,
  },
  {
    node: "site/contact",
    existing: "site/contact",
    fresh: "site/contact",
    createSetup: { "site/contact": null },
    create: { "site/contact": fx.contact },
    overwrite: { "site/contact": bump(fx.contact, { email: "new@example.com" }) },
    invalid: { "site/contact": bump(fx.contact, { links: [{ label: "x", url: "javascript:alert(1)" }] }) },
    unknown: { "site/contact": bump(fx.contact, { fax: "123" } as never) },
    expect: PUBLIC_ADMIN_WRITE,
  },
  collectionNode("experience", fx.experience, { start: "January 2020" }, { role: "Lead" }),
  collectionNode("skills", fx.skill, { order: "first" }, { name: "TS" }),
  collectionNode("projects", fx.project, { sourceUrl: "ftp://example.com/x" }, { title: "Tool 2" }),
  collectionNode("recommendations", fx.recommendation, { text: "Too short" }, { text: "Maya is the best colleague I have had." }),
  collectionNode("quotes", fx.quote, { author: 42 }, { year: 1974 }),
  collectionNode("films", fx.film, { rating: 3.3 }, { rating: 5 }),
  {
    node: "recommendationSubmissions/{id}",
    existing: "recommendationSubmissions/sub1",
    fresh: "recommendationSubmissions/new1",
    create: { "recommendationSubmissions/new1": { ...fx.submission, createdAt: "__now__" } },
    overwrite: { "recommendationSubmissions/sub1": { ...fx.submission, text: "Changed text that is long enough.", createdAt: "__now__" } },
    invalid: { "recommendationSubmissions/new1": { ...fx.submission, text: "short", createdAt: "__now__" } },
    unknown: { "recommendationSubmissions/new1": { ...fx.submission, approved: true, createdAt: "__now__" } },
    expect: {
      //         read     create   overwrite delete  invalid  unknown field
      visitor: ["deny", "allow", "deny", "deny", "deny", "deny"],
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
    invalid: { "blog/posts/second": { ...fx.publishedPost, status: "scheduled" }, "blog/index/second": fx.indexEntry },
    unknown: { "blog/posts/second": { ...fx.publishedPost, author: "me" }, "blog/index/second": fx.indexEntry },
    expect: PUBLIC_ADMIN_WRITE,
  },
  {
    node: "blog/posts/{slug} (draft)",
    existing: "blog/posts/draft-one",
    fresh: "blog/posts/draft-two",
    create: { "blog/posts/draft-two": fx.draftPost },
    overwrite: { "blog/posts/draft-one": bump(fx.draftPost, { body: "Longer now." }) },
    invalid: { "blog/posts/draft-two": { ...fx.draftPost, readingMinutes: 0 } },
    unknown: { "blog/posts/draft-two": { ...fx.draftPost, html: "<b>x</b>" } },
    expect: {
      //         read     create   overwrite delete  invalid  unknown field
      visitor: ["deny", "deny", "deny", "deny", "deny", "deny"],
      stranger: ["deny", "deny", "deny", "deny", "deny", "deny"],
      admin: ["allow", "allow", "allow", "allow", "deny", "deny"],
    },
  },
  {
    node: "blog/index/{slug}",
    existing: "blog/index/hello",
    fresh: "blog/index/second",
    create: { "blog/posts/second": fx.publishedPost, "blog/index/second": fx.indexEntry },
    overwrite: { "blog/index/hello": { ...fx.indexEntry, summary: "Updated summary" } },
    invalid: { "blog/posts/second": fx.publishedPost, "blog/index/second": { ...fx.indexEntry, tags: "intro" } },
    unknown: { "blog/posts/second": fx.publishedPost, "blog/index/second": { ...fx.indexEntry, body: "# Hi" } },
    expect: PUBLIC_ADMIN_WRITE,
  },
];

/** Named cases for what the six operations do not show. */
export function extraCases(ids: { adminUid: string; strangerUid: string }): MatrixCase[] {
  const c = (name: string, actor: Actor, action: Action, expect: Decision): MatrixCase => ({ name, actor, action, expect });
  const post = fx.publishedPost;
  return [
    // Whole lists
    c("list blog/posts (bodies, drafts)", "visitor", { read: "blog/posts" }, "deny"),
    c("list blog/posts (bodies, drafts)", "stranger", { read: "blog/posts" }, "deny"),
    c("list blog/posts (bodies, drafts)", "admin", { read: "blog/posts" }, "allow"),
    c("list blog/index", "visitor", { read: "blog/index" }, "allow"),
    c("list recommendationSubmissions", "visitor", { read: "recommendationSubmissions" }, "deny"),
    c("list recommendationSubmissions", "stranger", { read: "recommendationSubmissions" }, "deny"),
    c("list recommendationSubmissions", "admin", { read: "recommendationSubmissions" }, "allow"),
    c("list films", "visitor", { read: "films" }, "allow"),
    c("read the root", "visitor", { read: "" }, "deny"),
    c("read the root", "admin", { read: "" }, "deny"),
    // Publishing consistency
    c("a draft that keeps its index entry", "admin", { write: { "blog/posts/hello": bump(post, { status: "draft" }) } }, "deny"),
    c("unpublish: draft + index entry removed together", "admin", { write: { "blog/posts/hello": bump(post, { status: "draft" }), "blog/index/hello": null } }, "allow"),
    c("an index entry for a draft", "admin", { write: { "blog/index/draft-one": fx.indexEntry } }, "deny"),
    c("a published post without publishedAt", "admin", { write: { "blog/posts/second": without(post, "publishedAt") } }, "deny"),
    c("a post under a slug with capitals", "admin", { write: { "blog/posts/Hello-World": fx.draftPost } }, "deny"),
    c("delete a post and its index entry together", "admin", { write: { "blog/posts/hello": null, "blog/index/hello": null } }, "allow"),
    // Compare-and-set by rev
    c("save with a stale rev (same rev as stored)", "admin", { write: { "experience/e1": { ...fx.experience, role: "Lead" } } }, "deny"),
    c("save skipping a rev", "admin", { write: { "experience/e1": { ...fx.experience, rev: 3 } } }, "deny"),
    c("create a record with rev 2", "admin", { write: { "experience/new1": { ...fx.experience, rev: 2 } } }, "deny"),
    c("reorder: order + rev + updatedAt", "admin", { write: { "skills/s1/order": 3, "skills/s1/rev": 2, "skills/s1/updatedAt": T } }, "allow"),
    c("reorder with a stale rev", "admin", { write: { "skills/s1/order": 3, "skills/s1/rev": 1 } }, "deny"),
    c("updatedAt in the future", "admin", { write: { "quotes/q1": { ...fx.quote, rev: 2, updatedAt: Date.parse("2999-01-01") } } }, "deny"),
    // Moderation
    c("approve: recommendation created + submission deleted", "admin", { write: { "recommendations/r2": fx.recommendation, "recommendationSubmissions/sub1": null } }, "allow"),
    c("approve attempted by a non-admin", "stranger", { write: { "recommendations/r2": fx.recommendation, "recommendationSubmissions/sub1": null } }, "deny"),
    c("submission with createdAt in the past", "visitor", { write: { "recommendationSubmissions/new2": fx.submission } }, "deny"),
    c("submission with a javascript: link", "visitor", { write: { "recommendationSubmissions/new2": { ...fx.submission, link: "javascript:alert(1)", createdAt: "__now__" } } }, "deny"),
    c("submission with an https link", "visitor", { write: { "recommendationSubmissions/new2": { ...fx.submission, link: "https://example.com/me", createdAt: "__now__" } } }, "allow"),
    c("submission with a 2001-character text", "visitor", { write: { "recommendationSubmissions/new2": { ...fx.submission, text: long(2001), createdAt: "__now__" } } }, "deny"),
    c("submission straight into recommendations", "visitor", { write: { "recommendations/r9": fx.recommendation } }, "deny"),
    c("wipe all submissions at once", "visitor", { write: { recommendationSubmissions: null } }, "deny"),
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
  ];
}

/** The full list: the node matrix expanded, then the named cases. */
export function allCases(ids: { adminUid: string; strangerUid: string }): MatrixCase[] {
  const cases: MatrixCase[] = [];
  for (const spec of NODES) {
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
            action = { write: { [spec.existing]: null } };
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
  return [...cases, ...extraCases(ids)];
}
