// The release command's store against the real local database server enforcing the project's
// rules: it writes the release state as RELEASE_TOOL_UID, one command holds a remote at a time,
// and a local stack's old release files move into the database once.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startRtdbEmulator, type RtdbEmulator } from "rtdb-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateLocalReleaseFiles } from "./migrate";
import { openReleaseStore, type ReleaseStore } from "./store";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NAMESPACE = "demo-portfolio-default-rtdb";
let database: RtdbEmulator;
let store: ReleaseStore;

const owner = async (path: string) =>
  (await (await fetch(`${database.url}/${path}.json?ns=${NAMESPACE}`, { headers: { authorization: "Bearer owner" } })).json()) as unknown;

beforeAll(async () => {
  database = await startRtdbEmulator({ port: 0, rules: join(repoRoot, "database.rules.json"), defaultNamespace: NAMESPACE });
  store = openReleaseStore({ databaseURL: `http://127.0.0.1:${database.port}/?ns=${NAMESPACE}`, emulatorHost: `127.0.0.1:${database.port}` });
});
afterAll(async () => {
  await store?.close();
  await database?.close();
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
});

describe("the release store", () => {
  it("writes a release and its record entry in one update, as the release command's uid", async () => {
    const entry = { id: "1.0.0-aaaaaaaaaa", version: "1.0.0", at: Date.now(), entry: "http://x/mf-manifest.json", path: "", source: "npm start" };
    const record = {
      at: new Date().toISOString(),
      kind: "release" as const,
      remote: "remote_blog",
      release: entry.id,
      from: null,
      by: "me",
      commit: "abc",
      needs: [],
    };
    await store.write({ "history/remote_blog/1,0,0-aaaaaaaaaa": entry, "live/remote_blog": { release: entry.id, entry: entry.entry, at: Date.now() } }, record);
    const state = await store.read("remote_blog");
    expect(state.live?.release).toBe(entry.id);
    expect(state.history.map((r) => r.id)).toEqual([entry.id]);
    expect(await store.record("remote_blog", 10)).toEqual([expect.objectContaining({ kind: "release", release: entry.id, by: "me" })]);
  });

  it("refuses what the rules refuse: a malformed live entry, a rewritten record", async () => {
    await expect(store.write({ "live/remote_blog": { release: "x" } })).rejects.toThrow(/permission/i);
    const [key] = Object.keys((await owner("releases/record")) as object);
    await expect(store.write({ [`record/${key}`]: { at: "x", kind: "release", remote: "remote_blog", release: "y", by: "z" } })).rejects.toThrow(/permission/i);
  });

  it("lets one command hold a remote at a time; the other learns who holds it", async () => {
    const first = { by: "Ada", command: "a release", at: Date.now() };
    const second = { by: "Bob", command: "a rollback", at: Date.now() + 1 };
    const results = await Promise.all([store.lock("remote_home", first), store.lock("remote_home", second)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    // The refused one is told who holds the remote: the one that won.
    const holder = results.find((r) => r !== null)!;
    expect(holder).toEqual(results[0] === null ? first : second);
    await store.unlock("remote_home", holder);
    expect(await store.lock("remote_home", second)).toBeNull();
    await store.unlock("remote_home", second);
  });

  it("takes over a lock left by a command that crashed long ago", async () => {
    await store.lock("remote_admin", { by: "crashed", command: "a release", at: Date.now() - 11 * 60_000 });
    expect(await store.lock("remote_admin", { by: "me", command: "a release", at: Date.now() })).toBeNull();
  });

  it("moves a stack's old releases.json and release-log.json into the database once, keeping the files", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "release-migration-"));
    const at = "2026-11-30T10:00:00.000Z";
    await writeFile(
      join(dataDir, "releases.json"),
      JSON.stringify({
        remote_home: {
          live: "1.1.0-bbbbbbbbbb",
          history: [
            { id: "1.0.0-rootrootro", version: "1.0.0", at, path: "", source: "npm start" },
            { id: "1.1.0-bbbbbbbbbb", version: "1.1.0", at, path: "releases/1.1.0-bbbbbbbbbb/", source: "npm run release" },
          ],
          canary: { id: "1.2.0-cccccccccc", percent: 10, startedAt: at },
        },
      }),
    );
    const old = [{ at, kind: "release", remote: "remote_home", release: "1.1.0-bbbbbbbbbb", from: null, by: "Ada", commit: "abc", needs: [] }];
    await writeFile(join(dataDir, "release-log.json"), JSON.stringify(old));
    const lines: string[] = [];
    const moved = await migrateLocalReleaseFiles({ dataDir, store, origins: { remote_home: "http://127.0.0.1:4178" }, log: (l) => lines.push(l) });
    expect(moved).toMatch(/moved 1 release\(s\) and 1 record entries/);
    const state = await store.read("remote_home");
    expect(state.history.map((r) => [r.id, r.entry])).toEqual([["1.1.0-bbbbbbbbbb", "http://127.0.0.1:4178/releases/1.1.0-bbbbbbbbbb/mf-manifest.json"]]);
    expect(state.live?.release).toBe("1.1.0-bbbbbbbbbb");
    expect(state.canary).toBeNull();
    expect(await store.record("remote_home", 10)).toEqual([expect.objectContaining({ by: "Ada", release: "1.1.0-bbbbbbbbbb" })]);
    expect(existsSync(join(dataDir, "releases.json"))).toBe(false);
    expect(JSON.parse(await readFile(join(dataDir, "release-log.json.migrated"), "utf8"))).toEqual(old);
    expect(await migrateLocalReleaseFiles({ dataDir, store, origins: {}, log: () => {} })).toBeNull();
  });
});
