// @vitest-environment jsdom
// The admin entry's hooks (shared-content/admin: the same hooks over the SDK source) through
// the real firebase SDK against rtdb-emulator (with the real rules), as a visitor: live updates
// from writes made elsewhere (REST with the owner token), decoding of real snapshots, and a
// denied read turned into a plain error. The scenarios are shared with rest-hooks.test.tsx.
import { resolve } from "node:path";
import { cleanup } from "@testing-library/react";
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from "firebase/app";
import { connectDatabaseEmulator, get, getDatabase, ref } from "firebase/database";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTests } from "../src/admin/db";
import { sdkSource } from "../src/admin/sdk-source";
import * as adminHooks from "../src/admin/index";
import * as scenarios from "./hook-scenarios";
import { baseTree } from "./rules-matrix";

const NS = `live-${process.pid}`;
// jsdom gives import.meta.url no file: scheme; vitest runs from this workspace's folder.
const RULES = resolve(process.cwd(), "..", "database.rules.json");
let emu: RtdbEmulator;
let app: FirebaseApp;
const rest = scenarios.ownerRest(() => emu, NS);

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
    await scenarios.expectExperienceFollowsChanges(adminHooks, rest);
  });

  it("show a post when it is published and not found once unpublished, without reload", async () => {
    await scenarios.expectPostFollowsPublishing(adminHooks, rest);
  });

  it("page the list index newest first through a real limitToLast query", async () => {
    await scenarios.expectIndexPages(adminHooks, rest);
  });

  it("turn a denied read into a plain error", async () => {
    await scenarios.expectDeniedReadIsPermissionError(sdkSource);
  });
});

describe("the demo seed through the wire", () => {
  it("decodes completely for a visitor (no record left out) and hides the drafts", async () => {
    const draft = await scenarios.expectSeedDecodesAndHidesDrafts(adminHooks, rest);
    expect((await get(ref(getDatabase(app), `blog/posts/${draft}`))).exists()).toBe(false);
    await expect(get(ref(getDatabase(app), `blog/drafts/${draft}`))).rejects.toThrow(/permission/i);
  });
});
