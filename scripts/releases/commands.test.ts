// The commands' own logic on an in-memory release state: one write per act with its record entry,
// a refusal in words while another command holds the remote, and --dry-run writing nothing.
import { describe, expect, it } from "vitest";
import type { HistoryEntry, ReleaseLock, ReleaseLogEntry } from "release-protocol";
import { Refusal, rollback, type ReleaseContext } from "./commands";
import type { RemoteState, Updates } from "./plan";
import type { ReleaseStore } from "./store";
import type { ReleaseTarget } from "./targets";

const T = Date.parse("2026-12-01T00:00:00Z");
const release = (id: string, at: number): HistoryEntry => ({
  id,
  version: id.split("-")[0]!,
  at,
  entry: `http://x/${id}/mf-manifest.json`,
  path: `releases/${id}/`,
  source: "npm run release",
});
const a = release("1.0.0-aaaaaaaaaa", T);
const b = release("1.0.1-bbbbbbbbbb", T + 1);

function memoryStore(state: RemoteState, lock: ReleaseLock | null = null) {
  const writes: { updates: Updates; record?: ReleaseLogEntry }[] = [];
  const store: ReleaseStore = {
    read: async () => state,
    live: async () => Object.fromEntries(state.live ? [["remote_blog", state.live]] : []),
    write: async (updates, record) => void writes.push({ updates, ...(record ? { record } : {}) }),
    lock: async () => lock,
    unlock: async () => {},
    record: async () => [],
    counts: async () => ({}),
    close: async () => {},
  };
  return { store, writes };
}

function context(store: ReleaseStore, dryRun = false): { ctx: ReleaseContext; lines: string[] } {
  const lines: string[] = [];
  const target = {} as ReleaseTarget;
  const ctx: ReleaseContext = {
    remote: { name: "remote_blog", dir: "remote-blog", devPort: { env: "X", default: 1 }, serverRendered: true },
    store,
    target,
    siteConfig: { firebase: { apiKey: "k", projectId: "p", databaseURL: "http://x", authDomain: "", appId: "" }, remotes: {} },
    shellDir: "/nowhere",
    repoRoot: "/nowhere",
    actor: { by: "Ada", commit: "abc" },
    log: (line) => lines.push(line),
    now: () => T + 10,
    dryRun,
  };
  return { ctx, lines };
}

const live = (r: HistoryEntry) => ({ release: r.id, entry: r.entry, at: T });

describe("a release command", () => {
  it("rolls back in one write with its record entry, by who ran it", async () => {
    const { store, writes } = memoryStore({ live: live(b), canary: null, history: [a, b], aborts: {} });
    const { ctx, lines } = context(store);
    await rollback(ctx);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.updates["live/remote_blog"]).toEqual({ release: a.id, entry: a.entry, at: T + 10 });
    expect(writes[0]!.record).toMatchObject({ kind: "rollback", release: a.id, from: b.id, by: "Ada", commit: "abc" });
    expect(lines.join("\n")).toContain(`rolled back from ${b.id} to ${a.id}`);
  });

  it("is refused in words while another command holds the remote, and writes nothing", async () => {
    const { store, writes } = memoryStore({ live: live(b), canary: null, history: [a, b], aborts: {} }, { by: "Bob", command: "a release", at: T });
    const { ctx } = context(store);
    await expect(rollback(ctx)).rejects.toThrow(
      new Refusal("remote_blog is being changed by Bob (a release, started 0 s ago); nothing was changed. Run this again once it has finished."),
    );
    expect(writes).toEqual([]);
  });

  it("with --dry-run says what it would write and writes nothing", async () => {
    const { store, writes } = memoryStore({ live: live(b), canary: null, history: [a, b], aborts: {} });
    const { ctx, lines } = context(store, true);
    await rollback(ctx);
    expect(writes).toEqual([]);
    expect(lines.join("\n")).toMatch(
      /would write, in one update: releases\/history\/remote_blog\/1,0,1-bbbbbbbbbb\/retiredAt, .*releases\/live\/remote_blog, and a record entry/,
    );
    expect(lines.join("\n")).toContain("Dry run, nothing done: remote_blog: rolled back");
  });
});
