// What a start of the local stack does to the release state: it serves the working tree's builds
// from each remote's site root, so they become the live releases (and the record says so when a
// remote's live build changed). Earlier root builds are gone (overwritten), and so are published
// releases whose folders were removed: both leave the history.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { RELEASE_STATE_PATHS as P, type HistoryEntry } from "release-protocol";
import { releaseIdOf } from "../lib/releases";
import { stampRelease } from "../lib/release-stamp";
import { planLive, type Updates } from "./plan";
import { actorOf, recordEntry } from "./record";
import type { ReleaseStore } from "./store";

/** Records each remote's root build as its live release; resolves with the remotes whose live release changed. */
export async function recordStartBuilds({
  store,
  repoRoot,
  remotes,
}: {
  store: ReleaseStore;
  repoRoot: string;
  remotes: { name: string; root: string; origin: string }[];
}): Promise<string[]> {
  const actor = actorOf(repoRoot);
  const changed: string[] = [];
  for (const { name, root, origin } of remotes) {
    const { id, version } = await releaseIdOf(root);
    await stampRelease(root, id);
    const state = await store.read(name);
    const now = Date.now();
    const build: HistoryEntry = { id, version, at: now, entry: `${origin}/mf-manifest.json`, path: "", source: "npm start" };
    const gone = state.history.filter((r) => r.id !== id && (r.path === "" || !existsSync(join(root, r.path, "mf-manifest.json"))));
    const updates: Updates = Object.fromEntries(gone.map((r) => [P.history(name, r.id), null]));
    // A removed entry takes no other change (overlapping paths in one update are refused).
    for (const [path, value] of Object.entries(planLive(name, state, build, now)))
      if (!gone.some((r) => path.startsWith(`${P.history(name, r.id)}/`))) updates[path] = value;
    const from = state.live?.release ?? null;
    if (from === id) await store.write(updates);
    else {
      await store.write(updates, await recordEntry(repoRoot, actor, { kind: "start", remote: name, release: id, from, buildDir: root }));
      changed.push(name);
    }
  }
  return changed;
}
