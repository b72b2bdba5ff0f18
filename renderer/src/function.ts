// The renderer as a Cloud Function (2nd gen) behind Firebase Hosting's rewrites (firebase.json).
// RUNTIME_CONFIG_URL names the config to read (the site's /config.json, the file the browser
// reads); without it the renderer refuses to start, since nothing a request names may choose it.
// The Firebase CLI (and the emulator) also loads this module to discover its functions, without
// the function's runtime environment: the renderer is made only where the function runs.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { servesRequests } from "./function-env";
import { createRenderer } from "./handler";
import { createMailServices, type MailServices } from "./mail/context";
import { mailJobTiming, runMailJobOnce } from "./mail/mail-job";
import { createSchedulerClient, schedulerDatabaseUrl, type SchedulerClient } from "./scheduler";

let renderer: ReturnType<typeof createRenderer> | null = null;
const makeRenderer = () =>
  createRenderer({
    shellDir: join(dirname(fileURLToPath(import.meta.url)), "shell"),
    configUrl: process.env.RUNTIME_CONFIG_URL ?? "",
    previewSecret: process.env.PREVIEW_SECRET ?? null,
    mail: createMailServices(process.env),
  });

// Made when the runtime loads this module, so the config and the remotes are being prepared while
// the instance starts rather than after its first request has arrived (docs/architecture.md,
// "Rendering"). Not awaited here: the Functions emulator's loader does not wait for a module's
// top-level await.
if (servesRequests(process.env)) renderer = makeRenderer();

// PREVIEW_SECRET signs shareable preview links (release-protocol/preview-token): a Functions secret in
// production (`firebase functions:secrets:set PREVIEW_SECRET`), renderer/.secret.local locally;
// MAIL_SECRET signs subscription links and SMTP_URL names the mail provider (docs/deploy.md).
// Sizes from bench:load (docs/benchmarks.md, "A viral day"): one vCPU serves a warm page hundreds of
// times a second, best at about 40 requests at once; no instance kept warm (the CDN serves a stale
// copy meanwhile); at most 10, which bounds the bill and the database's reads in a flood of uncached addresses.
export const render = onRequest(
  {
    memory: "512MiB",
    cpu: 1,
    concurrency: 40,
    minInstances: 0,
    maxInstances: 10,
    timeoutSeconds: 30,
    invoker: "public",
    secrets: ["PREVIEW_SECRET", "MAIL_SECRET", "SMTP_URL"],
  },
  (req, res) => {
    renderer ??= makeRenderer();
    return renderer.handle(req, res);
  },
);

// Scheduled publishing (docs/data.md, "Scheduled publishing"): every minute, Cloud Scheduler
// runs the job, which publishes every due draft through the Publish button's move as the scheduler
// uid. A run records itself in blog/scheduler; no retry (the next run, a minute later, catches up).
let scheduler: SchedulerClient | null = null;
export const publishScheduled = onSchedule(
  { schedule: "every 1 minutes", timeZone: "Etc/UTC", memory: "256MiB", timeoutSeconds: 50, retryCount: 0, maxInstances: 1 },
  async () => {
    scheduler ??= createSchedulerClient(schedulerDatabaseUrl(process.env));
    const run = await scheduler.run();
    if (!run.ok) console.error(`publishScheduled: ${[run.error, ...run.failures.map((f) => `${f.slug}: ${f.reason}`)].filter(Boolean).join("; ")}`);
  },
);

// New posts by email (docs/data.md, "Subscriptions"): every minute, the mail job sends each newly
// published post to its confirmed subscribers through the send ledger, for at most four minutes a
// run (the next run continues a long list). One instance at a time; SMTP_URL and MAIL_SECRET are
// Functions secrets (docs/deploy.md, "Email subscriptions").
let mailer: MailServices | null = null;
export const sendPostMails = onSchedule(
  {
    schedule: "every 1 minutes",
    timeZone: "Etc/UTC",
    memory: "256MiB",
    timeoutSeconds: 300,
    retryCount: 0,
    maxInstances: 1,
    secrets: ["MAIL_SECRET", "SMTP_URL"],
  },
  async () => {
    mailer ??= createMailServices(process.env);
    if (!mailer) return console.error("sendPostMails: SMTP_URL and MAIL_SECRET are not set");
    await runMailJobOnce(mailer, process.env, mailJobTiming(process.env, 240_000), (line) => console.log(line));
  },
);
