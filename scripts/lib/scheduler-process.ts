// The local stack's scheduled publishing: the renderer's built `./scheduler-local` export, the production
// function's job on the same schedule, in its own process (the Admin SDK finds the local
// database through FIREBASE_DATABASE_EMULATOR_HOST, a process-wide variable). SCHEDULER_INTERVAL_MS
// (default 60000) shortens the schedule for the end-to-end suite.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** Starts the runner; resolves with { stop } (or null, with a line logged, when the renderer is not built). */
export function startSchedulerProcess({
  databaseUrl,
  namespace,
  log,
  env = {},
}: {
  databaseUrl: string;
  namespace: string;
  log: (line: string) => void;
  /** More environment: the mail job's (SMTP_URL, MAIL_SECRET, RUNTIME_CONFIG_URL or SITE_URL). */
  env?: Record<string, string>;
}): { stop(): Promise<void> } | null {
  // The built file, by package name (renderer/package.json's exports); it exists once the renderer is built.
  // tsx's resolver throws for an export whose file is missing (Node's returns the address).
  let entry: string | null;
  try {
    entry = fileURLToPath(import.meta.resolve("renderer/scheduler-local"));
  } catch {
    entry = null;
  }
  if (!entry || !existsSync(entry)) {
    log("Scheduler          not started: the renderer is not built (npm run build -w renderer)");
    return null;
  }
  let stopping = false;
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      FIREBASE_DATABASE_EMULATOR_HOST: new URL(databaseUrl).host,
      SCHEDULER_DATABASE_URL: `${databaseUrl}/?ns=${namespace}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", (line) => log(`[scheduler] ${line}`));
  child.on("exit", (code, signal) => {
    if (!stopping) log(`[scheduler] stopped unexpectedly (${signal ?? `exit code ${code}`}); scheduled posts wait until the next start`);
  });
  log(`Scheduler          publishes due posts every ${Number(process.env.SCHEDULER_INTERVAL_MS ?? 60_000) / 1000} s (process ${child.pid})`);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
