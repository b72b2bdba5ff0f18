#!/usr/bin/env node
// Releasing one remote without touching the others (shell/README.md, "Releasing one remote"):
//   npm run release -- <remote> [--site URL] [--dist DIR] [--check-only] [--no-browser] [--canary PERCENT] [--data DIR]
//   npm run release -- <remote> --promote | --abort [--data DIR]
//   npm run release -- <remote> --preview [--hours N] [--site URL --manifest-url URL]   (a shareable link)
//   npm run release -- <remote> --revoke-previews
//   npm run rollback -- <remote> [--data DIR]
//   npm run releases -- <remote> [--data DIR]
// `release` builds the remote alone (or takes --dist), checks the candidate against the live site
// (default: the running local stack) and, when every check passes, publishes it as a new
// immutable release and points the site at it; on any failure it says why and changes nothing.
// `--canary <percent>` publishes it the same way but serves it to that share of visitors only;
// `--promote` makes the canary the release, `--abort` takes it back (the renderer also aborts it by
// itself when browsers report too many failures: docs/architecture.md, "Releases").
// Run with tsx (the package.json scripts do).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CANARY_THRESHOLD, type ReleaseLogEntry } from "federation-contract";
import type { RuntimeConfig } from "shared-auth";
import { REMOTE_LIST, remoteNamed } from "../federation.remotes";
import { PREVIEW_LINK_HOURS, signPreview } from "federation-contract/preview-token";
import { runningStack } from "./lib/local-stack";
import { repoRoot } from "dev-tools/stack-config";
import { type CheckResult, checkCandidate } from "./lib/release-check";
import { readLocalPreviewSecret } from "./lib/preview-secret";
import { describeCounts, readReleaseHealth } from "./lib/release-health";
import { describeEntry, readReleaseLog, recordRelease } from "./lib/release-log";
import { stampRelease, unstamped } from "./lib/release-stamp";
import { RELEASE_WINDOW_DAYS, pruneReleases } from "./lib/release-window";
import { versionAdvice } from "./versioning/advice";
import {
  type Release,
  currentCanary,
  endCanary,
  liveRelease,
  previousRelease,
  publishPreview,
  publishRelease,
  readReleases,
  releaseIdOf,
  releaseUrl,
  releaseWithVersion,
  revokePreviews,
  PREVIEW_KEEP_DAYS,
  setLive,
  setRemoteUrl,
  startCanary,
} from "./lib/releases";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: "string" },
    dist: { type: "string" },
    data: { type: "string", default: process.env.LOCAL_DATA_DIR || join(repoRoot, ".local-data") },
    "check-only": { type: "boolean", default: false },
    "no-browser": { type: "boolean", default: false },
    preview: { type: "boolean", default: false },
    hours: { type: "string", default: String(PREVIEW_LINK_HOURS) },
    "manifest-url": { type: "string" },
    "revoke-previews": { type: "boolean", default: false },
    canary: { type: "string" },
    promote: { type: "boolean", default: false },
    abort: { type: "boolean", default: false },
  },
});
const [command, remoteArg] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const usage = `Usage: npm run ${command ?? "release"} -- <${REMOTE_LIST.map((r) => r.dir).join("|")}> (or its federation name, ${REMOTE_LIST.map((r) => r.name).join("|")})${command === "release" ? " [--site URL] [--dist DIR] [--check-only] [--canary PERCENT | --promote | --abort]" : ""}`;
if (!["release", "rollback", "releases"].includes(command ?? "")) fail(usage);
const remote = remoteNamed(remoteArg ?? "") ?? fail(usage);

// --canary <percent>: a whole share of visitors, 1 to 99 (0 is no canary, 100 is a release).
const canaryPercent = values.canary === undefined ? null : Number(values.canary);
if (canaryPercent !== null && !(Number.isInteger(canaryPercent) && canaryPercent >= 1 && canaryPercent <= 99))
  fail(`--canary takes the share of visitors who get the candidate, a whole number from 1 to 99 (got "${values.canary}").`);
const modes = [
  canaryPercent !== null && "--canary",
  values.promote && "--promote",
  values.abort && "--abort",
  values.preview && "--preview",
  values["check-only"] && "--check-only",
  values["revoke-previews"] && "--revoke-previews",
].filter(Boolean);
if (modes.length > 1) fail(`${modes.join(" and ")} cannot be combined: run one at a time.`);

const dataDir = resolve(values.data);
/** The longest a preview link may live (a candidate's folder is kept that long locally). */
const MAX_PREVIEW_HOURS = PREVIEW_KEEP_DAYS * 24;
const stack = await runningStack(dataDir);

/** What a command that changes the local site needs of the running stack: its config, this remote's origin and Hosting folder. */
function served(): { configFile: string; origin: string; siteRoot: string } {
  if (!stack?.configFile)
    fail(
      `No local stack is running on ${dataDir}: start it with \`npm start\`${command === "release" ? ", or check against production with --site <url>" : ""}.`,
    );
  const origin = stack.remoteOrigins[remote.name];
  const siteRoot = stack.hostingRoots[remote.dir];
  if (!origin || !siteRoot) fail(`The stack running on ${dataDir} serves no ${remote.dir} site: restart it with \`npm start\`.`);
  return { configFile: stack.configFile, origin, siteRoot };
}

/**
 * Points the running stack's config at `release` (the renderer reads it within 2 s, browsers on
 * their next page), then removes the releases no tab needs any more (release-window.ts).
 */
async function pointSiteAt(release: Release) {
  const { configFile, origin, siteRoot } = served();
  await setRemoteUrl(configFile, remote.name, releaseUrl(origin, release));
  await setLive(dataDir, remote.name, release.id);
  const removed = await pruneReleases({ dataDir, name: remote.name, siteRoot });
  if (removed.length) console.log(`${remote.name}: removed ${removed.join(", ")} (not live for over ${RELEASE_WINDOW_DAYS} days).`);
}

/** Adds what just happened to the release record (release-log.ts). */
const record = (
  kind: ReleaseLogEntry["kind"],
  release: Pick<Release, "id">,
  from: Release | null,
  buildDir: string,
  extra: { by?: string; at?: string; note?: string } = {},
) =>
  recordRelease({
    dataDir,
    repoRoot,
    shellRoot: stack?.hostingRoots?.shell,
    kind,
    remote: remote.name,
    release: release.id,
    from: from?.id ?? null,
    buildDir,
    ...extra,
  });

// The config alone (no remote site needed): `npm run releases` reads it to show the canary's health.
const readConfig = async () => JSON.parse(await readFile(stack?.configFile ?? served().configFile, "utf8")) as RuntimeConfig;
const releaseById = async (id: string) => (await readReleases(dataDir))[remote.name]?.history.find((r) => r.id === id) ?? null;
const releaseDir = (release: Release) => join(served().siteRoot, release.path);

/**
 * A canary the renderer aborted by itself (its record under releaseHealth/aborts) leaves the
 * config and goes into the release record, as the renderer's act, at the time it happened.
 */
async function settleAutomaticAbort() {
  const canary = stack?.configFile ? await currentCanary(dataDir, remote.name) : null;
  if (!canary) return;
  const abort = (await readReleaseHealth(await readConfig(), remote.name, [canary.id]))?.aborts[canary.id];
  if (!abort) return;
  await endCanary({ dataDir, configFile: served().configFile, name: remote.name, aborted: true });
  const release = await releaseById(canary.id);
  await record("abort", release ?? { id: canary.id }, await liveRelease(dataDir, remote.name), release ? releaseDir(release) : "", {
    by: "the renderer (automatic)",
    at: new Date(abort.at).toISOString(),
    note: `aborted automatically: ${abort.reason}`,
  });
  console.log(`${remote.name}: the canary of ${canary.id} was aborted automatically at ${new Date(abort.at).toISOString()}: ${abort.reason}.`);
}
if (stack?.configFile) await settleAutomaticAbort();

if (command === "releases") {
  const entry = (await readReleases(dataDir))[remote.name];
  if (!entry?.history.length) fail(`${remote.name} has no releases in ${dataDir} yet.`);
  console.log(`Releases of ${remote.name} (newest last):`);
  const canary = entry.canary ?? null;
  const mark = (r: Release) => (r.id === entry.live ? "* live  " : r.id === canary?.id ? "* canary" : r.abortedAt ? "aborted " : "        ");
  for (const r of entry.history)
    console.log(`${mark(r)}  ${r.id.padEnd(20)} ${r.version.padEnd(8)} ${r.at}  ${r.source}${r.path ? `  /${r.path}` : "  (site root)"}`);
  if (stack?.configFile) {
    const shown = [entry.live, canary?.id].filter((id): id is string => Boolean(id));
    const health = await readReleaseHealth(await readConfig(), remote.name, shown);
    console.log(
      canary
        ? `\nCanary: ${canary.id} to ${canary.percent} % of visitors since ${canary.startedAt} (promote: npm run release -- ${remote.dir} --promote; abort: --abort).`
        : `\nNo canary is running.`,
    );
    if (!health) console.log("Views and error rates: the database cannot be read (is the stack running?).");
    else for (const id of shown) console.log(`  ${id === canary?.id ? "canary" : "live  "}  ${id}: ${describeCounts(health.counts[id]!)}`);
  }
  const log = (await readReleaseLog(dataDir)).filter((e) => e.remote === remote.name);
  console.log(`\nRelease record of ${remote.name} (newest last):`);
  for (const e of log) console.log(describeEntry(e));
  process.exit(0);
}

if (command === "rollback") {
  const { siteRoot } = served();
  const live = await liveRelease(dataDir, remote.name);
  const previous = await previousRelease(dataDir, remote.name);
  if (!previous) fail(`${remote.name} has no release before ${live?.id ?? "the live one"} to roll back to.`);
  await pointSiteAt(previous);
  await record("rollback", previous, live, join(siteRoot, previous.path));
  console.log(`${remote.name}: rolled back from ${live?.id} to ${previous.id} (${previous.version}); the site serves it within seconds.`);
  process.exit(0);
}

if (values["revoke-previews"]) {
  // Every link of this remote issued until now stops working within seconds (the renderer reads
  // the config every 2 s); its candidates' folders go too.
  if (values.site && values.site !== stack?.siteUrl) {
    console.log(`On Firebase, revoke ${remote.name}'s preview links by adding to deploy/config.json:`);
    console.log(`  "previewsRevokedBefore": { "${remote.name}": ${Math.floor(Date.now() / 1000) + 1} }`);
    console.log("then `npx firebase deploy --only hosting:shell`; or revoke every link of every remote by setting a new PREVIEW_SECRET (shell/README.md).");
    process.exit(0);
  }
  const { configFile, siteRoot } = served();
  const removed = await revokePreviews({ configFile, name: remote.name, siteRoot });
  console.log(`${remote.name}: every preview link issued until now is revoked${removed ? `; removed ${removed} candidate folder(s)` : ""}.`);
  process.exit(0);
}

if (values.promote || values.abort) {
  const { configFile } = served();
  const canary = await currentCanary(dataDir, remote.name);
  if (!canary) fail(`${remote.name} has no canary running: nothing to ${values.promote ? "promote" : "abort"}.`);
  const release = await releaseById(canary.id);
  const live = await liveRelease(dataDir, remote.name);
  if (!release) fail(`${remote.name}'s canary ${canary.id} is not in the release history; abort it with --abort.`);
  if (values.promote) {
    await pointSiteAt(release);
    await endCanary({ dataDir, configFile, name: remote.name });
    await record("promote", release, live, releaseDir(release));
    console.log(`${remote.name}: promoted the canary ${release.id}: every visitor gets it now (was ${live?.id ?? "nothing"} for ${100 - canary.percent} %).`);
    console.log(`Roll back with: npm run rollback -- ${remote.dir}`);
  } else {
    await endCanary({ dataDir, configFile, name: remote.name, aborted: true });
    await record("abort", release, live, releaseDir(release), { note: "aborted by hand" });
    console.log(`${remote.name}: aborted the canary ${release.id}; every visitor gets ${live?.id ?? "the live release"} from their next page.`);
  }
  process.exit(0);
}

// release
/** --site, else the running stack's site (served() stops, saying how to start one, when none runs). */
function siteToCheck(): string {
  if (values.site) return values.site.replace(/\/+$/, "");
  served();
  return stack?.siteUrl ?? fail("The local stack serves no site yet: wait for `npm start` to finish.");
}
const siteUrl = siteToCheck();
const production = Boolean(values.site) && values.site !== stack?.siteUrl;

let buildDir = values.dist ? resolve(values.dist) : null;
if (!buildDir) {
  console.log(`Building ${remote.dir} alone…`);
  const build = spawnSync("npx", ["turbo", "run", "build", `--filter=${remote.dir}`, "--output-logs=errors-only"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) fail(`The build of ${remote.dir} failed; nothing was released.`);
  buildDir = join(repoRoot, remote.dir, "dist");
}
if (!existsSync(join(buildDir, "mf-manifest.json"))) fail(`${buildDir} holds no mf-manifest.json: not a build of ${remote.dir}.`);
// The candidate is a copy: a rebuild in the working tree while the checks run must not change it.
const candidateDir = await mkdtemp(join(tmpdir(), `${remote.dir}-candidate-`));
await cp(buildDir, candidateDir, { recursive: true });
process.on("exit", () => rmSync(candidateDir, { recursive: true, force: true }));

// A version names one build: a second, different build under a released version is refused
// before anything else (the bump is a changeset: .changeset/README.md).
const candidateId = await releaseIdOf(candidateDir);
const bumpHint = versionAdvice(remote.dir);
if (!values["check-only"] && !values.preview) {
  const taken = production
    ? await liveBuildWithVersion(siteUrl, candidateDir, candidateId.version)
    : await releaseWithVersion({ dataDir, name: remote.name, siteRoot: stack?.hostingRoots?.[remote.dir], ...candidateId });
  if (taken)
    fail(
      `Release of ${remote.name} refused; nothing was changed for visitors:\n  - version ${candidateId.version} is already released as ${taken}, a different build (this one is ${candidateId.id}).\n${bumpHint}`,
    );
}

/** Production: the live build of this remote when it carries `version` but is another build (its manifest differs), else null. */
async function liveBuildWithVersion(site: string, dir: string, version: string): Promise<string | null> {
  try {
    const config = await (await fetch(`${site}/config.json`, { cache: "no-store" })).json();
    const liveUrl = config?.remotes?.[remote.name];
    if (typeof liveUrl !== "string") return null;
    const live = await (await fetch(liveUrl, { cache: "no-store" })).text();
    const liveVersion = JSON.parse(live)?.contract?.version;
    const mine = await readFile(join(dir, "mf-manifest.json"), "utf8");
    return liveVersion === version && JSON.stringify(JSON.parse(unstamped(live))) !== JSON.stringify(JSON.parse(unstamped(mine)))
      ? `the live build at ${liveUrl}`
      : null;
  } catch {
    return null; // the checks below say why the live site cannot be read
  }
}

console.log(`Checking ${remote.name} against ${siteUrl}…`);
const shellDir = !production && stack?.hostingRoots?.shell ? stack.hostingRoots.shell : join(repoRoot, "shell", "dist");
const result = await checkCandidate({
  remote: remote.name,
  buildDir: candidateDir,
  siteUrl,
  shellDir,
  browser: !values["no-browser"],
  log: (line) => console.log(`  ok  ${line}`),
}).catch((error: unknown): CheckResult => ({ ok: false, problems: [error instanceof Error ? error.message : String(error)], pages: [] }));
if (!result.ok) {
  console.error(`\nRelease of ${remote.name} refused; nothing was changed for visitors:`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
if (values.preview) await printPreviewLink(result.pages);
if (values["check-only"]) {
  console.log(`${remote.name}: every check passed (--check-only: nothing published).`);
  process.exit(0);
}
if (production) {
  // The deployed build names its release (the X-Remote-Releases header, the browser's record).
  const { id } = candidateId;
  await stampRelease(buildDir, id);
  const channel = id.replace(/[^a-z0-9-]/g, "-");
  console.log(`\n${remote.name}: every check passed against ${siteUrl}; ${buildDir}/mf-manifest.json names its release, ${id}.`);
  if (canaryPercent !== null) {
    console.log(`Serve it to ${canaryPercent} % of visitors with Firebase (shell/README.md, "Releasing one remote"):`);
    console.log(`  firebase hosting:channel:deploy ${channel} --only ${remote.dir} --expires 30d`);
    console.log(`  then add to the shell's config.json and deploy it (firebase deploy --only hosting:shell):`);
    console.log(
      `  "canaries": { "${remote.name}": { "entry": "<the channel's URL>/mf-manifest.json", "release": "${id}", "percent": ${canaryPercent}, "startedAt": "${new Date().toISOString()}" } }`,
    );
  } else {
    console.log(`Publish it with Firebase (shell/README.md, "Releasing one remote"):`);
    console.log(`  firebase hosting:channel:deploy ${channel} --only ${remote.dir} --expires 30d`);
    console.log(`  firebase hosting:clone <${remote.dir}-site-id>:${channel} <${remote.dir}-site-id>:live`);
  }
  process.exit(0);
}
const before = await liveRelease(dataDir, remote.name);
if (canaryPercent !== null) {
  const running = await currentCanary(dataDir, remote.name);
  const candidate = candidateId;
  if (candidate.id === before?.id) fail(`${remote.name}: ${candidate.id} is already the live release; a canary serves a different build.`);
  if (running && running.id !== candidate.id)
    fail(`${remote.name} already has a canary of ${running.id}: promote it (--promote) or abort it (--abort) before starting another.`);
  const aborted = (await readReleaseHealth(await readConfig(), remote.name, [candidate.id]))?.aborts[candidate.id];
  if (aborted) fail(`${remote.name}: ${candidate.id} was aborted automatically (${aborted.reason}). ${bumpHint}`);
}
const site = served();
const release = await publishRelease({
  dataDir,
  name: remote.name,
  siteRoot: site.siteRoot,
  buildDir: candidateDir,
  source: "npm run release",
});
if (canaryPercent !== null) {
  const canary = await startCanary({
    dataDir,
    configFile: site.configFile,
    name: remote.name,
    release,
    entry: releaseUrl(site.origin, release),
    percent: canaryPercent,
  });
  await record("canary", release, before, candidateDir, { note: `${canaryPercent} % of visitors` });
  console.log(
    `\n${remote.name}: canary of ${release.id} (${release.version}) to ${canaryPercent} % of visitors since ${canary.startedAt}; the others keep ${before?.id ?? "the live release"}.`,
  );
  console.log(
    `It aborts by itself once its error rate is ${CANARY_THRESHOLD.points} points above the live release's after ${CANARY_THRESHOLD.minViews} views.`,
  );
  console.log(`Watch it: npm run releases -- ${remote.dir}; promote: npm run release -- ${remote.dir} --promote; abort: --abort.`);
  process.exit(0);
}
if (before?.id === release.id && before.path === release.path) {
  console.log(`${remote.name}: ${release.id} is already live; nothing to do.`);
  process.exit(0);
}
await pointSiteAt(release);
await record("release", release, before, candidateDir);
console.log(`\n${remote.name}: released ${release.id} (${release.version}), live now (was ${before?.id ?? "nothing"}).`);
console.log(`Roll back with: npm run rollback -- ${remote.dir}`);

/**
 * A shareable link to the candidate (shell/README.md, "Previewing a candidate"): locally the
 * candidate is published beside the releases (`previews/<id>/` on the remote's own site, never
 * live) and the link signed with the stack's secret; against production the candidate is already
 * deployed (a Hosting channel, --manifest-url) and the secret comes from PREVIEW_SECRET.
 */
async function printPreviewLink(pages: string[]) {
  if (!remote.serverRendered)
    fail(`${remote.name} renders only in the browser (the signed-in area): preview it in your own tab from Admin panel → Releases instead.`);
  const hours = Number(values.hours);
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_PREVIEW_HOURS) fail(`--hours must be a number of hours from 1 to ${MAX_PREVIEW_HOURS}.`);
  let manifestUrl = values["manifest-url"];
  let secret = process.env.PREVIEW_SECRET || null;
  if (production) {
    if (!manifestUrl)
      fail(
        `Deploy the candidate first (firebase hosting:channel:deploy <channel> --only ${remote.dir} --expires 7d), then run this again with --manifest-url <the channel's mf-manifest.json>.`,
      );
    if (!secret) fail("Set PREVIEW_SECRET to the renderer's secret: PREVIEW_SECRET=$(firebase functions:secrets:access PREVIEW_SECRET) npm run release -- …");
  } else {
    const { origin, siteRoot } = served();
    const published = await publishPreview({ siteRoot, buildDir: candidateDir });
    manifestUrl = `${origin}/${published.path}mf-manifest.json`;
    secret ??= await readLocalPreviewSecret(repoRoot);
    if (!secret) fail("The local stack has no preview secret (renderer/.secret.local): restart it with `npm start`.");
  }
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + Math.round(hours * 3600);
  const token = signPreview({ remote: remote.name, manifestUrl, issuedAt, expiresAt }, secret);
  const link = `${siteUrl}${pages[0] ?? "/"}?preview=${token}`;
  console.log(`\n${remote.name}: the candidate ${manifestUrl} can be previewed by anyone holding this link until ${new Date(expiresAt * 1000).toISOString()}:`);
  console.log(`  ${link}`);
  console.log(`Revoke every preview link of ${remote.name} with: npm run release -- ${remote.dir} --revoke-previews`);
  process.exit(0);
}
