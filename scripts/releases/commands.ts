// The release commands, one function each: what `npm run release|rollback|releases` does, on the
// local stack and on Firebase alike. A command holds the remote (store.ts' lock) while it changes
// anything, prints its plan, changes the release state in one write with its record entry, and
// prints the result. Only the target (targets.ts) differs between the two.
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CANARY_THRESHOLD, RELEASE_STATE_PATHS as P, formatRate, withServedReleases, type HistoryEntry } from "release-protocol";
import { PREVIEW_LINK_HOURS, signPreview } from "release-protocol/preview-token";
import type { RuntimeConfig } from "runtime-config";
import type { RemoteEntry } from "federation-kit/remotes";

/** A remote of the roster, with its federation name. */
export type RemoteInfo = RemoteEntry & { name: string };
import { type CheckResult, checkCandidate } from "../lib/release-check";
import { PREVIEW_KEEP_DAYS, RELEASES_DIR, releaseIdOf } from "../lib/releases";
import { RELEASE_WINDOW_DAYS } from "../lib/releases";
import { versionAdvice } from "../versioning/advice";
import {
  expiredReleases,
  historyOf,
  liveEntry,
  planAbort,
  planCanary,
  planLive,
  planPromote,
  planPrune,
  previousRelease,
  type RemoteState,
  type Updates,
} from "./plan";
import { type Actor, type ReleaseAct, describeEntry, recordEntry } from "./record";
import type { ReleaseStore } from "./store";
import type { ReleaseTarget } from "./targets";

/** What every command needs: the remote, the state, where releases go, and who runs it. */
export interface ReleaseContext {
  remote: RemoteInfo;
  store: ReleaseStore;
  target: ReleaseTarget;
  /** The site's config.json (the settings; the release state is in the store). */
  siteConfig: RuntimeConfig;
  /** The shell's build the checks render with (the live one locally). */
  shellDir: string;
  repoRoot: string;
  actor: Actor;
  /** Locally, the remote's Hosting folder: release folders there count as published versions too. */
  siteRoot?: string | undefined;
  log: (line: string) => void;
  now?: () => number;
  /** Print what would be written (and deployed) instead of doing it. */
  dryRun?: boolean;
  /** The arguments that name this target again in printed advice (`--project <id>` on Firebase). */
  targetArgs?: string;
}

/** A refusal in words: the command prints it and exits with status 1, having changed nothing. */
export class Refusal extends Error {
  override name = "Refusal";
}

const DAY_MS = 86_400_000;
const clock = (ctx: ReleaseContext) => (ctx.now ?? Date.now)();
/** A command's result; with --dry-run, said as what would have been done. */
const done = (ctx: ReleaseContext, line: string) => ctx.log(ctx.dryRun ? `Dry run, nothing done: ${line.trim()}` : line);
const describeRelease = (r: Pick<HistoryEntry, "id" | "version"> | null) => (r ? `${r.id} (${r.version})` : "nothing");

/** Runs `work` holding the remote, so two commands on one remote never interleave their writes. */
export async function holding<T>(ctx: ReleaseContext, command: string, work: (state: RemoteState) => Promise<T>): Promise<T> {
  if (ctx.dryRun) return work(await ctx.store.read(ctx.remote.name));
  const holder = { by: ctx.actor.by, command, at: clock(ctx) };
  const other = await ctx.store.lock(ctx.remote.name, holder);
  if (other)
    throw new Refusal(
      `${ctx.remote.name} is being changed by ${other.by} (${other.command}, started ${Math.round((clock(ctx) - other.at) / 1000)} s ago); nothing was changed. Run this again once it has finished.`,
    );
  try {
    return await work(await ctx.store.read(ctx.remote.name));
  } finally {
    await ctx.store.unlock(ctx.remote.name, holder);
  }
}

/** Writes `updates` (with the record entry of `act`), or with --dry-run says what it would write. */
async function commit(ctx: ReleaseContext, updates: Updates, act?: Omit<ReleaseAct, "remote">) {
  if (ctx.dryRun) {
    ctx.log(
      `  would write, in one update: ${Object.keys(updates)
        .map((path) => `releases/${path}`)
        .join(", ")}${act ? ", and a record entry" : ""}`,
    );
    return;
  }
  await ctx.store.write(updates, act && (await recordEntry(ctx.repoRoot, ctx.actor, { ...act, remote: ctx.remote.name })));
}

/** The live config the checks render the candidate into: config.json with the live releases. */
async function liveConfig(ctx: ReleaseContext): Promise<RuntimeConfig> {
  return withServedReleases(ctx.siteConfig, { live: await ctx.store.live(), canary: {}, previewsRevokedBefore: {} });
}

/** A copy of the build (a rebuild in the working tree while the checks run must not change it), and its release id. */
export async function candidateOf(buildDir: string): Promise<{ dir: string; id: string; version: string; dispose(): Promise<void> }> {
  if (!existsSync(join(buildDir, "mf-manifest.json"))) throw new Refusal(`${buildDir} holds no mf-manifest.json: not a build of a remote.`);
  const dir = await mkdtemp(join(tmpdir(), "remote-candidate-"));
  await cp(buildDir, dir, { recursive: true });
  return { dir, ...(await releaseIdOf(dir)), dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** The release published under `version` with other contents (history, and locally the site's release folders), or null. */
async function versionTaken(ctx: ReleaseContext, state: RemoteState, id: string, version: string): Promise<string | null> {
  const versionOf = (other: string) => other.slice(0, other.lastIndexOf("-"));
  const folders = ctx.siteRoot && existsSync(join(ctx.siteRoot, RELEASES_DIR)) ? await readdir(join(ctx.siteRoot, RELEASES_DIR)) : [];
  const published = [...state.history.filter((r) => r.path !== "").map((r) => r.id), ...folders.filter((f) => !f.endsWith(".partial"))];
  return published.find((other) => other !== id && versionOf(other) === version) ?? null;
}

/** Why the candidate cannot be released (as a release or a canary), or null. */
async function refusalOf(ctx: ReleaseContext, state: RemoteState, id: string, version: string, canary: boolean): Promise<string | null> {
  const taken = await versionTaken(ctx, state, id, version);
  if (taken)
    return `version ${version} is already released as ${taken}, a different build (this one is ${id}).\n${versionAdvice(ctx.remote.dir, ctx.targetArgs)}`;
  if (!canary) return null;
  if (id === state.live?.release) return `${id} is already the live release; a canary serves a different build.`;
  if (state.canary && state.canary.release !== id)
    return `a canary of ${state.canary.release} is running: promote it (--promote) or abort it (--abort) before starting another.`;
  const aborted = state.aborts[id];
  if (aborted) return `${id} was aborted automatically (${aborted.reason}).\n${versionAdvice(ctx.remote.dir, ctx.targetArgs)}`;
  return null;
}

/** Runs the contract, server and browser checks of a candidate against the live site. */
async function check(ctx: ReleaseContext, dir: string, browser: boolean): Promise<CheckResult> {
  ctx.log(`Checking ${ctx.remote.name} against ${ctx.target.siteUrl}…`);
  return checkCandidate({
    remote: ctx.remote.name,
    buildDir: dir,
    siteUrl: ctx.target.siteUrl,
    shellDir: ctx.shellDir,
    liveConfig: await liveConfig(ctx),
    browser,
    log: (line) => ctx.log(`  ok  ${line}`),
  }).catch((error: unknown): CheckResult => ({ ok: false, problems: [error instanceof Error ? error.message : String(error)], pages: [] }));
}

export interface ReleaseOptions {
  buildDir: string;
  /** A share of visitors, 1 to 99: a canary instead of a release. */
  canary?: number | null;
  checkOnly?: boolean;
  browser?: boolean;
  source?: string;
}

/** `npm run release -- <remote> [--canary N] [--check-only]`: check, publish, make live (or a canary), record. */
export async function release(ctx: ReleaseContext, options: ReleaseOptions): Promise<void> {
  const canary = options.canary ?? null;
  const candidate = await candidateOf(options.buildDir);
  try {
    ctx.log(
      `Plan: check ${candidate.id} against ${ctx.target.siteUrl}, ${options.checkOnly ? "and stop there" : `publish it (${ctx.target.kind === "local" ? "a folder of the remote's site" : "a Hosting channel"}), then ${canary ? `serve it to ${canary} % of visitors` : "make it live"}`}.`,
    );
    if (options.checkOnly) return await checkOnly(ctx, candidate.dir, options.browser ?? true);
    await holding(ctx, canary ? `a canary at ${canary} %` : "a release", async (state) => {
      const refused = await refusalOf(ctx, state, candidate.id, candidate.version, canary !== null);
      if (refused) throw new Refusal(`Release of ${ctx.remote.name} refused; nothing was changed for visitors:\n  - ${refused}`);
      const result = await check(ctx, candidate.dir, options.browser ?? true);
      if (!result.ok)
        throw new Refusal(`Release of ${ctx.remote.name} refused; nothing was changed for visitors:\n${result.problems.map((p) => `  - ${p}`).join("\n")}`);
      const existing = historyOf(state, candidate.id);
      const published = existing ? { entry: existing.entry, path: existing.path } : await ctx.target.publish(candidate.dir, candidate.id);
      const entry: HistoryEntry = existing ?? {
        id: candidate.id,
        version: candidate.version,
        at: clock(ctx),
        ...published,
        source: options.source ?? "npm run release",
      };
      const before = liveEntry(state);
      if (canary !== null) return startCanary(ctx, state, entry, canary, candidate.dir);
      if (before?.id === entry.id && state.live?.entry === entry.entry) return ctx.log(`${ctx.remote.name}: ${entry.id} is already live; nothing to do.`);
      await commit(ctx, planLive(ctx.remote.name, state, entry, clock(ctx)), { kind: "release", release: entry.id, from: before?.id, buildDir: candidate.dir });
      done(ctx, `\n${ctx.remote.name}: released ${describeRelease(entry)}, live now (was ${before?.id ?? "nothing"}).`);
      ctx.log(`Roll back with: npm run rollback -- ${ctx.remote.dir}`);
      await prune(ctx);
    });
  } finally {
    await candidate.dispose();
  }
}

async function checkOnly(ctx: ReleaseContext, dir: string, browser: boolean) {
  const result = await check(ctx, dir, browser);
  if (!result.ok) throw new Refusal(`${ctx.remote.name} fails its checks:\n${result.problems.map((p) => `  - ${p}`).join("\n")}`);
  ctx.log(`${ctx.remote.name}: every check passed (--check-only: nothing published).`);
}

async function startCanary(ctx: ReleaseContext, state: RemoteState, entry: HistoryEntry, percent: number, buildDir: string) {
  const updates = planCanary(ctx.remote.name, state, entry, percent, clock(ctx));
  await commit(ctx, updates, { kind: "canary", release: entry.id, from: state.live?.release, buildDir, note: `${percent} % of visitors` });
  done(
    ctx,
    `\n${ctx.remote.name}: canary of ${describeRelease(entry)} to ${percent} % of visitors; the others keep ${state.live?.release ?? "the live release"}.`,
  );
  ctx.log(`It aborts by itself once its error rate is ${CANARY_THRESHOLD.points} points above the live release's after ${CANARY_THRESHOLD.minViews} views.`);
  ctx.log(`Watch it: npm run releases -- ${ctx.remote.dir}; promote: npm run release -- ${ctx.remote.dir} --promote; abort: --abort.`);
}

/** `--promote`: the canary becomes the release. */
export async function promote(ctx: ReleaseContext): Promise<void> {
  await holding(ctx, "a promotion", async (state) => {
    const canary = historyOf(state, state.canary?.release);
    if (!state.canary || !canary) throw new Refusal(`${ctx.remote.name} has no canary running: nothing to promote.`);
    ctx.log(`Plan: make the canary ${canary.id} live for every visitor (now ${state.canary.percent} %).`);
    const live = liveEntry(state);
    await commit(ctx, planPromote(ctx.remote.name, state, clock(ctx)), { kind: "promote", release: canary.id, from: live?.id });
    done(
      ctx,
      `${ctx.remote.name}: promoted the canary ${canary.id}: every visitor gets it now (was ${live?.id ?? "nothing"} for ${100 - state.canary.percent} %).`,
    );
    ctx.log(`Roll back with: npm run rollback -- ${ctx.remote.dir}`);
  });
  await prune(ctx);
}

/** `--abort`: the canary ends; every visitor gets the live release from their next page. */
export async function abort(ctx: ReleaseContext): Promise<void> {
  await holding(ctx, "an abort", async (state) => {
    if (!state.canary) throw new Refusal(`${ctx.remote.name} has no canary running: nothing to abort.`);
    ctx.log(`Plan: end the canary ${state.canary.release} (${state.canary.percent} % of visitors).`);
    await commit(ctx, planAbort(ctx.remote.name, state, clock(ctx)), {
      kind: "abort",
      release: state.canary.release,
      from: state.live?.release,
      note: "aborted by hand",
    });
    done(
      ctx,
      `${ctx.remote.name}: aborted the canary ${state.canary.release}; every visitor gets ${state.live?.release ?? "the live release"} from their next page.`,
    );
  });
}

/** `npm run rollback -- <remote>`: the release before the live one goes live again (no build, no deploy). */
export async function rollback(ctx: ReleaseContext): Promise<void> {
  await holding(ctx, "a rollback", async (state) => {
    const live = liveEntry(state);
    const previous = previousRelease(state);
    if (!previous) throw new Refusal(`${ctx.remote.name} has no release before ${live?.id ?? "the live one"} to roll back to.`);
    ctx.log(`Plan: make ${previous.id} live again in place of ${live?.id ?? "nothing"}.`);
    await commit(ctx, planLive(ctx.remote.name, state, previous, clock(ctx)), { kind: "rollback", release: previous.id, from: live?.id });
    done(ctx, `${ctx.remote.name}: rolled back from ${live?.id} to ${describeRelease(previous)}; the site serves it within seconds.`);
  });
  await prune(ctx);
}

/** Removes the releases past the window (their files, then their history entries). */
async function prune(ctx: ReleaseContext) {
  const state = await ctx.store.read(ctx.remote.name);
  const expired = expiredReleases(state, clock(ctx), RELEASE_WINDOW_DAYS * DAY_MS);
  if (expired.length === 0) return;
  if (!ctx.dryRun) await ctx.target.remove(expired.map((r) => r.path));
  await commit(ctx, planPrune(ctx.remote.name, expired));
  ctx.log(`${ctx.remote.name}: removed ${expired.map((r) => r.id).join(", ")} (not live for over ${RELEASE_WINDOW_DAYS} days).`);
}

/** How many record entries `npm run releases` shows. */
export const RECORD_SHOWN = 10;

/** `npm run releases -- <remote> [--notes]`: the state, the canary's health and the last entries, in one screen. */
export async function releases(ctx: ReleaseContext, { notes = false } = {}): Promise<void> {
  const state = await ctx.store.read(ctx.remote.name);
  const live = liveEntry(state);
  const shown = [state.live?.release, state.canary?.release].filter((id): id is string => Boolean(id));
  const counts = await ctx.store.counts(ctx.remote.name, shown).catch(() => null);
  const health = (id: string) => (counts?.[id] ? `, ${counts[id].failed} of ${counts[id].views} views failed (${formatRate(counts[id])})` : "");
  ctx.log(`${ctx.remote.name}`);
  ctx.log(
    `  live    ${live ? `${describeRelease(live)} since ${iso(state.live!.at)}` : (state.live?.release ?? "no release recorded")}${live ? health(live.id) : ""}`,
  );
  if (state.canary)
    ctx.log(`  canary  ${state.canary.release} to ${state.canary.percent} % since ${iso(state.canary.startedAt)}${health(state.canary.release)}`);
  else ctx.log("  canary  none");
  const previous = previousRelease(state);
  ctx.log(`  rollback goes to ${previous ? describeRelease(previous) : "nothing (no earlier release)"}`);
  const recent = Object.entries(state.aborts).filter(([id]) => id === state.canary?.release || state.history.some((r) => r.id === id));
  for (const [id, a] of recent.slice(-3)) ctx.log(`  aborted ${id} automatically at ${iso(a.at)}`);
  const record = await ctx.store.record(ctx.remote.name, RECORD_SHOWN);
  ctx.log(`\nLast ${record.length} of the release record (newest last${notes ? "" : "; --notes for the shared packages' notes"}):`);
  for (const entry of record) ctx.log(describeEntry(entry, notes));
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** `--revoke-previews`: every preview link of the remote issued until now stops working within seconds. */
export async function revokePreviews(ctx: ReleaseContext): Promise<void> {
  await commit(ctx, { [P.revoked(ctx.remote.name)]: Math.floor(clock(ctx) / 1000) + 1 });
  const removed = ctx.dryRun ? 0 : await ctx.target.removePreviews();
  done(ctx, `${ctx.remote.name}: every preview link issued until now is revoked${removed ? `; removed ${removed} candidate folder(s)` : ""}.`);
}

/** `--preview [--hours N]`: checks the candidate, publishes it beside the releases (never live) and prints a signed link. */
export async function preview(
  ctx: ReleaseContext,
  { buildDir, hours = PREVIEW_LINK_HOURS, secret }: { buildDir: string; hours?: number; secret: string | null },
) {
  if (!ctx.remote.serverRendered)
    throw new Refusal(`${ctx.remote.name} renders only in the browser (the signed-in area): preview it in your own tab from Admin panel → Releases instead.`);
  if (!Number.isFinite(hours) || hours <= 0 || hours > PREVIEW_KEEP_DAYS * 24)
    throw new Refusal(`--hours must be a number of hours from 1 to ${PREVIEW_KEEP_DAYS * 24}.`);
  if (!secret) throw new Refusal("No preview secret: set PREVIEW_SECRET to the renderer's secret (locally, restart the stack with `npm start`).");
  const candidate = await candidateOf(buildDir);
  try {
    ctx.log(`Plan: check ${candidate.id}, publish it as a preview (never live) and sign a link valid for ${hours} h.`);
    const result = await check(ctx, candidate.dir, true);
    if (!result.ok) throw new Refusal(`Preview of ${ctx.remote.name} refused:\n${result.problems.map((p) => `  - ${p}`).join("\n")}`);
    const { entry } = await ctx.target.publishPreview(candidate.dir, candidate.id);
    const issuedAt = Math.floor(clock(ctx) / 1000);
    const expiresAt = issuedAt + Math.round(hours * 3600);
    const token = signPreview({ remote: ctx.remote.name, manifestUrl: entry, issuedAt, expiresAt }, secret);
    ctx.log(`\n${ctx.remote.name}: the candidate ${entry} can be previewed by anyone holding this link until ${new Date(expiresAt * 1000).toISOString()}:`);
    ctx.log(`  ${ctx.target.siteUrl}${result.pages[0] ?? "/"}?preview=${token}`);
    ctx.log(`Revoke every preview link of ${ctx.remote.name} with: npm run release -- ${ctx.remote.dir} --revoke-previews`);
  } finally {
    await candidate.dispose();
  }
}
