// @vitest-environment jsdom
// The public entry's hooks as a visitor's page runs them: the REST stream client against
// rtdb-emulator's streaming endpoint (real rules), no Firebase SDK. Changes are made elsewhere
// (REST with the owner token) and must appear live.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initFirebase } from "shared-auth";
import { resetFirebaseForTests } from "shared-auth/testing";
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
} from "../src/index";
import { restSource } from "../src/live/rest-stream";
import { T, baseTree, fx } from "./rules-matrix";

const NS = `rest-${process.pid}`;
// jsdom gives import.meta.url no file: scheme; vitest runs from this workspace's folder.
const RULES = resolve(process.cwd(), "..", "database.rules.json");
let emu: RtdbEmulator;

async function rest(method: "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/${path}.json?ns=${NS}`, {
    method,
    headers: { authorization: "Bearer owner" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
}

beforeAll(async () => {
  emu = await startRtdbEmulator({ port: 0, host: "127.0.0.1", rules: RULES });
  await rest("PUT", "", baseTree("nobody"));
  initFirebase({
    firebase: { apiKey: "demo-api-key", authDomain: "", appId: "", projectId: "demo-portfolio", databaseURL: `http://${emu.host}:${emu.port}/?ns=${NS}` },
    emulators: { database: { host: emu.host, port: emu.port } },
    remotes: {},
  });
});
afterEach(cleanup);
afterAll(async () => {
  resetFirebaseForTests();
  await emu?.close();
});

describe("public hooks over the REST stream (rtdb-emulator)", () => {
  it("read, decode (lists come back as arrays) and follow changes made elsewhere", async () => {
    const { result, unmount } = renderHook(() => useExperience());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.data).toHaveLength(1);
    expect(result.current.data[0]?.projects[0]?.technologies).toEqual(["React", "TypeScript"]);
    await act(() => rest("PUT", "experience/e0", { ...fx.experience, company: "Earlier Co", order: 0, start: "2018-01", end: "2019-01" }));
    await act(() => rest("PATCH", "experience/e1", { order: 1 }));
    await act(() => rest("PUT", "experience/e1/projects/0/technologies/1", "Go"));
    await waitFor(() => expect(result.current.data.map((e) => e.company)).toEqual(["Earlier Co", "Acme"]));
    await waitFor(() => expect(result.current.data[1]?.projects[0]?.technologies).toEqual(["React", "Go"]));
    unmount();
    await vi.waitFor(() => expect(emu.stats().streams).toBe(0)); // unsubscribe closed the stream
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

  it("a listed post whose body is a draft (read denied: 401) is not found, not an error", async () => {
    await rest("PUT", "blog/index/draft-one", { ...fx.indexEntry, title: "Stale entry" });
    const { result } = renderHook(() => useBlogPost("draft-one"));
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", data: null, error: null }));
    await rest("DELETE", "blog/index/draft-one");
  });

  it("page the list index newest first; the window grows on loadMore and follows new posts", async () => {
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
    await act(() =>
      rest("PATCH", "", { "blog/posts/c": { ...fx.publishedPost, publishedAt: T + 1 }, "blog/index/c": { ...fx.indexEntry, title: "C", publishedAt: T + 1 } }),
    );
    await waitFor(() => expect(result.current.data.map((e) => e.id)).toEqual(["c", "hello", "b", "a"]));
    expect(result.current.hasMore).toBe(false);
  });

  it("turn a denied read into the plain permission error", async () => {
    const { result } = renderHook(() =>
      useLiveQuery(
        "subs",
        (next, fail) => restSource("recommendationSubmissions", undefined, next, fail),
        (v) => v,
        null,
      ),
    );
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error?.code).toBe("permission-denied");
  });
});

describe("the demo seed through the REST stream", () => {
  it("decodes completely for a visitor (no record left out) and hides the drafts", async () => {
    const seed = JSON.parse(readFileSync(resolve(process.cwd(), "..", "seed", "demo-content.json"), "utf8")) as {
      blog: { posts: Record<string, { status: string }> };
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

    const draft = Object.keys(seed.blog.posts).find((slug) => seed.blog.posts[slug]?.status === "draft") as string;
    const published = r.index.data[0]?.id as string;
    const posts = renderHook(() => ({ draft: useBlogPost(draft), published: useBlogPost(published) }));
    await waitFor(() => expect(posts.result.current.published.data?.body.length).toBeGreaterThan(100));
    expect(posts.result.current.draft).toMatchObject({ status: "ready", data: null });
  });
});
