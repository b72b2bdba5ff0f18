// Against the real servers: rtdb-emulator (enforcing ../database.rules.json) and the Firebase
// Auth emulator, through the unmodified firebase SDK with real ID tokens.
// 1. The rules matrix (tests/rules-matrix.ts): prints how many cases ran, fails on any
//    decision that differs from the expectation written next to it.
// 2. The write functions of this package (compare-and-set, publishing, approval, import).
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectDatabaseEmulator, get, getDatabase, onValue, ref, remove, serverTimestamp, set, update, type Database } from "firebase/database";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuthUser, startAuthEmulator, type AuthEmulator } from "dev-tools/firebase-emulators";
import { MEDIA_ID, allCases, baseTree, fx, type Actor, type Decision, type MatrixCase } from "./rules-matrix";
import { initFirebase } from "shared-auth";
import { readVisitorIdentity, saveVisitorIdentity } from "../src/visitor-identity";
import { resetFirebaseForTests } from "shared-auth/testing";
import { setDatabaseForTests } from "../src/admin/db";
import { ConflictError, ContentError } from "../src/errors";
import {
  approveSubmission,
  createRecord,
  deletePost,
  deleteRecord,
  publishPost,
  reorderRecords,
  saveAbout,
  savePost,
  unpublishPost,
  updateRecord,
} from "../src/admin/writes";
import { exportAll, importAll, previewImport } from "../src/admin/data-transfer";
import { cancelSchedule, schedulePost } from "../src/admin/schedule";
import { submitRecommendation } from "../src/submit-recommendation";
import { JSDOM } from "jsdom";
import { setMarkdownWindowForTests } from "../src/markdown/render-markdown";

const RULES = fileURLToPath(new URL("../../database.rules.json", import.meta.url));
const NS = `content-${process.pid}`;
const ADMIN = { email: "admin@example.com", password: "portfolio-admin" };
const STRANGER = { email: "stranger@example.com", password: "not-an-admin" };

let auth: AuthEmulator;
let emu: RtdbEmulator;
let adminUid = "";
let strangerUid = "";
const apps: FirebaseApp[] = [];
const dbs = {} as Record<Actor, Database>;

async function client(name: Actor, who?: { email: string; password: string }): Promise<Database> {
  const app = initializeApp(
    { apiKey: "demo-api-key", projectId: "demo-portfolio", databaseURL: `http://${emu.host}:${emu.port}?ns=${NS}` },
    `${name}-${process.pid}`,
  );
  apps.push(app);
  const a = getAuth(app);
  connectAuthEmulator(a, auth.url, { disableWarnings: true });
  if (who) await signInWithEmailAndPassword(a, who.email, who.password);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, emu.host, emu.port);
  return db;
}

async function rest(method: "PUT" | "PATCH" | "DELETE" | "GET", path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emu.url}/${path}.json?ns=${NS}`, {
    method,
    headers: { authorization: "Bearer owner" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** "__me__" in a path: the acting user's uid. */
function forActor(actor: Actor, changes: Record<string, unknown>): Record<string, unknown> {
  const uid = actor === "admin" ? adminUid : actor === "stranger" ? strangerUid : "signed-out";
  return Object.fromEntries(Object.entries(changes).map(([path, value]) => [path.replaceAll("__me__", uid), value]));
}

async function resetTo(setup?: Record<string, unknown>): Promise<void> {
  await rest("PUT", "", baseTree(adminUid));
  for (const [path, value] of Object.entries(setup ?? {})) {
    if (value === null) await rest("DELETE", path);
    else await rest("PUT", path, value === "__now__" ? { ".sv": "timestamp" } : value);
  }
}

/** The base state with one new draft saved by the admin; gives the post input, to save again with changes. */
async function withNewDraft(post: { slug: string; title: string; summary: string; body: string }) {
  await resetTo();
  setDatabaseForTests(dbs.admin);
  const input = { ...post, tags: [], status: "draft" as const };
  await savePost(input, null);
  return input;
}

/** "__now__" marks a server timestamp (createdAt of a submission must equal `now`). */
function withServerTime(value: unknown): unknown {
  if (value === "__now__") return serverTimestamp();
  if (Array.isArray(value)) return value.map(withServerTime);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withServerTime(v)]));
  }
  return value;
}

const isDenied = (error: unknown) => /permission[_ ]denied/i.test(`${(error as { code?: string }).code ?? ""} ${String(error)}`);

async function decide(c: MatrixCase): Promise<Decision> {
  await resetTo(c.setup && forActor(c.actor, c.setup));
  const db = dbs[c.actor];
  try {
    if ("read" in c.action) {
      await get(c.action.read === "" ? ref(db) : ref(db, c.action.read));
    } else {
      const entries = Object.entries(forActor(c.actor, c.action.write));
      const [first] = entries;
      if (entries.length === 1 && first) {
        const [path, value] = first;
        if (value === null) await remove(ref(db, path));
        else await set(ref(db, path), withServerTime(value));
      } else {
        await update(ref(db), withServerTime(Object.fromEntries(entries)) as Record<string, unknown>);
      }
    }
    return "allow";
  } catch (error) {
    if (isDenied(error)) return "deny";
    throw error;
  }
}

/** The browser's localStorage, where the recommendation form keeps the visitor's identity (Node has none). */
function installLocalStorage(): void {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
  Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
}

beforeAll(async () => {
  // A save compiles the post's body (sanitised HTML), which needs a DOM: the admin's browser has one.
  setMarkdownWindowForTests(new JSDOM("").window as unknown as Window);
  installLocalStorage();
  // Denied writes are expected here; keep the SDK's per-write warnings out of the output.
  setLogLevel("error");
  [auth, emu] = await Promise.all([
    startAuthEmulator({ port: 0, projectId: "demo-portfolio", quiet: true }),
    startRtdbEmulator({ port: 0, host: "127.0.0.1", rules: RULES }),
  ]);
  adminUid = (await createAuthUser({ url: auth.url, projectId: "demo-portfolio", ...ADMIN })).uid;
  strangerUid = (await createAuthUser({ url: auth.url, projectId: "demo-portfolio", ...STRANGER })).uid;
  await resetTo();
  dbs.visitor = await client("visitor");
  // The public write is a REST POST to the runtime config's database.
  initFirebase({
    firebase: { apiKey: "demo-api-key", authDomain: "", appId: "", projectId: "demo-portfolio", databaseURL: `http://${emu.host}:${emu.port}?ns=${NS}` },
    emulators: { auth: auth.url, database: { host: emu.host, port: emu.port } },
    remotes: {},
  });
  dbs.stranger = await client("stranger", STRANGER);
  dbs.admin = await client("admin", ADMIN);
});

afterAll(async () => {
  setDatabaseForTests(null);
  resetFirebaseForTests();
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
  await Promise.all([auth?.stop(), emu?.close()]);
});

describe("rules matrix (rtdb-emulator + Auth emulator, real SDK)", () => {
  it("decides every case as written next to it", async () => {
    const cases = allCases({ adminUid, strangerUid });
    const mismatches: string[] = [];
    for (const c of cases) {
      const got = await decide(c);
      if (got !== c.expect) mismatches.push(`${c.actor.padEnd(8)} ${c.name}: expected ${c.expect}, got ${got}`);
    }
    console.log(`rules matrix: ran ${cases.length} cases (${cases.length - mismatches.length} as expected, ${mismatches.length} differ)`);
    expect(mismatches).toEqual([]);
    expect(cases.length).toBeGreaterThan(250);
  });
});

describe("write functions against the rules", () => {
  it("creates, updates with compare-and-set, refuses a stale save with ConflictError", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const id = await createRecord("quotes", { text: "Real artists ship.", author: "Steve Jobs" });
    const stored = (await rest("GET", `quotes/${id}`)) as { rev: number; updatedAt: number };
    expect(stored.rev).toBe(1);
    expect(typeof stored.updatedAt).toBe("number");
    await updateRecord("quotes", id, { text: "Real artists ship.", author: "Steve Jobs", year: 1983 }, 1);
    // A second editor still holding rev 1:
    const stale = updateRecord("quotes", id, { text: "Changed by a stale tab", author: "Steve Jobs" }, 1);
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    await expect(stale).rejects.toMatchObject({ code: "conflict", currentRev: 2 });
    expect(await rest("GET", `quotes/${id}/text`)).toBe("Real artists ship.");
  });

  it("marks each write of public content in its own update: its section's counter moves by one, a refused write moves none", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const marks = async () => (await rest("GET", "changes")) as Record<string, number>;
    const before = await marks();
    const id = await createRecord("quotes", { text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra" });
    await updateRecord("quotes", id, { text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra", year: 1975 }, 1);
    await expect(updateRecord("quotes", id, { text: "Stale", author: "Nobody" }, 1)).rejects.toBeInstanceOf(ConflictError);
    await saveAbout({ headline: "Engineer", bio: "Still building." }, 1);
    await deleteRecord("quotes", id);
    expect(await marks()).toEqual({ ...before, quotes: (before.quotes ?? 0) + 3, about: (before.about ?? 0) + 1 });
  });

  it("reports a save of a record deleted elsewhere as a conflict", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    await rest("DELETE", "skills/s1");
    await expect(updateRecord("skills", "s1", { name: "TS", category: "Languages", order: 0 }, 1)).rejects.toMatchObject({
      code: "conflict",
      currentRev: null,
    });
  });

  it("validates input before writing and lists field messages", async () => {
    setDatabaseForTests(dbs.admin);
    const error = await saveAbout({ headline: "", bio: "x", avatarUrl: "javascript:alert(1)" }, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).code).toBe("invalid");
    expect(Object.keys((error as ContentError).fields).sort()).toEqual(["avatarUrl", "headline"]);
  });

  it("appends new ordered records last and reorders in one write", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const id = await createRecord("skills", { name: "Rust", category: "Languages" });
    expect(await rest("GET", `skills/${id}/order`)).toBe(1);
    await reorderRecords("skills", [
      { id, rev: 1 },
      { id: "s1", rev: 1 },
    ]);
    expect(await rest("GET", `skills/${id}/order`)).toBe(0);
    expect(await rest("GET", "skills/s1")).toMatchObject({ order: 1, rev: 2 });
  });

  it("lets a visitor submit one recommendation (anonymously) but not an admin-only write; admin approves in one write", async () => {
    await resetTo();
    localStorage.clear();
    setDatabaseForTests(dbs.visitor);
    await expect(submitRecommendation({ fullName: "", role: "r", relationship: "c", text: "t" })).rejects.toMatchObject({ code: "invalid" });
    const ada = {
      fullName: "Ada Lovelace",
      role: "Analyst",
      relationship: "Colleague",
      text: "Maya explains hard things with great clarity.",
      link: "https://example.com/ada",
    };
    const subId = await submitRecommendation(ada);
    // Keyed by the visitor's anonymous uid, with the rate-limit marker stamped by the server.
    expect(await rest("GET", `recommendationSubmitters/${subId}`)).toEqual(
      ((await rest("GET", `recommendationSubmissions/${subId}`)) as { createdAt: number }).createdAt,
    );
    // The same browser again: told why, in plain words.
    await expect(submitRecommendation(ada)).rejects.toThrow(/You sent a recommendation a few minutes ago/);
    // Another visitor (another browser) can still submit.
    localStorage.clear();
    const otherId = await submitRecommendation({ ...ada, fullName: "Grace Hopper" });
    expect(otherId).not.toBe(subId);
    const { rev: _rev, updatedAt: _updatedAt, ...fields } = fx.recommendation;
    await expect(createRecord("recommendations", { ...fields, order: 5 })).rejects.toMatchObject({ code: "permission-denied" });
    setDatabaseForTests(dbs.admin);
    const recId = await approveSubmission(subId);
    expect(await rest("GET", `recommendationSubmissions/${subId}`)).toBeNull();
    // Read through the SDK: it turns the stored "0", "1" keys back into an array.
    expect((await get(ref(dbs.admin, `recommendations/${recId}`))).val()).toMatchObject({
      fullName: "Ada Lovelace",
      links: [{ label: "example.com", url: "https://example.com/ada" }],
      order: 1,
      rev: 1,
    });
  });

  it("tells a visitor whose submission is still pending after the interval that it is waiting", async () => {
    await resetTo();
    localStorage.clear();
    const uid = await submitRecommendation({ fullName: "Sam Lee", role: "Engineer", relationship: "Peer", text: "Great to work with, always helpful." });
    // As if the interval had passed: the marker (owner write) and the browser's memory both say long ago.
    await rest("PUT", `recommendationSubmitters/${uid}`, 0);
    const stored = readVisitorIdentity();
    expect(stored?.uid).toBe(uid);
    saveVisitorIdentity({ ...stored!, lastSubmittedAt: 0 });
    await expect(
      submitRecommendation({ fullName: "Sam Lee", role: "Engineer", relationship: "Peer", text: "Another try, still long enough." }),
    ).rejects.toThrow(/already have a recommendation waiting for approval/);
  });

  it("publishes, unpublishes and deletes a post together with its list-index entry", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    // A post without tags publishes (its list entry has none either).
    await savePost({ slug: "no-tags", title: "P", summary: "S", body: "Words.", tags: [], status: "published" }, null);
    expect(await rest("GET", "blog/index/no-tags")).toMatchObject({ title: "P" });
    const input = {
      slug: "new-post",
      title: "New post",
      summary: "Summary",
      body: "## Hi\n\nSome words here.",
      tags: ["A", "React", "react"],
      status: "draft" as const,
    };
    await savePost(input, null);
    expect(await rest("GET", "blog/index/new-post")).toBeNull();
    // Tags are saved in one case: "React" and "react" are one tag.
    expect(((await rest("GET", "blog/drafts/new-post")) as { tags: string[] }).tags).toEqual(["a", "react"]);
    await expect(savePost(input, null)).rejects.toMatchObject({ code: "conflict" });
    await publishPost("new-post", 1);
    const published = (await rest("GET", "blog/posts/new-post")) as { publishedAt: number; status: string; rev: number; bodyHtml: string; toc: unknown };
    expect(published).toMatchObject({ status: "published", rev: 2 });
    // The body is stored compiled beside its markdown, and the rules accept it.
    expect(published.bodyHtml).toContain('<h2 id="hi">Hi</h2>');
    expect(published.toc).toEqual([{ id: "hi", text: "Hi", depth: 2 }]);
    expect(await rest("GET", "blog/index/new-post")).toMatchObject({ title: "New post", publishedAt: published.publishedAt, readingMinutes: 1 });
    expect(await rest("GET", "blog/drafts/new-post")).toBeNull();
    // The visitor now reads it; after unpublishing it is gone from where visitors read.
    expect((await get(ref(dbs.visitor, "blog/posts/new-post"))).exists()).toBe(true);
    await unpublishPost("new-post", 2);
    expect(await rest("GET", "blog/index/new-post")).toBeNull();
    expect((await get(ref(dbs.visitor, "blog/posts/new-post"))).exists()).toBe(false);
    expect(await rest("GET", "blog/drafts/new-post")).toMatchObject({ status: "draft", rev: 3 });
    await expect(get(ref(dbs.visitor, "blog/drafts/new-post"))).rejects.toThrow(/permission/i);
    // Renaming moves the post (and its entry) in one write; a taken slug is refused.
    await publishPost("new-post", 3);
    await expect(savePost({ ...input, slug: "hello", status: "published" }, 4, { previousSlug: "new-post" })).rejects.toMatchObject({ code: "conflict" });
    await savePost({ ...input, slug: "renamed-post", status: "published" }, 4, { previousSlug: "new-post" });
    // The renamed post continues the rev of the one it left, which it names (the rules check both).
    expect(await rest("GET", "blog/posts/renamed-post")).toMatchObject({ rev: 5, movedFrom: "new-post" });
    expect(await rest("GET", "blog/posts/new-post")).toBeNull();
    expect(await rest("GET", "blog/index/new-post")).toBeNull();
    expect(await rest("GET", "blog/index/renamed-post")).toMatchObject({ publishedAt: published.publishedAt });
    await deletePost("renamed-post");
    expect(await rest("GET", "blog/posts/renamed-post")).toBeNull();
    expect(await rest("GET", "blog/index/renamed-post")).toBeNull();
  });

  it("keeps a post's series part with the post: published parts only, moved with the post, gone with it", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const input = {
      slug: "cache-1",
      title: "Caching one",
      summary: "S",
      body: "Words.",
      tags: [],
      status: "draft" as const,
      series: { title: "Caching", part: 1 },
    };
    await savePost(input, null);
    expect(await rest("GET", "blog/drafts/cache-1")).toMatchObject({ series: { slug: "caching", title: "Caching", part: 1 } });
    expect(await rest("GET", "blog/series/caching")).toBeNull();
    await publishPost("cache-1", 1);
    expect((await get(ref(dbs.visitor, "blog/series/caching"))).val()).toEqual({ "cache-1": { seriesTitle: "Caching", title: "Caching one", part: 1 } });
    // Moved to another series: the old part goes in the same write.
    await savePost({ ...input, status: "published", series: { title: "Speed", part: 3 } }, 2);
    expect(await rest("GET", "blog/series/caching")).toBeNull();
    expect(await rest("GET", "blog/series/speed/cache-1")).toEqual({ seriesTitle: "Speed", title: "Caching one", part: 3 });
    // A backup of a post in a series imports as it was exported.
    const summary = await importAll(await exportAll());
    expect(summary).toMatchObject({ invalid: [], added: [], removed: [] });
    expect(await rest("GET", "blog/posts/cache-1")).toMatchObject({ rev: 3, series: { slug: "speed", part: 3 } });
    await unpublishPost("cache-1", 3);
    expect(await rest("GET", "blog/series/speed")).toBeNull();
    await publishPost("cache-1", 4);
    expect(await rest("GET", "blog/series/speed/cache-1")).toMatchObject({ part: 3 });
    await deletePost("cache-1");
    expect(await rest("GET", "blog/series/speed")).toBeNull();
  });

  it("schedules a draft at its rev; a save carries the schedule, a stale schedule is a conflict, publishing or deleting ends it", async () => {
    const input = await withNewDraft({ slug: "later", title: "Later", summary: "S", body: "Words." });
    const at = Date.now() + 3_600_000;
    await expect(schedulePost("later", 1, Date.now() - 1000)).rejects.toMatchObject({ code: "invalid" });
    await schedulePost("later", 1, at);
    expect(await rest("GET", "blog/schedule/later")).toEqual({ publishAt: at, rev: 1 });
    await expect(get(ref(dbs.visitor, "blog/schedule/later"))).rejects.toThrow(/permission/i);
    await savePost({ ...input, body: "Edited." }, 1);
    expect(await rest("GET", "blog/schedule/later")).toEqual({ publishAt: at, rev: 2 });
    // A rename takes the schedule along.
    await savePost({ ...input, slug: "later-on" }, 2, { previousSlug: "later" });
    expect(await rest("GET", "blog/schedule/later")).toBeNull();
    expect(await rest("GET", "blog/schedule/later-on")).toEqual({ publishAt: at, rev: 3 });
    await expect(schedulePost("later-on", 2, at + 60_000)).rejects.toBeInstanceOf(ConflictError);
    await schedulePost("later-on", 3, at + 60_000);
    await publishPost("later-on", 3);
    expect(await rest("GET", "blog/schedule/later-on")).toBeNull();
    await unpublishPost("later-on", 4);
    await schedulePost("later-on", 5, at);
    await cancelSchedule("later-on");
    expect(await rest("GET", "blog/schedule/later-on")).toBeNull();
    await schedulePost("later-on", 5, at);
    await deletePost("later-on");
    expect(await rest("GET", "blog/schedule/later-on")).toBeNull();
  });

  it("every save keeps the version it replaces (the last 10), which a rename moves and a delete removes; visitors read none", async () => {
    const input = await withNewDraft({ slug: "kept", title: "Version 0", summary: "Summary", body: "Body 0" });
    expect(await rest("GET", "blog/revisions/kept")).toBeNull(); // a new post replaces nothing
    for (let i = 1; i <= 11; i++) await savePost({ ...input, title: `Version ${i}`, body: `Body ${i}` }, i);
    const kept = (await rest("GET", "blog/revisions/kept")) as Record<string, { title: string; rev: number }>;
    expect(
      Object.values(kept)
        .map((v) => v.title)
        .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8))),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `Version ${i + 1}`));
    expect(Object.keys(kept).every((k) => /^v\d+$/.test(k))).toBe(true);
    await expect(get(ref(dbs.visitor, "blog/revisions/kept"))).rejects.toThrow(/permission/i);
    await expect(get(ref(dbs.stranger, "blog/revisions/kept"))).rejects.toThrow(/permission/i);
    // A rename carries the versions (and keeps the one it replaces); a delete takes them along.
    await savePost({ ...input, slug: "kept-renamed", title: "Renamed" }, 12, { previousSlug: "kept" });
    expect(await rest("GET", "blog/revisions/kept")).toBeNull();
    const moved = (await rest("GET", "blog/revisions/kept-renamed")) as Record<string, { title: string }>;
    expect(Object.values(moved).map((v) => v.title)).toContain("Version 11");
    expect(Object.keys(moved)).toHaveLength(10);
    await deletePost("kept-renamed");
    expect(await rest("GET", "blog/revisions/kept-renamed")).toBeNull();
  });

  it("an open listener on a published post, SDK or REST stream, loses it on unpublish and never sees the draft", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const seen: unknown[] = [];
    const stop = onValue(ref(dbs.visitor, "blog/posts/hello"), (snap) => seen.push(snap.val()));
    const stream = new AbortController();
    const streamed: string[] = [];
    const res = await fetch(`${emu.url}/blog/posts/hello.json?ns=${NS}`, { headers: { accept: "text/event-stream" }, signal: stream.signal });
    const reader = res.body!.getReader();
    void (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        streamed.push(decoder.decode(value));
      }
    })();
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    await unpublishPost("hello", 1);
    await savePost({ slug: "hello", title: "Hello", summary: "First post", body: "SECRET DRAFT EDIT", tags: ["intro"], status: "draft" }, 2);
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    await new Promise((r) => setTimeout(r, 300));
    stop();
    stream.abort();
    expect(JSON.stringify(seen)).not.toContain("SECRET DRAFT EDIT");
    expect(streamed.join("")).not.toContain("SECRET DRAFT EDIT");
    expect(streamed.join("")).toMatch(/"data":null/);
  });

  it("carries the media library's records through export and import (the files are copied separately)", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const tree = await exportAll();
    expect(tree.media).toEqual({ [MEDIA_ID]: fx.media });
    const edited = structuredClone(tree) as Record<string, Record<string, Record<string, unknown>>>;
    const media = edited.media as Record<string, Record<string, unknown>>;
    media[MEDIA_ID] = { ...media[MEDIA_ID], alt: "A blue bicycle" };
    media["00000000000000ff-1600x900"] = { ...fx.media, name: "harbour.png" };
    expect(await previewImport(edited)).toMatchObject({ added: ["media/00000000000000ff-1600x900"], changed: [`media/${MEDIA_ID}`], invalid: [] });
    await importAll(edited);
    expect(await rest("GET", `media/${MEDIA_ID}`)).toMatchObject({ alt: "A blue bicycle", rev: 2 });
    expect(await rest("GET", "media/00000000000000ff-1600x900")).toMatchObject({ name: "harbour.png", rev: 1 });
  });

  it("exports, re-imports as a no-op, imports changes in one write, refuses an invalid import", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const tree = await exportAll();
    const again = await importAll(tree);
    expect(again).toMatchObject({ added: [], changed: [], removed: [], invalid: [] });
    expect(again.unchanged).toBeGreaterThan(5);

    const edited = structuredClone(tree) as Record<string, Record<string, Record<string, unknown>>>;
    (edited.quotes as Record<string, Record<string, unknown>>).q1 = { text: "Edited", author: "Someone" };
    (edited.quotes as Record<string, unknown>).q2 = { text: "New quote", author: "Somebody" };
    delete (edited.films as Record<string, unknown>).f1;
    const preview = await previewImport(edited);
    expect(preview).toMatchObject({ added: ["quotes/q2"], changed: ["quotes/q1"], removed: ["films/f1"], invalid: [] });
    await importAll(edited);
    expect(await rest("GET", "quotes/q1")).toMatchObject({ text: "Edited", rev: 2 });
    expect(await rest("GET", "quotes/q2")).toMatchObject({ text: "New quote", rev: 1 });
    expect(await rest("GET", "films/f1")).toBeNull();

    const bad = structuredClone(edited) as Record<string, Record<string, unknown>>;
    (bad.quotes as Record<string, unknown>).q3 = { text: "", author: "Nobody" };
    (bad.films as Record<string, unknown>).f9 = { ...fx.film, rating: 7 };
    const refused = await importAll(bad).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "invalid" });
    const summary = await previewImport(bad);
    expect(summary.invalid.map((i) => i.path).sort()).toEqual(["films/f9", "quotes/q3"]);
    expect(await rest("GET", "quotes/q3")).toBeNull();
    expect(await rest("GET", "filmStats")).toEqual({ count: 0, minutes: 0, ratingHalves: 0 });
  });

  it("keeps the films' statistics in each film's write (add, edit, delete, import) and rebuilds them when missing", async () => {
    await resetTo();
    setDatabaseForTests(dbs.admin);
    const stats = () => rest("GET", "filmStats");
    const arrival = { title: "Arrival", year: 2016, directors: ["Denis Villeneuve"], countries: ["USA"], minutes: 116, rating: 3.5, watchedOn: "2024-05-01" };
    type Tallies = Record<"directors" | "countries", Record<string, { name: string; count: number }>>;
    const tallies = async () => (await rest("GET", "filmTallies")) as Tallies;
    const id = await createRecord("films", arrival);
    expect(await stats()).toEqual({ count: 2, minutes: 277, ratingHalves: 16, decades: { "1970s": 1, "2010s": 1 } });
    expect(await tallies()).toEqual({
      directors: { ...fx.filmTallies.directors, "Denis%20Villeneuve": { name: "Denis Villeneuve", count: 1 } },
      countries: { ...fx.filmTallies.countries, USA: { name: "USA", count: 1 } },
    });
    // A retried create whose first attempt landed is refused whole: the film is counted once.
    await expect(createRecord("films", arrival, id)).rejects.toBeInstanceOf(ContentError);
    await updateRecord("films", id, { ...arrival, year: 2003, minutes: 120, rating: 5, countries: ["Canada"] }, 1);
    expect((await tallies()).countries).toEqual({ ...fx.filmTallies.countries, USA: { name: "USA", count: 0 }, Canada: { name: "Canada", count: 1 } });
    const edited = { count: 2, minutes: 281, ratingHalves: 19, decades: { "1970s": 1, "2000s": 1, "2010s": 0 } };
    expect(await stats()).toEqual(edited);
    // A stale edit is refused before anything is sent, and takes nothing out.
    await expect(updateRecord("films", id, arrival, 1)).rejects.toMatchObject({ code: "conflict", currentRev: 2 });
    expect(await stats()).toEqual(edited);
    expect((await tallies()).countries.USA?.count).toBe(0);
    await deleteRecord("films", "f1");
    await deleteRecord("films", "f1");
    expect(await stats()).toEqual({ count: 1, minutes: 120, ratingHalves: 10, decades: { "1970s": 0, "2000s": 1, "2010s": 0 } });

    // A database from before the record: the next film write builds it from every film.
    await rest("DELETE", "filmStats");
    await rest("DELETE", "filmTallies");
    await createRecord("films", { ...arrival, title: "Dune", year: 2021, minutes: 155, rating: 4 });
    expect(await stats()).toEqual({ count: 2, minutes: 275, ratingHalves: 18, decades: { "2000s": 1, "2020s": 1 } });
    expect(await tallies()).toEqual({
      directors: { "Denis%20Villeneuve": { name: "Denis Villeneuve", count: 2 } },
      countries: { Canada: { name: "Canada", count: 1 }, USA: { name: "USA", count: 1 } },
    });

    // An import replacing the films recomputes the record from the file's films.
    const tree = await exportAll();
    tree.films = { f1: fx.film };
    await importAll(tree);
    expect(await stats()).toEqual(fx.filmStats);
    expect(await tallies()).toEqual(fx.filmTallies);
  });
});
