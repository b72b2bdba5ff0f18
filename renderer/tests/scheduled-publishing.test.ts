// Scheduled publishing against the real servers: the local database server enforcing the project's
// rules, the job acting as the scheduler uid through the Admin SDK (exactly the production client,
// pointed at rtdb-emulator), and the renderer's feed and sitemap. The job's clock is the database's:
// the test drives it (Date is faked in this process, where the database server runs) instead of
// waiting a minute. The pages a visitor opens (post, list, search) are covered end to end by
// e2e/tests/admin-blog-schedule.spec.ts, with the remotes' server entries.
import type { Server } from "node:http";
import type { RtdbEmulator } from "rtdb-emulator";
import { planStatusChange } from "shared-content/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSchedulerClient, type SchedulerClient } from "../src/scheduler";
import { close, firebaseConfig, NAMESPACE, port, rest as restAt, serveJson, serveRenderer, SITE, startDatabase } from "./local-servers";

const MINUTE = 60_000;

let database: RtdbEmulator;
let configServer: Server;
let renderer: Server;
let scheduler: SchedulerClient;

const rest = (path: string, init: Parameters<typeof restAt>[2] = {}) => restAt(database, path, init);
const ownerPut = (path: string, value: unknown) => rest(path, { method: "PUT", body: value });
const ownerPatch = (updates: Record<string, unknown>) => rest("", { method: "PATCH", body: updates });

async function page(path: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port(renderer)}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A draft as the editor stores it. */
function draft(slug: string, rev = 1, extra: Record<string, unknown> = {}) {
  const t = Date.now();
  return {
    title: `Post ${slug}`,
    summary: `About ${slug}`,
    body: `# ${slug}\n\nText.`,
    tags: ["scheduling"],
    status: "draft",
    readingMinutes: 1,
    createdAt: t,
    rev,
    updatedAt: t,
    ...extra,
  };
}
async function scheduleDraft(slug: string, publishAt: number, rev = 1): Promise<void> {
  await ownerPatch({ [`blog/drafts/${slug}`]: draft(slug, rev), [`blog/schedule/${slug}`]: { publishAt, rev } });
}

/** Everything a visitor can reach of a post without a browser: REST reads, the feed, the sitemap. */
async function visitorSees(slug: string): Promise<string[]> {
  const seen: string[] = [];
  if ((await rest(`blog/posts/${slug}`, { as: "visitor" })).value !== null) seen.push("post");
  const index = (await rest("blog/index", { as: "visitor" })).value as Record<string, unknown> | null;
  if (index && slug in index) seen.push("list index");
  for (const path of [`blog/drafts/${slug}`, `blog/schedule/${slug}`, "blog/scheduler"]) {
    const { status } = await rest(path, { as: "visitor" });
    if (status !== 401 && status !== 403) seen.push(path);
  }
  if ((await page("/feed.xml")).includes(`/blogs/${slug}`)) seen.push("feed");
  if ((await page("/sitemap.xml")).includes(`/blogs/${slug}`)) seen.push("sitemap");
  return seen;
}

const at = (ms: number) => vi.setSystemTime(ms);

beforeAll(async () => {
  database = await startDatabase();
  await ownerPut("site/about", { name: "Ada Example", headline: "Engineer", bio: "Hi", rev: 1, updatedAt: Date.now() });
  configServer = await serveJson({
    firebase: firebaseConfig(database),
    emulators: { database: { host: "127.0.0.1", port: database.port } },
    remotes: {},
    site: { url: SITE },
  });
  renderer = await serveRenderer(configServer);
  // The production client: the Admin SDK acting as the scheduler uid, here at the local database.
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${database.port}`;
  scheduler = createSchedulerClient(`http://127.0.0.1:${database.port}?ns=${NAMESPACE}`);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await scheduler?.close();
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await Promise.all([close(renderer), close(configServer), database.close()]);
});

describe("the scheduled-publishing job", () => {
  it("keeps a post scheduled a minute ahead from visitors until its time, then publishes it on the next run with nobody signed in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await scheduleDraft("ahead", start + MINUTE);

    expect(await visitorSees("ahead")).toEqual([]);
    const early = await scheduler.run();
    expect(early).toMatchObject({ ok: true, published: [], failures: [] });
    expect(await visitorSees("ahead")).toEqual([]);

    at(start + MINUTE + 5_000); // the next minute's run
    const run = await scheduler.run();
    expect(run).toMatchObject({ ok: true, published: ["ahead"], failures: [] });
    expect(await visitorSees("ahead")).toEqual(["post", "list index", "feed", "sitemap"]);
    // The Publish button's move: the draft gone, rev continued, the list entry, the schedule ended.
    const post = (await rest("blog/posts/ahead")).value as Record<string, unknown>;
    expect(post).toMatchObject({ status: "published", rev: 2, title: "Post ahead" });
    expect(post.publishedAt).toBeGreaterThanOrEqual(start + MINUTE);
    expect((await rest("blog/drafts/ahead")).value).toBeNull();
    expect((await rest("blog/schedule/ahead")).value).toBeNull();
    expect(Object.keys((await rest("blog/revisions/ahead")).value as object)).toHaveLength(1);
    // The run is recorded for the admin panel, in the database's time.
    const record = (await rest("blog/scheduler")).value as Record<string, unknown>;
    expect(record).toMatchObject({ ok: true, published: ["ahead"], intervalMs: MINUTE });
    expect(record.lastRunAt).toBeGreaterThanOrEqual(start + MINUTE + 5_000);
  });

  it("catches up after missed runs: every due post goes out on the next run, oldest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await scheduleDraft("missed-second", start + 3 * MINUTE);
    await scheduleDraft("missed-first", start + 2 * MINUTE);
    await scheduleDraft("missed-later", start + 60 * MINUTE);
    at(start + 10 * MINUTE); // the function was down for ten minutes
    const run = await scheduler.run();
    expect(run.published).toEqual(["missed-first", "missed-second"]);
    expect(await visitorSees("missed-later")).toEqual([]);
    const first = (await rest("blog/posts/missed-first")).value as { publishedAt: number };
    const second = (await rest("blog/posts/missed-second")).value as { publishedAt: number };
    expect(first.publishedAt).toBeLessThanOrEqual(second.publishedAt);
  });

  it("does not publish a rescheduled post at its old time, nor a cancelled one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await scheduleDraft("moved-later", start + MINUTE);
    await scheduleDraft("called-off", start + MINUTE);
    await ownerPut("blog/schedule/moved-later", { publishAt: start + 30 * MINUTE, rev: 1 });
    await rest("blog/schedule/called-off", { method: "DELETE" });
    at(start + 2 * MINUTE);
    expect((await scheduler.run()).published).toEqual([]);
    expect(await visitorSees("moved-later")).toEqual([]);
    expect(await visitorSees("called-off")).toEqual([]);
    at(start + 31 * MINUTE);
    expect((await scheduler.run()).published).toEqual(["moved-later"]);
    expect(await visitorSees("called-off")).toEqual([]);
  });

  it("refuses a stale move as Publish does, reports it once, and does not retry it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await scheduleDraft("edited-since", start + MINUTE, 3);
    // Edited after scheduling by a write that did not carry the schedule along (rev 3 -> 4).
    await ownerPut("blog/drafts/edited-since", draft("edited-since", 4, { body: "Changed." }));
    at(start + 2 * MINUTE);
    const run = await scheduler.run();
    expect(run.ok).toBe(false);
    expect(run.published).toEqual([]);
    expect(run.failures).toEqual([{ slug: "edited-since", reason: expect.stringMatching(/edited after it was scheduled/) }]);
    expect(await visitorSees("edited-since")).toEqual([]);
    expect((await rest("blog/schedule/edited-since")).value).toMatchObject({ rev: 3, failed: expect.stringMatching(/schedule it again/) });
    expect((await rest("blog/scheduler")).value).toMatchObject({ ok: false, failures: [{ slug: "edited-since" }] });

    at(start + 3 * MINUTE);
    expect(await scheduler.run()).toMatchObject({ ok: true, published: [], failures: [] });
    expect((await rest("blog/drafts/edited-since")).value).toMatchObject({ rev: 4 });
  });

  it("is refused by the rules when the post changes between its read and its write", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await scheduleDraft("raced", start - MINUTE, 1);
    const read = async (path: string) => (await rest(path)).value;
    const plan = await planStatusChange(read, "raced", 1, "published", { ".sv": "timestamp" });
    await ownerPut("blog/drafts/raced", draft("raced", 2, { body: "Edited while the job ran." }));
    await ownerPut("blog/schedule/raced", { publishAt: start - MINUTE, rev: 2 });
    const admin = await import("firebase-admin/database");
    const { getApps } = await import("firebase-admin/app");
    const db = admin.getDatabase(getApps().find((a) => a.name.startsWith("scheduler-"))!);
    await expect(db.ref().update(plan.updates)).rejects.toThrow(/permission/i);
    expect((await rest("blog/drafts/raced")).value).toMatchObject({ rev: 2, body: "Edited while the job ran." });
    // The schedule followed the edit (as the editor's save carries it): the next run publishes the new text.
    expect((await scheduler.run()).published).toEqual(["raced"]);
    expect((await rest("blog/posts/raced")).value).toMatchObject({ rev: 3, body: "Edited while the job ran." });
  });

  it("may publish a due post and nothing else", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { getApps } = await import("firebase-admin/app");
    const { getDatabase } = await import("firebase-admin/database");
    const db = getDatabase(getApps().find((a) => a.name.startsWith("scheduler-"))!);
    await ownerPatch({
      "blog/drafts/not-scheduled": draft("not-scheduled"),
      "blog/drafts/not-yet": draft("not-yet"),
      "blog/schedule/not-yet": { publishAt: start + MINUTE, rev: 1 },
    });
    const read = async (path: string) => (await rest(path)).value;
    for (const slug of ["not-scheduled", "not-yet"]) {
      const plan = await planStatusChange(read, slug, 1, "published", { ".sv": "timestamp" });
      await expect(db.ref().update(plan.updates), slug).rejects.toThrow(/permission/i);
    }
    await expect(db.ref("site/about/headline").set("Hacked")).rejects.toThrow(/permission/i);
    await expect(db.ref("blog/schedule/not-yet").set({ publishAt: start - MINUTE, rev: 1 })).rejects.toThrow(/permission/i);
    await expect(db.ref("blog/drafts/not-scheduled").get()).rejects.toThrow(/permission/i);
    expect(await visitorSees("not-scheduled")).toEqual([]);
    expect(await visitorSees("not-yet")).toEqual([]);
  });
});
