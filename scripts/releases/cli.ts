// `npm run release|rollback|releases`: the arguments, the context for the chosen target (the
// running local stack, or a Firebase project with --project), and the one command they name.
//   npm run release -- <remote> [--canary N | --promote | --abort | --preview [--hours N] | --revoke-previews | --check-only]
//                     [--dist DIR] [--no-browser] [--project ID [--config deploy/config.json] [--dry-run]] [--data DIR]
//   npm run rollback -- <remote>        npm run releases -- <remote> [--notes]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseRuntimeConfig, type RuntimeConfig } from "runtime-config";
import { repoRoot } from "dev-tools/stack-config";
import { REMOTE_LIST, remoteNamed } from "federation-kit/remotes";
import { runningStack } from "../lib/local-stack";
import { readLocalPreviewSecret } from "../lib/preview-secret";
import { Refusal, abort, preview, promote, release, releases, revokePreviews, rollback, type ReleaseContext, type RemoteInfo } from "./commands";
import { migrateLocalReleaseFiles } from "./migrate";
import { actorOf } from "./record";
import { openReleaseStore } from "./store";
import { firebaseTarget, localTarget } from "./targets";

const OPTIONS = {
  dist: { type: "string" },
  data: { type: "string", default: process.env.LOCAL_DATA_DIR || join(repoRoot, ".local-data") },
  project: { type: "string" },
  config: { type: "string", default: join(repoRoot, "deploy", "config.json") },
  "dry-run": { type: "boolean", default: false },
  "check-only": { type: "boolean", default: false },
  "no-browser": { type: "boolean", default: false },
  preview: { type: "boolean", default: false },
  hours: { type: "string" },
  "revoke-previews": { type: "boolean", default: false },
  canary: { type: "string" },
  promote: { type: "boolean", default: false },
  abort: { type: "boolean", default: false },
  notes: { type: "boolean", default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

const usage = (command: string) =>
  `Usage: npm run ${command} -- <${REMOTE_LIST.map((r) => r.dir).join("|")}>${command === "release" ? " [--canary PERCENT | --promote | --abort | --preview | --revoke-previews | --check-only] [--dist DIR] [--project ID [--dry-run]]" : ""}`;

/** The share of visitors of --canary, 1 to 99, or null without it. */
export function canaryPercent(value: string | undefined): number | null {
  if (value === undefined) return null;
  const percent = Number(value);
  if (!(Number.isInteger(percent) && percent >= 1 && percent <= 99))
    throw new Refusal(`--canary takes the share of visitors who get the candidate, a whole number from 1 to 99 (got "${value}").`);
  return percent;
}

/** The one mode the arguments name; two at once are refused. */
export function modeOf(values: Values): string {
  const modes = (["canary", "promote", "abort", "preview", "check-only", "revoke-previews"] as const).filter((m) =>
    m === "canary" ? values.canary !== undefined : values[m],
  );
  if (modes.length > 1) throw new Refusal(`${modes.map((m) => `--${m}`).join(" and ")} cannot be combined: run one at a time.`);
  return modes[0] ?? "release";
}

/** The context on the running local stack: its database, its config, this remote's Hosting folder. */
async function localContext(remote: RemoteInfo, dataDir: string, log: (line: string) => void): Promise<ReleaseContext> {
  const stack = await runningStack(dataDir);
  if (!stack?.configFile || !stack.siteUrl)
    throw new Refusal(`No local stack is running on ${dataDir}: start it with \`npm start\`, or release to Firebase with --project <id>.`);
  const origin = stack.remoteOrigins[remote.name];
  const siteRoot = stack.hostingRoots[remote.dir];
  if (!origin || !siteRoot) throw new Refusal(`The stack running on ${dataDir} serves no ${remote.dir} site: restart it with \`npm start\`.`);
  const siteConfig = parseRuntimeConfig(JSON.parse(readFileSync(stack.configFile, "utf8")));
  const database = siteConfig.emulators?.database;
  const store = openReleaseStore({ databaseURL: siteConfig.firebase.databaseURL, emulatorHost: database ? `${database.host}:${database.port}` : undefined });
  await migrateLocalReleaseFiles({ dataDir, store, origins: stack.remoteOrigins, log });
  return {
    remote,
    store,
    target: localTarget({ siteUrl: stack.siteUrl, origin, siteRoot }),
    siteConfig,
    shellDir: stack.hostingRoots.shell ?? join(repoRoot, "shell", "dist"),
    repoRoot,
    actor: actorOf(repoRoot),
    siteRoot,
    log,
  };
}

/** The context on a Firebase project: deploy/config.json's settings, its database, the remote's Hosting site. */
function firebaseContext(remote: RemoteInfo, values: Values, log: (line: string) => void): ReleaseContext {
  const file = resolve(values.config);
  if (!existsSync(file)) throw new Refusal(`${file} does not exist: copy deploy/config.example.json and fill it in (docs/deploy.md, step 3).`);
  const siteConfig: RuntimeConfig = parseRuntimeConfig(JSON.parse(readFileSync(file, "utf8")));
  if (!siteConfig.site) throw new Refusal(`${file} has no site.url: the checks need the live site's address.`);
  const defaultEntry = siteConfig.remotes[remote.name];
  const siteId = defaultEntry ? /^https:\/\/([a-z0-9-]+)\.(web\.app|firebaseapp\.com)\//.exec(defaultEntry)?.[1] : undefined;
  if (!siteId) throw new Refusal(`${file}'s remotes.${remote.name} must be the remote's Hosting site (https://<site-id>.web.app/mf-manifest.json).`);
  return {
    remote,
    store: openReleaseStore({ databaseURL: siteConfig.firebase.databaseURL }),
    target: firebaseTarget({ project: values.project!, remoteDir: remote.dir, siteId, siteUrl: siteConfig.site.url, repoRoot, dryRun: values["dry-run"], log }),
    siteConfig,
    shellDir: join(repoRoot, "shell", "dist"),
    repoRoot,
    actor: actorOf(repoRoot),
    log,
    dryRun: values["dry-run"],
    targetArgs: `--project ${values.project}`,
  };
}

/** Builds the remote alone (turbo: the shared packages it needs first), unless --dist names a build. */
function buildDirOf(remote: RemoteInfo, values: Values, log: (line: string) => void): string {
  if (values.dist) return resolve(values.dist);
  log(`Building ${remote.dir} alone…`);
  const build = spawnSync("npx", ["turbo", "run", "build", `--filter=${remote.dir}`, "--output-logs=errors-only"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Refusal(`The build of ${remote.dir} failed; nothing was released.`);
  return join(repoRoot, remote.dir, "dist");
}

async function run(command: string, remote: RemoteInfo, values: Values, ctx: ReleaseContext) {
  const log = ctx.log;
  if (command === "releases") return releases(ctx, { notes: values.notes });
  if (command === "rollback") return rollback(ctx);
  const mode = modeOf(values);
  if (mode === "promote") return promote(ctx);
  if (mode === "abort") return abort(ctx);
  if (mode === "revoke-previews") return revokePreviews(ctx);
  const buildDir = buildDirOf(remote, values, log);
  if (mode === "preview") {
    const secret = process.env.PREVIEW_SECRET || (values.project ? null : await readLocalPreviewSecret(repoRoot));
    return preview(ctx, { buildDir, secret, ...(values.hours ? { hours: Number(values.hours) } : {}) });
  }
  return release(ctx, { buildDir, canary: canaryPercent(values.canary), checkOnly: mode === "check-only", browser: !values["no-browser"] });
}

/** Parses `argv`, runs the command; resolves with the exit status (a refusal is 1, its words on stderr). */
export async function main(argv: string[], log: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command = "", remoteArg = ""] = positionals;
  const remote = remoteNamed(remoteArg);
  if (!["release", "rollback", "releases"].includes(command) || !remote) {
    console.error(usage(command || "release"));
    return 1;
  }
  let ctx: ReleaseContext | null = null;
  try {
    const target = { ...remote, name: remote.name as string };
    ctx = values.project ? firebaseContext(target, values, log) : await localContext(target, resolve(values.data), log);
    if (values["dry-run"] && !values.project) ctx.dryRun = true;
    await run(command, target, values, ctx);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await ctx?.store.close();
  }
}
