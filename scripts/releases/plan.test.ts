// The release commands' decisions, as the one write each makes to the release state.
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "release-protocol";
import { expiredReleases, planAbort, planCanary, planLive, planPromote, previousRelease, type RemoteState } from "./plan";

const T = Date.parse("2026-12-01T00:00:00Z");
const DAY = 86_400_000;
const release = (id: string, at: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  version: id.split("-")[0]!,
  at,
  entry: `http://x/releases/${id}/mf-manifest.json`,
  path: `releases/${id}/`,
  source: "npm run release",
  ...extra,
});
const state = (history: HistoryEntry[], live: string | null, extra: Partial<RemoteState> = {}): RemoteState => ({
  live: live ? { release: live, entry: history.find((r) => r.id === live)!.entry, at: T } : null,
  canary: null,
  history,
  aborts: {},
  ...extra,
});
const a = release("1.0.0-aaaaaaaaaa", T);
const b = release("1.0.1-bbbbbbbbbb", T + 1);
const c = release("1.0.2-cccccccccc", T + 2);

describe("the release plans", () => {
  it("makes a release live and retires the one it replaces, in one update", () => {
    expect(planLive("remote_blog", state([a], a.id), b, T + 5)).toEqual({
      "history/remote_blog/1,0,0-aaaaaaaaaa/retiredAt": T + 5,
      "history/remote_blog/1,0,1-bbbbbbbbbb": b,
      "live/remote_blog": { release: b.id, entry: b.entry, at: T + 5 },
    });
  });

  it("starts a canary keyed by its release, and keeps its start when only the share changes", () => {
    const first = planCanary("remote_blog", state([a], a.id), b, 20, T + 5);
    expect(first["canary/remote_blog"]).toEqual({ release: b.id, key: "1,0,1-bbbbbbbbbb", entry: b.entry, percent: 20, startedAt: T + 5 });
    const running = state([a, b], a.id, { canary: { release: b.id, key: "1,0,1-bbbbbbbbbb", entry: b.entry, percent: 20, startedAt: T + 5 } });
    expect(planCanary("remote_blog", running, b, 50, T + 9)["canary/remote_blog"]).toMatchObject({ percent: 50, startedAt: T + 5 });
  });

  it("promotes the canary to live and ends it; an abort marks it so a rollback never goes back to it", () => {
    const running = state([a, b], a.id, { canary: { release: b.id, key: "k", entry: b.entry, percent: 20, startedAt: T } });
    expect(planPromote("remote_blog", running, T + 9)).toMatchObject({ "live/remote_blog": { release: b.id }, "canary/remote_blog": null });
    expect(planAbort("remote_blog", running, T + 9)).toEqual({ "canary/remote_blog": null, "history/remote_blog/1,0,1-bbbbbbbbbb/abortedAt": T + 9 });
  });

  it("rolls back past aborted releases, by hand or by the renderer", () => {
    expect(previousRelease(state([a, b, c], c.id))?.id).toBe(b.id);
    expect(previousRelease(state([a, { ...b, abortedAt: T }, c], c.id))?.id).toBe(a.id);
    expect(previousRelease(state([a, b, c], c.id, { aborts: { [b.id]: { at: T, reason: "x" } } }))?.id).toBe(a.id);
    expect(previousRelease(state([a], a.id))).toBeNull();
  });

  it("lets go of releases retired past the window, never the live one, the canary, the rollback target or the root build", () => {
    const root = release("0.9.0-rrrrrrrrrr", T - 30 * DAY, { path: "", retiredAt: T - 20 * DAY });
    const old = release("0.9.1-oooooooooo", T - 20 * DAY, { retiredAt: T - 10 * DAY });
    const recent = release("0.9.2-nnnnnnnnnn", T - 9 * DAY, { retiredAt: T - DAY });
    const s = state([root, old, { ...a, retiredAt: T - 9 * DAY }, recent, b], b.id);
    expect(expiredReleases(s, T, 7 * DAY).map((r) => r.id)).toEqual([old.id, a.id]);
  });
});
