// How long a release's files stay served after it stops being live, and their clean-up
// (docs/architecture.md, "Releases"; shell/README.md, "Releasing one remote"). A tab opened before
// a release keeps running the release it loaded: its next screens come from that release's
// immutable folder (`releases/<id>/`) for RELEASE_WINDOW_DAYS after it stopped being live. After
// that the folder is removed, and such a tab follows the release instead (the browser reads the
// config and the remote's manifest again and loads the new release in place,
// shell/src/remotes/release-tracking.ts). Never removed: the live release, the one a rollback
// goes back to, and the build at the site's root (replaced by the next `npm start`).
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { previousRelease, readReleases, writeReleases } from "./releases";

export const RELEASE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Removes the folders of `name`'s releases that stopped being live more than `windowMs` ago,
 * and their history entries (the release record keeps what happened to them). Resolves with the ids removed.
 */
export async function pruneReleases({
  dataDir,
  name,
  siteRoot,
  now = Date.now(),
  windowMs = RELEASE_WINDOW_DAYS * DAY_MS,
}: {
  dataDir: string;
  name: string;
  siteRoot: string;
  now?: number;
  windowMs?: number;
}): Promise<string[]> {
  const state = await readReleases(dataDir);
  const entry = state[name];
  if (!entry) return [];
  const keep = new Set([entry.live, entry.canary?.id, (await previousRelease(dataDir, name))?.id]);
  const expired = entry.history.filter((r) => r.path && !keep.has(r.id) && now - Date.parse(r.retiredAt ?? r.at) > windowMs);
  for (const release of expired) {
    const folder = join(siteRoot, release.path);
    if (existsSync(folder)) await rm(folder, { recursive: true, force: true });
  }
  entry.history = entry.history.filter((r) => !expired.includes(r));
  await writeReleases(dataDir, state);
  return expired.map((r) => r.id);
}
