// Where a release's files go: the one part of a release that differs between the local stack and
// Firebase. Everything else (checks, the release state, the record) is the same code
// (commands.ts). Locally a release is an immutable folder in the remote's Hosting site
// (`releases/<id>/`); on Firebase it is a Hosting channel of the remote's site, deployed with
// firebase-tools; making it live is a write to the release state either way, so a rollback
// needs no deploy.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PREVIEWS_DIR, RELEASES_DIR, publishPreview } from "../lib/releases";
import { stampRelease } from "../lib/release-stamp";

/** A build published where the site can load it. */
export interface Published {
  /** Its mf-manifest.json URL. */
  entry: string;
  /** Where it lives: a folder of the remote's site locally, a channel on Firebase. */
  path: string;
}

export interface ReleaseTarget {
  kind: "local" | "firebase";
  /** The composed site the checks run against. */
  siteUrl: string;
  /** Publishes a checked, stamped build as release `id` (the same id twice is the same release). */
  publish(buildDir: string, id: string): Promise<Published>;
  /** Publishes a candidate for a shareable preview link (never live). */
  publishPreview(buildDir: string, id: string): Promise<Published>;
  /** Removes the files of releases no tab needs any more (Firebase: channels expire by themselves). */
  remove(paths: string[]): Promise<void>;
  /** Removes every preview candidate (after their links were revoked); resolves with how many. */
  removePreviews(): Promise<number>;
}

/** The local stack's Hosting site of one remote: releases are folders beside its root build. */
export function localTarget({ siteUrl, origin, siteRoot }: { siteUrl: string; origin: string; siteRoot: string }): ReleaseTarget {
  return {
    kind: "local",
    siteUrl,
    async publish(buildDir, id) {
      const path = `${RELEASES_DIR}/${id}/`;
      const target = join(siteRoot, RELEASES_DIR, id);
      if (!existsSync(join(target, "mf-manifest.json"))) {
        await mkdir(join(siteRoot, RELEASES_DIR), { recursive: true });
        await rm(`${target}.partial`, { recursive: true, force: true });
        await cp(buildDir, `${target}.partial`, { recursive: true });
        await stampRelease(`${target}.partial`, id);
        await rename(`${target}.partial`, target); // a folder appears whole or not at all
      }
      return { entry: `${origin}/${path}mf-manifest.json`, path };
    },
    async publishPreview(buildDir) {
      const { path } = await publishPreview({ siteRoot, buildDir });
      return { entry: `${origin}/${path}mf-manifest.json`, path };
    },
    async remove(paths) {
      for (const path of paths) if (path) await rm(join(siteRoot, path), { recursive: true, force: true });
    },
    async removePreviews() {
      const root = join(siteRoot, PREVIEWS_DIR);
      if (!existsSync(root)) return 0;
      const folders = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory());
      await Promise.all(folders.map((e) => rm(join(root, e.name), { recursive: true, force: true })));
      return folders.length;
    },
  };
}

/** One firebase-tools command: its arguments, and what it printed (JSON with --json). */
export type FirebaseRunner = (args: string[]) => { status: number; stdout: string; stderr: string };

/** firebase-tools from the repository's own install (pinned in package-lock.json). */
export const runFirebase: FirebaseRunner = (args) => {
  const result = spawnSync("npx", ["firebase", ...args], { encoding: "utf8", env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "1" } });
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
};

/** How long a release's channel lives: the longest Hosting allows, the window for a rollback without a rebuild. */
export const CHANNEL_EXPIRES = "30d";
/** A preview's channel lives as long as its longest link. */
export const PREVIEW_CHANNEL_EXPIRES = "7d";

/** A release id as a channel name (lower-case letters, digits and hyphens). */
export const channelOf = (id: string) => `r-${id.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`.slice(0, 63);

export interface FirebaseTargetOptions {
  project: string;
  /** The remote's folder (its hosting entry in firebase.json) and its Hosting site id. */
  remoteDir: string;
  siteId: string;
  siteUrl: string;
  repoRoot: string;
  run?: FirebaseRunner;
  /** Print the firebase-tools commands instead of running them. */
  dryRun?: boolean;
  log?: (line: string) => void;
}

/**
 * A remote's Hosting site on Firebase: each release is a channel deployed from the candidate's own
 * folder, with the headers firebase.json gives the remote's site (CORS, caching), so the channel
 * serves it exactly as the live site would.
 */
export function firebaseTarget(options: FirebaseTargetOptions): ReleaseTarget {
  const { project, remoteDir, siteId, siteUrl, repoRoot, run = runFirebase, dryRun = false, log = console.log } = options;
  async function deployChannel(buildDir: string, channel: string, expires: string): Promise<Published> {
    const config = await channelConfig(repoRoot, remoteDir, siteId, buildDir);
    const args = ["hosting:channel:deploy", channel, "--config", config, "--project", project, "--only", siteId, "--expires", expires, "--json"];
    if (dryRun) {
      log(`  would run: firebase ${args.join(" ")}`);
      return { entry: `https://${siteId}--${channel}.web.app/mf-manifest.json (dry run)`, path: channel };
    }
    const result = run(args);
    const url = channelUrl(result.stdout, siteId);
    if (result.status !== 0 || !url)
      throw new Error(`firebase hosting:channel:deploy ${channel} failed: ${(result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ")}`);
    return { entry: `${url.replace(/\/+$/, "")}/mf-manifest.json`, path: channel };
  }
  return {
    kind: "firebase",
    siteUrl,
    publish: (buildDir, id) => deployChannel(buildDir, channelOf(id), CHANNEL_EXPIRES),
    publishPreview: (buildDir, id) => deployChannel(buildDir, `p-${channelOf(id).slice(2)}`, PREVIEW_CHANNEL_EXPIRES),
    remove: async () => {}, // channels expire by themselves (CHANNEL_EXPIRES)
    removePreviews: async () => 0, // preview channels expire within PREVIEW_CHANNEL_EXPIRES
  };
}

/** The URL `hosting:channel:deploy --json` printed for `siteId`, or null. */
export function channelUrl(stdout: string, siteId: string): string | null {
  try {
    const parsed = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { status?: string; result?: Record<string, { url?: string }> };
    return parsed.status === "success" ? (parsed.result?.[siteId]?.url ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * A firebase.json for one deploy: the remote's hosting entry from the repository's firebase.json,
 * aimed at `siteId` and at the candidate's folder (so the deployed files are the checked ones).
 */
export async function channelConfig(repoRoot: string, remoteDir: string, siteId: string, buildDir: string): Promise<string> {
  const firebase = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as { hosting: ({ target?: string } & Record<string, unknown>)[] };
  const entry = firebase.hosting.find((h) => h.target === remoteDir);
  if (!entry) throw new Error(`firebase.json has no hosting target ${remoteDir}`);
  const { target: _target, ...rest } = entry;
  const dir = await mkdtemp(join(tmpdir(), `${remoteDir}-deploy-`));
  const file = join(dir, "firebase.json");
  await writeFile(file, `${JSON.stringify({ hosting: { ...rest, site: siteId, public: buildDir } }, null, 2)}\n`);
  return file;
}
