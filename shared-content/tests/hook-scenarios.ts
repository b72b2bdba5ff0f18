// The scenarios both live-hook suites run against rtdb-emulator (the public entry's hooks over
// the REST stream, tests/rest-hooks.test.tsx; the admin entry's over the SDK,
// tests/live-hooks.test.tsx): the same hooks must behave the same over either source.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { RtdbEmulator } from "rtdb-emulator";
import { expect, vi } from "vitest";
import { withChangeMarks } from "../src/changes";
import type { ContentHooks } from "../src/hooks/content-hooks";
import { useLiveQuery } from "../src/hooks/use-live-query";
import type { LiveSource } from "../src/live/source";
import { T, fx } from "./rules-matrix";

export type OwnerRest = (method: "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => Promise<void>;

/**
 * Writes made elsewhere: REST with the owner token, in namespace `ns` of the emulator `emu()`
 * returns, each as one update at the root with the change marks the site's writers send
 * (changes.ts); a PUT of the whole database replaces it as it is.
 */
export function ownerRest(emu: () => RtdbEmulator, ns: string): OwnerRest {
  return async (method, path, body) => {
    const updates =
      method === "PATCH"
        ? Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [path ? `${path}/${k}` : k, v]))
        : { [path]: method === "DELETE" ? null : body };
    const whole = path === "" && method !== "PATCH";
    const res = await fetch(`${emu().url}/.json?ns=${ns}`, {
      method: whole ? method : "PATCH",
      headers: { authorization: "Bearer owner" },
      body: JSON.stringify(whole ? body : withChangeMarks(updates)),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  };
}

/** Reads and decodes experience (lists come back as arrays), then follows a reorder made elsewhere. */
export async function expectExperienceFollowsChanges(hooks: ContentHooks, rest: OwnerRest) {
  const view = renderHook(() => hooks.useExperience());
  await waitFor(() => expect(view.result.current.status).toBe("ready"));
  expect(view.result.current.data).toHaveLength(1);
  expect(view.result.current.data[0]?.projects[0]?.technologies).toEqual(["React", "TypeScript"]);
  await act(() => rest("PUT", "experience/e0", { ...fx.experience, company: "Earlier Co", order: 0, start: "2018-01", end: "2019-01" }));
  await act(() => rest("PATCH", "experience/e1", { order: 1 }));
  await waitFor(() => expect(view.result.current.data.map((e) => e.company)).toEqual(["Earlier Co", "Acme"]));
  return view;
}

/** A post shows once published and is not found once unpublished, without reload. */
export async function expectPostFollowsPublishing(hooks: ContentHooks, rest: OwnerRest) {
  const { result } = renderHook(() => hooks.useBlogPost("draft-one"));
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
}

/** The list index newest first through a real limitToLast query, its window grown by loadMore. */
export async function expectIndexPages(hooks: ContentHooks, rest: OwnerRest) {
  await rest("PATCH", "blog/index", { a: { ...fx.indexEntry, title: "A", publishedAt: T - 3 }, b: { ...fx.indexEntry, title: "B", publishedAt: T - 2 } });
  await rest("PATCH", "blog/posts", { a: { ...fx.publishedPost, publishedAt: T - 3 }, b: { ...fx.publishedPost, publishedAt: T - 2 } });
  const view = renderHook(() => hooks.useBlogIndex({ pageSize: 2 }));
  await waitFor(() => expect(view.result.current.status).toBe("ready"));
  expect(view.result.current.data.map((e) => e.id)).toEqual(["hello", "b"]);
  expect(view.result.current.hasMore).toBe(true);
  act(() => view.result.current.loadMore());
  await waitFor(() => expect(view.result.current.data.map((e) => e.id)).toEqual(["hello", "b", "a"]));
  expect(view.result.current.hasMore).toBe(false);
  return view;
}

/** A read the rules deny is the plain permission error. */
export async function expectDeniedReadIsPermissionError(source: LiveSource) {
  const { result } = renderHook(() =>
    useLiveQuery(
      { path: "recommendationSubmissions" },
      (next, fail) => source("recommendationSubmissions", undefined, next, fail),
      (value) => value,
      null,
    ),
  );
  await waitFor(() => expect(result.current.status).toBe("error"));
  expect(result.current.error?.code).toBe("permission-denied");
}

/**
 * The demo seed decodes completely for a visitor (no record left out, no warning), and its
 * drafts are not found. Returns a draft's slug for the suite's own checks.
 */
export async function expectSeedDecodesAndHidesDrafts(hooks: ContentHooks, rest: OwnerRest): Promise<string> {
  // jsdom gives import.meta.url no file: scheme; vitest runs from this workspace's folder.
  const seed = JSON.parse(readFileSync(resolve(process.cwd(), "..", "seed", "demo-content.json"), "utf8")) as { blog: { drafts: Record<string, unknown> } };
  await rest("PUT", "", seed);
  const warn = vi.spyOn(console, "warn");
  const { result } = renderHook(() => ({
    about: hooks.useAbout(),
    contact: hooks.useContact(),
    experience: hooks.useExperience(),
    skills: hooks.useSkills(),
    projects: hooks.useProjects(),
    recommendations: hooks.useRecommendations(),
    quotes: hooks.useQuotes({ all: true }),
    films: hooks.useFilms({ all: true }),
    index: hooks.useBlogIndex({ all: true }),
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

  const draft = Object.keys(seed.blog.drafts)[0];
  expect(draft).toBeDefined();
  const published = r.index.data[0]?.id as string;
  const posts = renderHook(() => ({ draft: hooks.useBlogPost(draft as string), published: hooks.useBlogPost(published) }));
  await waitFor(() => expect(posts.result.current.published.data?.body.length).toBeGreaterThan(100));
  expect(posts.result.current.draft).toMatchObject({ status: "ready", data: null });
  return draft as string;
}
