// A local stack's release state from before it moved into the database: `releases.json` (each
// remote's history and live release) and `release-log.json` (the record) in the data folder. On
// the first start or release command that finds them, their history and record go into the
// database, and the files are renamed `*.migrated` (kept, never read again). A canary they name is
// not carried over: the served config that ran it was written afresh by the start that followed.
import { existsSync } from "node:fs";
import { readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { RELEASE_STATE_PATHS as P, parseReleaseLog, type HistoryEntry } from "release-protocol";
import type { ReleaseStore } from "./store";

interface OldRelease {
  id: string;
  version: string;
  at: string;
  path: string;
  source: string;
  retiredAt?: string;
  abortedAt?: string;
}
type OldState = Record<string, { live: string | null; history: OldRelease[] }>;

const ms = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? Math.min(Date.parse(iso), Date.now()) : undefined);

/** The database entries an old releases.json stands for: published releases only (a root build is replaced at every start). */
export function historyFromFile(state: OldState, origins: Record<string, string>): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  for (const [remote, { live, history }] of Object.entries(state)) {
    const origin = origins[remote];
    if (!origin) continue;
    for (const r of history.filter((h) => h.path !== "")) {
      const entry: HistoryEntry = {
        id: r.id,
        version: r.version,
        at: ms(r.at) ?? Date.now(),
        entry: `${origin}/${r.path}mf-manifest.json`,
        path: r.path,
        source: r.source,
      };
      const retiredAt = ms(r.retiredAt);
      const abortedAt = ms(r.abortedAt);
      updates[P.history(remote, r.id)] = { ...entry, ...(retiredAt ? { retiredAt } : {}), ...(abortedAt ? { abortedAt } : {}) };
      if (r.id === live) updates[P.live(remote)] = { release: r.id, entry: entry.entry, at: Date.now() };
    }
  }
  return updates;
}

/** Moves the old files' state into the database once; resolves with what it moved, in words (or null). */
export async function migrateLocalReleaseFiles({
  dataDir,
  store,
  origins,
  log,
}: {
  dataDir: string;
  store: ReleaseStore;
  origins: Record<string, string>;
  log: (line: string) => void;
}): Promise<string | null> {
  const releasesFile = join(dataDir, "releases.json");
  const logFile = join(dataDir, "release-log.json");
  if (!existsSync(releasesFile) && !existsSync(logFile)) return null;
  const history = existsSync(releasesFile) ? historyFromFile(JSON.parse(await readFile(releasesFile, "utf8")) as OldState, origins) : {};
  const record = existsSync(logFile) ? parseReleaseLog(JSON.parse(await readFile(logFile, "utf8"))) : [];
  if (Object.keys(history).length > 0) await store.write(history);
  for (const entry of record) await store.write({}, entry);
  for (const file of [releasesFile, logFile]) if (existsSync(file)) await rename(file, `${file}.migrated`);
  const moved = `moved ${Object.keys(history).filter((k) => k.startsWith("history/")).length} release(s) and ${record.length} record entries from ${dataDir} into the database (the files are kept as *.migrated)`;
  log(`Release state: ${moved}.`);
  return moved;
}
