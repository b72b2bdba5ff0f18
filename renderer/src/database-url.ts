// The database the server-side jobs write to (kept apart from scheduler.ts, so the mail job loads
// without the scheduler's imports).
/** The database URL: SCHEDULER_DATABASE_URL, else the project's default database (FIREBASE_CONFIG, set by Cloud Functions). */
export function schedulerDatabaseUrl(env: NodeJS.ProcessEnv): string {
  if (env.SCHEDULER_DATABASE_URL) return env.SCHEDULER_DATABASE_URL;
  try {
    const url = (JSON.parse(env.FIREBASE_CONFIG ?? "{}") as { databaseURL?: unknown }).databaseURL;
    if (typeof url === "string" && url !== "") return url;
  } catch {
    // reported below
  }
  throw new Error("The scheduler has no database URL: set SCHEDULER_DATABASE_URL (Cloud Functions sets FIREBASE_CONFIG for the default database)");
}
