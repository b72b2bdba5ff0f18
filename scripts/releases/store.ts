// The release state's one reader and writer for the release command: the Realtime Database
// through the Admin SDK, acting as RELEASE_TOOL_UID so the rules check every write as they check
// an admin's. The same code runs against the local stack (its database server, through
// FIREBASE_DATABASE_EMULATOR_HOST) and a Firebase project (Google application default
// credentials, or GOOGLE_APPLICATION_CREDENTIALS in CI).
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDatabase, type Database } from "firebase-admin/database";
import {
  LOCK_STALE_MS,
  RELEASE_STATE_PATHS as P,
  parseCanary,
  parseLive,
  parseReleaseLog,
  parseServedReleases,
  recordEntries,
  releaseKey,
  releaseOfKey,
  type HistoryEntry,
  type LiveRelease,
  type ReleaseCounts,
  type ReleaseLock,
  type ReleaseLogEntry,
} from "release-protocol";
import { PATHS, RELEASE_TOOL_UID } from "shared-content/paths";
import type { RemoteState, Updates } from "./plan";

export interface ReleaseStore {
  read(remote: string): Promise<RemoteState>;
  /** Every remote's live release (one read of `releases/live`). */
  live(): Promise<Record<string, LiveRelease>>;
  /** Applies one multi-path update under `releases/` (all of it or nothing), with a record entry. */
  write(updates: Updates, record?: ReleaseLogEntry): Promise<void>;
  /** Holds `remote` for one command; resolves with who holds it instead when another command does. */
  lock(remote: string, holder: ReleaseLock): Promise<ReleaseLock | null>;
  unlock(remote: string, holder: ReleaseLock): Promise<void>;
  /** The newest `limit` record entries of `remote`, oldest first. */
  record(remote: string, limit: number): Promise<ReleaseLogEntry[]>;
  counts(remote: string, releases: string[]): Promise<Record<string, ReleaseCounts>>;
  close(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function parseHistory(value: unknown): HistoryEntry[] {
  if (!isRecord(value)) return [];
  return Object.values(value)
    .filter(isRecord)
    .filter((r) => typeof r.id === "string" && typeof r.entry === "string")
    .map((r) => r as unknown as HistoryEntry)
    .sort((a, b) => a.at - b.at);
}

let apps = 0;

/** Opens the release state of the database at `databaseURL` (`emulatorHost`: the local stack's database server). */
export function openReleaseStore({ databaseURL, emulatorHost }: { databaseURL: string; emulatorHost?: string | undefined }): ReleaseStore {
  // The Admin SDK finds an emulator only through this process-wide variable.
  if (emulatorHost) process.env.FIREBASE_DATABASE_EMULATOR_HOST = emulatorHost;
  const app: App = initializeApp({ databaseURL, databaseAuthVariableOverride: { uid: RELEASE_TOOL_UID } }, `release-tool-${++apps}`);
  const db: Database = getDatabase(app);
  const at = (path: string) => db.ref(`${PATHS.releases}/${path}`);
  return {
    async read(remote) {
      const [live, canary, history, aborts] = await Promise.all(
        [P.live(remote), P.canary(remote), P.history(remote), P.aborts(remote)].map(async (path) => (await at(path).get()).val() as unknown),
      );
      return {
        live: isRecord(live) ? parseLive(live) : null,
        canary: isRecord(canary) ? parseCanary(canary) : null,
        history: parseHistory(history),
        aborts: Object.fromEntries(
          Object.entries(isRecord(aborts) ? aborts : {}).flatMap(([key, a]) =>
            isRecord(a) ? [[releaseOfKey(key), { at: Number(a.at) || 0, reason: String(a.reason ?? "") }]] : [],
          ),
        ),
      };
    },
    live: async () => parseServedReleases({ live: (await at("live").get()).val() as unknown }).live,
    async write(updates, record) {
      const all: Updates = { ...updates };
      if (record) all[`${P.record}/${at(P.record).push().key}`] = record;
      await db.ref(PATHS.releases).update(all);
    },
    async lock(remote, holder) {
      let held: ReleaseLock | null = null;
      const result = await at(P.lock(remote)).transaction((current: ReleaseLock | null) => {
        if (current && Date.now() - current.at < LOCK_STALE_MS) {
          held = current;
          return undefined; // leave it: another command holds the remote
        }
        held = null;
        return holder;
      });
      return result.committed ? null : held;
    },
    async unlock(remote, holder) {
      // A transaction's first try may see null before the server's value is known: it returns what
      // it would write either way, so the server's answer decides.
      await at(P.lock(remote)).transaction((current: ReleaseLock | null) =>
        !current || (current.at === holder.at && current.by === holder.by) ? null : current,
      );
    },
    async record(remote, limit) {
      const value = (await at(P.record).orderByChild("remote").equalTo(remote).get()).val() as unknown;
      return recordEntries(value, parseReleaseLog).slice(-limit);
    },
    async counts(remote, releases) {
      const value = (await at(P.counts(remote)).get()).val() as Record<string, Partial<ReleaseCounts>> | null;
      return Object.fromEntries(releases.map((r) => [r, { views: value?.[releaseKey(r)]?.views ?? 0, failed: value?.[releaseKey(r)]?.failed ?? 0 }]));
    },
    close: () => deleteApp(app),
  };
}
