// The local stack's scheduler (scripts/lib/local-stack.ts starts it as its own process): the same
// job as the scheduled Cloud Function, on the same schedule, against the local database.
// SCHEDULER_DATABASE_URL and FIREBASE_DATABASE_EMULATOR_HOST name the database; SCHEDULER_INTERVAL_MS
// (default 60000) lets the end-to-end suite run it every few seconds instead of every minute.
import { createMailServices } from "./mail/context";
import { mailJobTiming, runMailJobOnce } from "./mail/mail-job";
import { createSchedulerClient, schedulerDatabaseUrl, SCHEDULE_INTERVAL_MS } from "./scheduler";

const intervalMs = Number(process.env.SCHEDULER_INTERVAL_MS ?? SCHEDULE_INTERVAL_MS);
if (!Number.isInteger(intervalMs) || intervalMs < 1000)
  throw new Error(`SCHEDULER_INTERVAL_MS=${process.env.SCHEDULER_INTERVAL_MS} must be a whole number of ms, at least 1000`);
const client = createSchedulerClient(schedulerDatabaseUrl(process.env));
// The mail job runs after each publishing run, so a post the scheduler publishes is mailed on the
// same tick; without SMTP_URL and MAIL_SECRET it is not started.
const mail = createMailServices(process.env);
const mailTiming = mailJobTiming(process.env, Math.max(intervalMs * 5, 30_000));
if (!mail) console.log("mail: not started (SMTP_URL and MAIL_SECRET are not set)");

async function tick(): Promise<void> {
  try {
    const run = await client.run({ intervalMs });
    if (run.published.length > 0) console.log(`scheduler: published ${run.published.join(", ")}`);
    for (const f of run.failures) console.log(`scheduler: ${f.slug}: ${f.reason}`);
    if (run.error) console.log(`scheduler: ${run.error}`);
  } catch (error) {
    console.log(`scheduler: the run could not be recorded: ${(error as Error).message}`);
  }
  if (mail) await runMailJobOnce(mail, process.env, mailTiming, (line) => console.log(line)).catch((error: unknown) => console.log(`mail: ${String(error)}`));
}

// One run at a time: a slow run delays the next rather than overlapping it.
let timer: NodeJS.Timeout | undefined;
const loop = async () => {
  await tick();
  timer = setTimeout(() => void loop(), intervalMs);
};
void loop();
const stop = () => {
  clearTimeout(timer);
  void Promise.all([client.close(), mail?.close()]).finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
