// The scheduled-publishing job's database client: the Admin SDK acting as the scheduler uid
// (databaseAuthVariableOverride), so the database rules check each move it makes exactly as they
// check the owner's (shared-content's build-rules: a due post's publish move, nothing else). Used by
// the scheduled Cloud Function (function.ts, `publishScheduled`) and the local stack's runner
// (scheduler-local.ts). In production the Admin SDK signs in with the function's service account
// (Application Default Credentials); locally FIREBASE_DATABASE_EMULATOR_HOST points it at
// rtdb-emulator, which honours the same override (docs/deploy.md, "Scheduled publishing").
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getDatabase } from "firebase-admin/database";
import { runScheduledPublishing, SCHEDULER_UID, type SchedulerDatabase, type SchedulerRun } from "shared-content/server";

/** How often production runs the job (the onSchedule below says the same, in cron words). */
export const SCHEDULE_INTERVAL_MS = 60_000;

export interface SchedulerClient {
  /** One run at the database's current time (or `now`, for tests that drive the clock). */
  run(options?: { now?: number; intervalMs?: number }): Promise<SchedulerRun>;
  close(): Promise<void>;
}

export { schedulerDatabaseUrl } from "./database-url";

let instances = 0;

/** An Admin SDK app of its own acting as the scheduler uid, and the job over it. */
export function createSchedulerClient(databaseURL: string): SchedulerClient {
  const app: App = initializeApp({ databaseURL, databaseAuthVariableOverride: { uid: SCHEDULER_UID } }, `scheduler-${++instances}`);
  const db = getDatabase(app);
  const port: SchedulerDatabase = {
    read: async (path) => (await db.ref(path).get()).val() as unknown,
    update: async (updates) => {
      await db.ref().update(updates);
    },
  };
  /** The database's clock: the job publishes what is due by its time, which is what the rules check. */
  const serverNow = async () => Date.now() + (((await db.ref(".info/serverTimeOffset").once("value")).val() as number | null) ?? 0);
  return {
    run: async ({ now, intervalMs = SCHEDULE_INTERVAL_MS } = {}) => runScheduledPublishing(port, { now: now ?? (await serverNow()), intervalMs }),
    close: () => deleteApp(app),
  };
}
