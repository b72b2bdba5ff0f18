// @vitest-environment jsdom
// The admin entry's hooks (shared-content/admin: the same hooks over the SDK source) through
// the real firebase SDK against rtdb-emulator (with the real rules), as a visitor: live updates
// from writes made elsewhere (REST with the owner token), decoding of real snapshots, and a
// denied read turned into a plain error.
import { resolve } from "node:path";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from "firebase/app";
import { connectDatabaseEmulator, get, getDatabase, ref } from "firebase/database";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests } from "../src/admin/db";
import { sdkSource } from "../src/admin/sdk-source";
import { readFileSync } from "node:fs";
import {
  useAbout,
  useBlogIndex,
  useBlogPost,
  useContact,
  useExperience,
  useFilms,
  useLiveQuery,
  useProjects,
  useQuotes,
  useRecommendations,
  useSkills,
} from "../src/admin/index";
import { T, baseTree, fx } from "./rules-matrix";

const NS = `live-${process.pid}`;
// jsdom gives import.meta.url no file: scheme; vitest runs from this workspace's folder.
const RULES = resolve(process.cwd(), "..", "database.rules.json");
let emu: RtdbEmulator;
let app: FirebaseApp;

async function rest(method: "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/${path}.json?ns=${NS}`, {
    method,
    headers: { authorization: "Bearer owner" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
}

beforeAll(async () => {
  setLogLevel("error");
  emu = await startRtdbEmulator({ port: 0, host: "127.0.0.1", rules: RULES });
  await rest("PUT", "", baseTree("nobody"));
  app = initializeApp({ apiKey: "demo-api-key", projectId: "demo-portfolio", databaseURL: `http://${emu.host}:${emu.port}?ns=${NS}` }, `live-${process.pid}`);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, emu.host, emu.port);
  setDatabaseForTests(db);
});
afterEach(cleanup);
afterAll(async () => {
  setDatabaseForTests(null);
  if (app) await deleteApp(app);
  await emu?.close();
});

describe("admin entry live hooks with the real SDK", () => {
  it("read, decode (lists come back as arrays) and follow changes made elsewhere", async () => {
    const { result } = renderHook(() => useExperience());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data).toHaveLength(1);
    expect(result.current.data[0]?.projects[0]?.technologies).toEqual(["React", "TypeScript"]);
    await act(() => rest("PUT", "experience/e0", { ...fx.experience, company: "Earlier Co", order: 0, start: "2018-01", end: "2019-01" }));
    await act(() => rest("PATCH", "experience/e1", { order: 1 }));
    await waitFor(() => expect(result.current.data.map((e) => e.company)).toEqual(["Earlier Co", "Acme"]));
  });

  it("show a post when it is published and not found once unpublished, without reload", async () => {
    const { result } = renderHook(() => useBlogPost("draft-one"));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data).toBeNull();
    await act(() =>
      rest("PATCH", "", {
        "blog/posts/draft-one": { ...fx.draftPost, status: "published", publishedAt: T, rev: 2 },
        "blog/index/draft-one": { ...fx.indexEntry, title: "Draft" },
      }),
    );
    await waitFor(() => expect(result.current.data?.title).toBe("Draft"));
    await act(() => rest("PATCH", "", { "blog/posts/draft-one": { ...fx.draftPost, rev: 3 }, "blog/index/draft-one": null }));
    await waitFor(() => expect(result.current.data).toBeNull());
    expect(result.current.status).toBe("ready");
  });

  it("page the list index newest first through a real limitToLast query", async () => {
    await rest("PATCH", "blog/index", {
      a: { ...fx.indexEntry, title: "A", publishedAt: T - 3 },
      b: { ...fx.indexEntry, title: "B", publishedAt: T - 2 },
    });
    await rest("PATCH", "blog/posts", {
      a: { ...fx.publishedPost, publishedAt: T - 3 },
      b: { ...fx.publishedPost, publishedAt: T - 2 },
    });
    const { result } = renderHook(() => useBlogIndex({ pageSize: 2 }));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data.map((e) => e.id)).toEqual(["hello", "b"]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data.map((e) => e.id)).toEqual(["hello", "b", "a"]));
    expect(result.current.hasMore).toBe(false);
  });

  it("turn a denied read into a plain error", async () => {
    const { result } = renderHook(() =>
      useLiveQuery(
        "subs",
        (next, fail) => sdkSource("recommendationSubmissions", undefined, next, fail),
        (value) => value,
        null,
      ),
    );
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error?.code).toBe("permission-denied");
  });
});

describe("the demo seed through the wire", () => {
  it("decodes completely for a visitor (no record left out) and hides the drafts", async () => {
    const seed = JSON.parse(readFileSync(resolve(process.cwd(), "..", "seed", "demo-content.json"), "utf8")) as {
      blog: { drafts: Record<string, { status: string }> };
    };
    await rest("PUT", "", seed);
    const warn = vi.spyOn(console, "warn");
    const { result } = renderHook(() => ({
      about: useAbout(),
      contact: useContact(),
      experience: useExperience(),
      skills: useSkills(),
      projects: useProjects(),
      recommendations: useRecommendations(),
      quotes: useQuotes({ all: true }),
      films: useFilms({ all: true }),
      index: useBlogIndex({ all: true }),
    }));
    await waitFor(() => expect(Object.values(result.current).every((r) => r.status === "ready")).toBe(true));
    const r = result.current;
    expect(r.about.data?.headline).toMatch(/engineer/);
    expect(r.contact.data?.links.length).toBeGreaterThan(0);
    expect(r.experience.data.length).toBeGreaterThanOrEqual(5);
    expect(r.skills.data).toHaveLength(12);
    expect(r.projects.data).toHaveLength(5);
    expect(r.recommendations.data).toHaveLength(6);
    expect(r.quotes.data).toHaveLength(60);
    expect(r.films.data).toHaveLength(300);
    expect(r.index.data).toHaveLength(8);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();

    const draft = Object.keys(seed.blog.drafts)[0] as string;
    const published = r.index.data[0]?.id as string;
    const posts = renderHook(() => ({ draft: useBlogPost(draft), published: useBlogPost(published) }));
    await waitFor(() => expect(posts.result.current.published.data?.body.length).toBeGreaterThan(100));
    expect(posts.result.current.draft).toMatchObject({ status: "ready", data: null });
    expect((await get(ref(getDatabase(app), `blog/posts/${draft}`))).exists()).toBe(false);
    await expect(get(ref(getDatabase(app), `blog/drafts/${draft}`))).rejects.toThrow(/permission/i);
  });
});
