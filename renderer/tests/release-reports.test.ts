// Browsers' release reports against the real servers: the renderer's POST /__releases/report, the
// counts written by the Admin SDK acting as the release reporter into the local database server
// enforcing the project's rules, and a canary aborted automatically once its error rate passes the
// threshold, in one write that also ends the canary and records the abort. Two remote manifests (the
// live release and the canary's candidate) are served by the test's config server and named by the
// release state in the database; their screens are never rendered here (e2e/tests/site-canary.spec.ts does).
import type { Server } from "node:http";
import { RELEASE_REPORT_PATH, releaseKey } from "release-protocol";
import type { RtdbEmulator } from "rtdb-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeApp, deleteApp } from "firebase-admin/app";
import { getDatabase } from "firebase-admin/database";
import { RELEASE_REPORTER_UID } from "shared-content/server";
import { createHealthDatabase } from "../src/releases/state-database";
import { close, firebaseConfig, NAMESPACE, port, rest as restAt, serve, serveRenderer, startDatabase } from "./local-servers";

/** A write as the renderer's reporter uid (the Admin SDK with the rules' auth override). */
async function reporterWrite(path: string, value: unknown) {
  const app = initializeApp(
    { databaseURL: `http://127.0.0.1:${database.port}/?ns=${NAMESPACE}`, databaseAuthVariableOverride: { uid: RELEASE_REPORTER_UID } },
    `w-${Math.random()}`,
  );
  try {
    await getDatabase(app).ref(path).set(value);
  } finally {
    await deleteApp(app);
  }
}

const LIVE = "1.0.0-aaaaaaaaaa";
const CANARY = "1.0.1-bbbbbbbbbb";

let database: RtdbEmulator;
let configServer: Server;
let renderer: Server;
const logs: string[] = [];

const rest = (path: string, as: "owner" | "visitor" = "owner", put?: unknown) =>
  restAt(database, path, { as, ...(put === undefined ? {} : { method: "PUT", body: put }) });

/** Sends one report as a browser at `from` would (sendBeacon posts text/plain). */
async function report(body: unknown, from = "198.51.100.1", init: { method?: string; raw?: string } = {}) {
  const res = await fetch(`http://127.0.0.1:${port(renderer)}${RELEASE_REPORT_PATH}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": from },
    body: init.method === "GET" ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  return { status: res.status, text: await res.text(), cache: res.headers.get("cache-control") };
}
const run = (release: string, failed: boolean, view = true) => ({ remote: "remote_blog", release, view, failed });

beforeAll(async () => {
  database = await startDatabase();
  const manifest = (release: string) => JSON.stringify({ name: "remote_blog", exposes: [], shared: [], contract: { version: release.split("-")[0], release } });
  configServer = await serve((req, res) => {
    const base = `http://127.0.0.1:${port(configServer)}`;
    const config = {
      firebase: firebaseConfig(database),
      emulators: { database: { host: "127.0.0.1", port: database.port } },
      remotes: { remote_blog: `${base}/live/mf-manifest.json` },
      site: { url: "https://portfolio.example" },
    };
    const body = req.url === "/config.json" ? JSON.stringify(config) : req.url?.startsWith("/live/") ? manifest(LIVE) : manifest(CANARY);
    res.writeHead(200, { "Content-Type": "application/json" }).end(body);
  });
  const base = `http://127.0.0.1:${port(configServer)}`;
  await rest("releases", "owner", {
    live: { remote_blog: { release: LIVE, entry: `${base}/live/mf-manifest.json`, at: Date.now() } },
    canary: { remote_blog: { release: CANARY, key: releaseKey(CANARY), entry: `${base}/canary/mf-manifest.json`, percent: 50, startedAt: Date.now() } },
  });
  renderer = await serveRenderer(configServer, { log: (line) => logs.push(line) });
});

afterAll(async () => {
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await Promise.all([renderer && close(renderer), configServer && close(configServer), database?.close()]);
});

describe("POST /__releases/report", () => {
  it("refuses another method, a body that is not a report, and one over the size limit, saying why", async () => {
    expect(await report(null, undefined, { method: "GET" })).toMatchObject({ status: 405, text: "Release reports are sent with POST.", cache: "no-store" });
    expect(await report(null, "198.51.100.2", { raw: "{" })).toMatchObject({ status: 400, text: "A release report is JSON." });
    expect(await report({ v: 1, runs: [{ remote: "remote_blog" }] }, "198.51.100.2")).toMatchObject({
      status: 400,
      text: expect.stringMatching(/^Not a release report: runs\.0\./) as unknown,
    });
    expect(await report(null, "198.51.100.2", { raw: "x".repeat(3000) })).toMatchObject({ status: 413, text: "A release report is at most 2048 bytes." });
  });

  it("counts views and failures of the live and the canary release, and nothing of other releases", async () => {
    expect((await report({ v: 1, runs: [run(LIVE, false)] })).status).toBe(204);
    expect((await report({ v: 1, runs: [run(LIVE, true)] })).status).toBe(204);
    expect((await report({ v: 1, runs: [run(CANARY, false), { ...run("0.9.0-cccccccccc", true), remote: "remote_home" }] })).status).toBe(204);
    expect((await report({ v: 1, runs: [run("0.9.0-cccccccccc", true)] })).status).toBe(204);
    expect((await rest(`releases/health/counts/remote_blog/${releaseKey(LIVE)}`)).value).toEqual({ views: 2, failed: 1 });
    expect((await rest(`releases/health/counts/remote_blog/${releaseKey(CANARY)}`)).value).toEqual({ views: 1 });
    expect((await rest("releases/health/counts/remote_home")).value).toBeNull();
    expect((await rest("releases/health/counts/remote_blog/0,9,0-cccccccccc")).value).toBeNull();
  });

  it("keeps the counts from visitors: the rules let only admins (and the release tools) read them", async () => {
    expect((await rest("releases/health", "visitor")).status).toBe(401);
  });

  it("lets the reporter end a canary only in the write that records its abort", async () => {
    const reporter = createHealthDatabase(`http://127.0.0.1:${database.port}/?ns=${NAMESPACE}`);
    try {
      const other = "1.0.2-dddddddddd";
      const canary = { release: other, key: releaseKey(other), entry: "http://127.0.0.1:1/x/mf-manifest.json", percent: 10, startedAt: Date.now() };
      await rest("releases/canary/remote_home", "owner", canary);
      // Without its abort the end of a canary is refused; other parts of the state are never the reporter's.
      for (const [path, value] of [
        ["releases/canary/remote_home", null],
        ["releases/live/remote_home", { release: other, entry: canary.entry, at: Date.now() }],
        ["releases/history/remote_home/x", { id: other }],
      ] as const)
        await expect(reporterWrite(path, value)).rejects.toThrow(/permission/i);
      const abort = { at: Date.now(), reason: "x", canary: { views: 10, failed: 9 }, live: { views: 1, failed: 0 } };
      expect(await reporter.recordAbort("remote_home", other, abort, null)).toBe(true);
      expect((await rest("releases/canary/remote_home")).value).toBeNull();
      expect(await reporter.recordAbort("remote_home", other, abort, null)).toBe(false); // once
    } finally {
      await reporter.close();
    }
  });

  it("aborts the canary once it has 10 views and an error rate 20 points above the live release's, once", async () => {
    // Live: 2 views, 1 failed (50 %). The canary has 1 view; 9 failing views make 10 views at 90 %.
    for (let i = 0; i < 8; i++) await report({ v: 1, runs: [run(CANARY, true)] }, `198.51.100.${10 + i}`);
    expect((await rest(`releases/health/aborts/remote_blog/${releaseKey(CANARY)}`)).value).toBeNull(); // 9 views: not yet
    await report({ v: 1, runs: [run(CANARY, true)] }, "198.51.100.30");
    const abort = (await rest(`releases/health/aborts/remote_blog/${releaseKey(CANARY)}`)).value as Record<string, unknown>;
    expect(abort).toMatchObject({ canary: { views: 10, failed: 9 }, live: { views: 2, failed: 1 } });
    expect(abort.reason).toMatch(/90 % of 10 views, is 40 points above the live release's 50 %/);
    expect(logs.filter((l) => l.includes(`canary of remote_blog ${CANARY} aborted`))).toHaveLength(1);
    // The same write ended the canary and recorded the abort, as the renderer's act.
    expect((await rest("releases/canary/remote_blog")).value).toBeNull();
    const record = Object.values((await rest("releases/record")).value as Record<string, Record<string, unknown>>).filter((e) => e.remote === "remote_blog");
    expect(record).toEqual([expect.objectContaining({ kind: "abort", remote: "remote_blog", release: CANARY, from: LIVE, by: "the renderer (automatic)" })]);
    // Aborted: the canary's release is no longer current, so its reports are not counted.
    await report({ v: 1, runs: [run(CANARY, true)] }, "198.51.100.31");
    expect((await rest(`releases/health/counts/remote_blog/${releaseKey(CANARY)}`)).value).toEqual({ views: 10, failed: 9 });
  });

  it("refuses a client over its rate with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await report({ v: 1, runs: [run(LIVE, false)] }, "203.0.113.99")).status);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
