// The release counts' database client: the Admin SDK acting as RELEASE_REPORTER_UID
// (databaseAuthVariableOverride), so the rules check each write as they check a user's: it may
// count reports and record aborts under releaseHealth, nothing else (shared-content's build-rules).
// Production signs in with the function's service account; locally the config's emulator address
// is the database (FIREBASE_DATABASE_EMULATOR_HOST, like the scheduler: scheduler.ts).
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDatabase, ServerValue } from "firebase-admin/database";
import { releaseKey, releaseOfKey, type CanaryAbort, type ReleaseCounts } from "federation-contract";
import type { RuntimeConfig } from "shared-auth";
import { PATHS } from "shared-content";
import { RELEASE_REPORTER_UID, canaryAbortPath, releaseCountsPath } from "shared-content/server";
import type { HealthDatabase } from "./release-reports";

let instances = 0;

/** The database the counts live in: RELEASE_HEALTH_DATABASE_URL, else the config's (the project's, or the local one's). */
export function healthDatabaseUrl(config: RuntimeConfig, env: NodeJS.ProcessEnv = process.env): string {
  if (env.RELEASE_HEALTH_DATABASE_URL) return env.RELEASE_HEALTH_DATABASE_URL;
  const local = config.emulators?.database;
  if (local) {
    // The Admin SDK finds an emulator only through this process-wide variable; it names the same
    // local database the config gives every other reader.
    env.FIREBASE_DATABASE_EMULATOR_HOST ??= `${local.host}:${local.port}`;
  }
  return config.firebase.databaseURL;
}

const asCounts = (value: unknown): ReleaseCounts | null => {
  if (!value || typeof value !== "object") return null;
  const { views, failed } = value as Record<string, unknown>;
  return { views: typeof views === "number" ? views : 0, failed: typeof failed === "number" ? failed : 0 };
};

export function createHealthDatabase(databaseURL: string): HealthDatabase & { close(): Promise<void> } {
  const app: App = initializeApp({ databaseURL, databaseAuthVariableOverride: { uid: RELEASE_REPORTER_UID } }, `release-reporter-${++instances}`);
  const db = getDatabase(app);
  return {
    async increment(amounts) {
      const updates: Record<string, unknown> = {};
      for (const { remote, release, views, failed } of amounts) {
        const at = releaseCountsPath(remote, releaseKey(release));
        if (views) updates[`${at}/views`] = ServerValue.increment(views);
        if (failed) updates[`${at}/failed`] = ServerValue.increment(failed);
      }
      await db.ref().update(updates);
    },
    counts: async (remote, release) => asCounts((await db.ref(releaseCountsPath(remote, releaseKey(release))).get()).val()),
    async recordAbort(remote, release, abort: CanaryAbort) {
      try {
        await db.ref(canaryAbortPath(remote, releaseKey(release))).set(abort);
        return true;
      } catch {
        return false; // the rules refuse a second record: another instance was first
      }
    },
    async aborts() {
      const value = ((await db.ref(`${PATHS.releaseHealth}/aborts`).get()).val() ?? {}) as Record<string, Record<string, unknown>>;
      return Object.fromEntries(Object.entries(value).map(([remote, byKey]) => [remote, Object.keys(byKey ?? {}).map(releaseOfKey)]));
    },
    close: () => deleteApp(app),
  };
}
