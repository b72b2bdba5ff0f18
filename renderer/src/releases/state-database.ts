// The renderer's release-state client: the Admin SDK acting as RELEASE_REPORTER_UID
// (databaseAuthVariableOverride), so the rules check each write as they check a user's. It follows
// the served part of the release state (live releases, canaries, revoked previews) with listeners,
// counts reports, and aborts a canary in one write (the abort, the canary's end and the record
// entry); nothing else (shared-content's build-rules).
// Production signs in with the function's service account; locally the config's emulator address
// is the database (FIREBASE_DATABASE_EMULATOR_HOST, like the scheduler: scheduler.ts).
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDatabase, ServerValue } from "firebase-admin/database";
import {
  AUTOMATIC_ABORT_BY,
  RELEASE_STATE_PATHS as P,
  parseServedReleases,
  releaseKey,
  type CanaryAbort,
  type ReleaseCounts,
  type ReleaseLogEntry,
  type ServedReleases,
} from "release-protocol";
import type { RuntimeConfig } from "runtime-config";
import { PATHS } from "shared-content";
import { RELEASE_REPORTER_UID, releaseCountsPath } from "shared-content/server";
import type { HealthDatabase } from "./reports";

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

/** The served state as it changes: `onChange` runs once all three parts arrived, then on every change. */
export type FollowReleases = (onChange: (served: ServedReleases) => void) => () => void;

export function createHealthDatabase(databaseURL: string): HealthDatabase & { follow: FollowReleases; close(): Promise<void> } {
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
    async recordAbort(remote, release, abort: CanaryAbort, live) {
      const key = releaseKey(release);
      const entry: ReleaseLogEntry = {
        at: new Date(abort.at).toISOString(),
        kind: "abort",
        remote,
        release,
        from: live,
        by: AUTOMATIC_ABORT_BY,
        commit: "-",
        needs: [],
        note: `aborted automatically: ${abort.reason}`,
      };
      const state = db.ref(PATHS.releases);
      try {
        // One write: the rules let the reporter end a canary only together with its abort.
        await state.update({ [`${P.aborts(remote)}/${key}`]: abort, [P.canary(remote)]: null, [`${P.record}/${state.child(P.record).push().key}`]: entry });
        return true;
      } catch {
        return false; // recorded already by another instance, or the canary ended meanwhile
      }
    },
    follow(onChange) {
      const parts: Record<string, unknown> = {};
      const names = ["live", "canary", "previewsRevokedBefore"];
      const stops = names.map((name) => {
        const ref = db.ref(`${PATHS.releases}/${name}`);
        const listener = ref.on(
          "value",
          (snapshot) => {
            parts[name] = snapshot.val();
            if (names.every((n) => n in parts)) onChange(parseServedReleases(parts));
          },
          () => {}, // refused (rules) or the app closed: the last state stays
        );
        return () => ref.off("value", listener);
      });
      return () => stops.forEach((stop) => stop());
    },
    close: () => deleteApp(app),
  };
}
