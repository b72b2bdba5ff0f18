// @vitest-environment jsdom
// The public entry's hooks as a visitor's page runs them: the change feed (one REST stream of the
// change marker, reads by GET) against rtdb-emulator (real rules), no Firebase SDK. Changes are made elsewhere
// (REST with the owner token) and must appear live. The scenarios are shared with
// live-hooks.test.tsx; the stream's own behaviour (closing, partial updates, growing windows)
// is checked here.
import { resolve } from "node:path";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initFirebase } from "shared-auth";
import { resetFirebaseForTests } from "shared-auth/testing";
import * as publicHooks from "../src/index";
import { restSource } from "../src/live/rest-stream";
import * as scenarios from "./hook-scenarios";
import { T, baseTree, fx } from "./rules-matrix";

const NS = `rest-${process.pid}`;
// jsdom gives import.meta.url no file: scheme; vitest runs from this workspace's folder.
const RULES = resolve(process.cwd(), "..", "database.rules.json");
let emu: RtdbEmulator;
const rest = scenarios.ownerRest(() => emu, NS);

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
  it("read, decode (lists come back as arrays) and follow changes made elsewhere, a deep one included", async () => {
    const { result, unmount } = await scenarios.expectExperienceFollowsChanges(publicHooks, rest);
    await act(() => rest("PUT", "experience/e1/projects/0/technologies/1", "Go"));
    await waitFor(() => expect(result.current.data[1]?.projects[0]?.technologies).toEqual(["React", "Go"]));
    unmount();
    // Unsubscribing closed the stream (it outlives the page's last read by a second).
    await vi.waitFor(() => expect(emu.stats().streams).toBe(0), { timeout: 3000 });
  });

  it("show a post when it is published and not found once unpublished, without reload", async () => {
    await scenarios.expectPostFollowsPublishing(publicHooks, rest);
  });

  it("a listed post whose body is a draft (read denied: 401) is not found, not an error", async () => {
    await rest("PUT", "blog/index/draft-one", { ...fx.indexEntry, title: "Stale entry" });
    const { result } = renderHook(() => publicHooks.useBlogPost("draft-one"));
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", data: null, error: null }));
    await rest("DELETE", "blog/index/draft-one");
  });

  it("page the list index newest first; the window grows on loadMore and follows new posts", async () => {
    const { result } = await scenarios.expectIndexPages(publicHooks, rest);
    await act(() =>
      rest("PATCH", "", { "blog/posts/c": { ...fx.publishedPost, publishedAt: T + 1 }, "blog/index/c": { ...fx.indexEntry, title: "C", publishedAt: T + 1 } }),
    );
    await waitFor(() => expect(result.current.data.map((e) => e.id)).toEqual(["c", "hello", "b", "a"]));
    expect(result.current.hasMore).toBe(false);
  });

  it("turn a denied read into the plain permission error", async () => {
    await scenarios.expectDeniedReadIsPermissionError(restSource);
  });
});

describe("the demo seed through the REST stream", () => {
  it("decodes completely for a visitor (no record left out) and hides the drafts", async () => {
    await scenarios.expectSeedDecodesAndHidesDrafts(publicHooks, rest);
  });
});
