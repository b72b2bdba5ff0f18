// The local stack's releases of each remote: immutable copies of a remote's build in its Hosting
// site (`releases/<id>/`), a history per remote in <dataDir>/releases.json, and which one is live
// (the URL the runtime config points at). `npm start` records the builds it serves as the live
// releases; `npm run release` adds one and points the site at it; `npm run rollback` points the
// site back at the previous one. Production does the same with Hosting channels (shell/README.md).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { RuntimeConfig } from "shared-auth";
import { stampRelease, unstamped } from "./release-stamp";

export const RELEASES_FILE = "releases.json";
/** The folder, inside a remote's Hosting site, that holds its published releases. */
export const RELEASES_DIR = "releases";
/** The folder, inside a remote's Hosting site, that holds candidates shared by preview links (never live). */
export const PREVIEWS_DIR = "previews";
/** How long a preview link may live, and so how long its candidate's folder is kept. */
export const PREVIEW_KEEP_DAYS = 7;

/** One published build of a remote (or the build a start serves from the site's root: `path` ""). */
export interface Release {
  id: string;
  version: string;
  at: string;
  path: string;
  source: string;
  retiredAt?: string;
  abortedAt?: string;
}

/**
 * A remote's canary (shell/README.md, "Releasing one remote"): the candidate release, published
 * like any other, that `percent` % of visitors get; the live release stays live for the others.
 * Kept in releases.json (`canary`) and in the served config's `canaries`, which the renderer reads.
 */
export interface Canary {
  id: string;
  percent: number;
  startedAt: string;
}

/** One remote's entry in releases.json. */
export interface RemoteReleases {
  live: string | null;
  history: Release[];
  canary?: Canary;
}

/** releases.json: federation name -> that remote's releases. */
export type ReleasesState = Record<string, RemoteReleases>;

export async function readReleases(dataDir: string): Promise<ReleasesState> {
  const file = join(dataDir, RELEASES_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(await readFile(file, "utf8"));
}

/** Written whole through a temporary file, so a reader never sees half a file. */
export async function writeReleases(dataDir: string, state: ReleasesState) {
  const file = join(dataDir, RELEASES_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

async function filesUnder(dir: string, skip: string[] = []): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out.sort();
}

/** A build's release id: its version and a hash of every file, so the same build is one release. */
export async function releaseIdOf(dir: string): Promise<{ id: string; version: string }> {
  const hash = createHash("sha256");
  for (const file of await filesUnder(dir, [RELEASES_DIR, PREVIEWS_DIR])) {
    hash.update(relative(dir, file));
    hash.update(relative(dir, file) === "mf-manifest.json" ? unstamped(await readFile(file, "utf8")) : await readFile(file));
  }
  const manifest = JSON.parse(await readFile(join(dir, "mf-manifest.json"), "utf8"));
  const version = typeof manifest?.contract?.version === "string" ? manifest.contract.version : "0.0.0";
  return { id: `${version}-${hash.digest("hex").slice(0, 10)}`, version };
}

/** The version part of a release id ("1.2.0-beta.1" of "1.2.0-beta.1-0a1b2c3d4e"). */
const versionOfId = (id: string) => id.slice(0, id.lastIndexOf("-"));

/**
 * The release already published under `version` with other contents, or null: a version names
 * one build (docs/architecture.md, "Releases"), so a changed remote needs a new version (a
 * changeset). Looks at the history and at the site's releases/ folders (named by release id).
 * The working tree's builds that `npm start` serves from the site root are not releases.
 * Resolves with the id of that release.
 */
export async function releaseWithVersion({
  dataDir,
  name,
  siteRoot,
  id,
  version,
}: {
  dataDir: string;
  name: string;
  siteRoot?: string | undefined;
  id: string;
  version: string;
}): Promise<string | null> {
  const published = ((await readReleases(dataDir))[name]?.history ?? []).filter((r) => r.path !== "").map((r) => r.id);
  const dir = siteRoot ? join(siteRoot, RELEASES_DIR) : null;
  const folders =
    dir && existsSync(dir)
      ? (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.endsWith(".partial")).map((e) => e.name)
      : [];
  return [...published, ...folders].find((other) => other !== id && versionOfId(other) === version) ?? null;
}

/** Repoints one remote in a served config.json (the renderer reads it within 2 s, browsers on their next page). */
export async function setRemoteUrl(configFile: string, name: string, url: string) {
  await editConfig(configFile, (config) => {
    config.remotes[name] = url;
  });
}

/** The manifest URL of `release` on the remote's site (its root build when `release` is null). */
export function releaseUrl(origin: string, release: Pick<Release, "path"> | null) {
  return `${origin}/${release?.path ?? ""}mf-manifest.json`;
}

export async function liveRelease(dataDir: string, name: string): Promise<Release | null> {
  const entry = (await readReleases(dataDir))[name];
  return entry?.history.find((r) => r.id === entry.live) ?? null;
}

/**
 * A start serves the working tree's builds from each site's root: they become the live releases.
 * Earlier root builds are gone (overwritten), so they leave the history; published ones stay.
 * Resolves with each remote's new live release and the id of the one it replaced.
 */
export async function recordStartBuilds(
  dataDir: string,
  remotes: { name: string; root: string }[],
): Promise<{ name: string; root: string; release: Release; from: string | null }[]> {
  const state = await readReleases(dataDir);
  const started = [];
  for (const { name, root } of remotes) {
    const { id, version } = await releaseIdOf(root);
    await stampRelease(root, id);
    const entry = (state[name] ??= { live: null, history: [] });
    const from = entry.live;
    const release = { id, version, at: new Date().toISOString(), path: "", source: "npm start" };
    entry.history = entry.history.filter((r) => r.path !== "" && existsSync(join(root, r.path, "mf-manifest.json")));
    entry.history.push(release);
    makeLive(entry, id);
    started.push({ name, root, release, from });
  }
  await writeReleases(dataDir, state);
  return started;
}

/**
 * Copies a checked build into the remote's site as a new immutable release (not live yet).
 * The same build published again is the same release.
 */
export async function publishRelease({
  dataDir,
  name,
  siteRoot,
  buildDir,
  source,
}: {
  dataDir: string;
  name: string;
  siteRoot: string;
  buildDir: string;
  source: string;
}): Promise<Release> {
  const { id, version } = await releaseIdOf(buildDir);
  const path = `${RELEASES_DIR}/${id}/`;
  const target = join(siteRoot, RELEASES_DIR, id);
  if (!existsSync(join(target, "mf-manifest.json"))) {
    await mkdir(join(siteRoot, RELEASES_DIR), { recursive: true });
    await cp(buildDir, `${target}.partial`, { recursive: true });
    await stampRelease(`${target}.partial`, id);
    await rename(`${target}.partial`, target);
  }
  const state = await readReleases(dataDir);
  const entry = (state[name] ??= { live: null, history: [] });
  const release = entry.history.find((r) => r.path === path) ?? { id, version, at: new Date().toISOString(), path, source };
  entry.history = [...entry.history.filter((r) => r !== release), release];
  await writeReleases(dataDir, state);
  return release;
}

export async function setLive(dataDir: string, name: string, id: string) {
  const state = await readReleases(dataDir);
  const entry = state[name];
  if (!entry?.history.some((r) => r.id === id)) throw new Error(`${name} has no release ${id}`);
  makeLive(entry, id);
  await writeReleases(dataDir, state);
}

/** Makes `id` live; the one it replaces is retired now (its files stay served for a window: release-window.ts). */
function makeLive(entry: RemoteReleases, id: string) {
  for (const r of entry.history) if (r.id === entry.live && r.id !== id) r.retiredAt = new Date().toISOString();
  for (const r of entry.history) if (r.id === id) delete r.retiredAt;
  entry.live = id;
}

/** The release published before the live one (an aborted canary never counts), or null when the live one is the first. */
export async function previousRelease(dataDir: string, name: string): Promise<Release | null> {
  const entry = (await readReleases(dataDir))[name];
  if (!entry) return null;
  const index = entry.history.findIndex((r) => r.id === entry.live);
  return entry.history.slice(0, Math.max(index, 0)).findLast((r) => !r.abortedAt) ?? null;
}

export async function currentCanary(dataDir: string, name: string): Promise<Canary | null> {
  return (await readReleases(dataDir))[name]?.canary ?? null;
}

/**
 * Starts (or changes the share of) a canary of `release`, already published: the config names its
 * manifest, the renderer serves it to the cohort within seconds.
 */
export async function startCanary({
  dataDir,
  configFile,
  name,
  release,
  entry,
  percent,
}: {
  dataDir: string;
  configFile: string;
  name: string;
  release: Pick<Release, "id">;
  entry: string;
  percent: number;
}): Promise<Canary> {
  const state = await readReleases(dataDir);
  const remote = state[name];
  if (!remote) throw new Error(`${name} has no release ${release.id}`);
  const running = remote.canary?.id === release.id ? remote.canary : undefined;
  const canary = { id: release.id, percent, startedAt: running?.startedAt ?? new Date().toISOString() };
  remote.canary = canary;
  // Aborted by hand before and tried again: it may become a rollback's target once more.
  for (const r of remote.history) if (r.id === release.id) delete r.abortedAt;
  await writeReleases(dataDir, state);
  await editConfig(configFile, (config) => {
    config.canaries = { ...config.canaries, [name]: { entry, release: release.id, percent, startedAt: canary.startedAt } };
  });
  return canary;
}

/**
 * Ends the canary of `name` (promoted, or `aborted`: then its release is marked, so a rollback never
 * goes back to it): nobody gets the candidate from the next page on.
 */
export async function endCanary({ dataDir, configFile, name, aborted = false }: { dataDir: string; configFile: string; name: string; aborted?: boolean }) {
  const state = await readReleases(dataDir);
  const entry = state[name];
  if (entry?.canary && aborted) for (const r of entry.history) if (r.id === entry.canary.id && r.id !== entry.live) r.abortedAt = new Date().toISOString();
  if (entry) delete entry.canary;
  await writeReleases(dataDir, state);
  await editConfig(configFile, (config) => {
    if (!config.canaries) return;
    delete config.canaries[name];
    if (Object.keys(config.canaries).length === 0) delete config.canaries;
  });
}

/** Edits a served config.json in place, atomically (the renderer never reads half a file). */
async function editConfig(configFile: string, edit: (config: RuntimeConfig) => void) {
  const config = JSON.parse(await readFile(configFile, "utf8")) as RuntimeConfig;
  edit(config);
  await writeFile(`${configFile}.tmp`, `${JSON.stringify(config, null, 2)}\n`);
  await rename(`${configFile}.tmp`, configFile);
}

/**
 * Copies a checked candidate into the remote's site as `previews/<id>/` (stamped with its id, so
 * responses name it), for a shareable preview link; it is not a release and never live. Folders
 * older than any link can live (PREVIEW_KEEP_DAYS) are removed.
 */
export async function publishPreview({ siteRoot, buildDir }: { siteRoot: string; buildDir: string }): Promise<{ id: string; path: string }> {
  const { id } = await releaseIdOf(buildDir);
  const root = join(siteRoot, PREVIEWS_DIR);
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const folder = join(root, entry.name);
    if (entry.isDirectory() && Date.now() - (await stat(folder)).mtimeMs > PREVIEW_KEEP_DAYS * 86_400_000) await rm(folder, { recursive: true, force: true });
  }
  const target = join(root, id);
  if (!existsSync(join(target, "mf-manifest.json"))) {
    await cp(buildDir, `${target}.partial`, { recursive: true });
    await stampRelease(`${target}.partial`, id);
    await rename(`${target}.partial`, target);
  }
  return { id, path: `${PREVIEWS_DIR}/${id}/` };
}

/**
 * Revokes every preview link of remote `name` issued until now (the served config's
 * `previewsRevokedBefore`, which the renderer checks), and removes its candidates' folders.
 * Resolves with how many folders were removed.
 */
export async function revokePreviews({ configFile, name, siteRoot }: { configFile: string; name: string; siteRoot: string }): Promise<number> {
  await editConfig(configFile, (config) => {
    config.previewsRevokedBefore = { ...config.previewsRevokedBefore, [name]: Math.floor(Date.now() / 1000) + 1 };
  });
  const root = join(siteRoot, PREVIEWS_DIR);
  if (!existsSync(root)) return 0;
  const folders = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory());
  await Promise.all(folders.map((e) => rm(join(root, e.name), { recursive: true, force: true })));
  return folders.length;
}
