#!/usr/bin/env node
// `npm run version-remote -- <remote> <patch|minor> [--note "what changed"]`: a remote's team gives
// its own remote a new version without versioning any shared package (.changeset/README.md, "A
// remote's own version"). It moves the remote's package.json version and its entry in
// package-lock.json, adds the version's section to the remote's CHANGELOG.md, and consumes the
// pending changesets that name this remote alone. A changeset that also names another package
// stays pending, untouched: the shared packages' release train applies it.
// Run with tsx (the root package.json's script does). Importing this file runs nothing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import parseChangeset from "@changesets/parse";
import { repoRoot } from "dev-tools/stack-config";
import { REMOTE_LIST, remoteNamed } from "federation-kit/remotes";

export type Bump = "patch" | "minor" | "major";
/** Smallest first: a changeset's "none" ranks below all of them. */
const BUMPS: readonly Bump[] = ["patch", "minor", "major"];

/** A refusal worded for the person who ran the command. */
export class VersioningError extends Error {}

export const USAGE = `Usage: npm run version-remote -- <${REMOTE_LIST.map((r) => r.dir).join("|")}> <patch|minor> [--note "what changed"]`;

export interface VersionRequest {
  /** The remote's workspace folder. */
  dir: string;
  bump: "patch" | "minor";
  note: string | null;
}

/** The command line: which remote (its folder or federation name), which bump, and the note. */
export function parseRequest(args: string[]): VersionRequest {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: { note: { type: "string" } } });
  } catch (error) {
    throw new VersioningError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [name, bump, ...extra] = positionals;
  const remote = remoteNamed(name ?? "");
  if (!remote || (bump !== "patch" && bump !== "minor") || extra.length) throw new VersioningError(USAGE);
  return { dir: remote.dir, bump, note: values.note?.trim() || null };
}

export interface PendingChangeset {
  /** Its file name in .changeset/. */
  file: string;
  summary: string;
  releases: { name: string; type: string }[];
}

/** Every pending changeset (.changeset/*.md but the README), in file-name order. */
export async function readPendingChangesets(root: string): Promise<PendingChangeset[]> {
  const dir = join(root, ".changeset");
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith(".md") && f !== "README.md").sort();
  return Promise.all(
    files.map(async (file) => {
      const { summary, releases } = parseChangeset(await readFile(join(dir, file), "utf8"));
      return { file, summary, releases: releases.map(({ name, type }) => ({ name, type })) };
    }),
  );
}

/**
 * The changesets this version consumes (those naming `pkg` and no other package) and the ones it
 * leaves pending. One that names a shared package too stays whole: splitting it would version the
 * shared package's note apart from its code.
 */
export function splitChangesets(pending: PendingChangeset[], pkg: string): { consumed: PendingChangeset[]; kept: PendingChangeset[] } {
  const alone = (c: PendingChangeset) => c.releases.length > 0 && c.releases.every((r) => r.name === pkg);
  return { consumed: pending.filter(alone), kept: pending.filter((c) => !alone(c)) };
}

/** The bump to make: the one asked for, or a larger one that a consumed changeset asks for. */
export function bumpFor(requested: Bump, consumed: PendingChangeset[]): Bump {
  const rank = (type: string) => BUMPS.indexOf(type as Bump);
  const asked = consumed.flatMap((c) => c.releases.map((r) => r.type)).filter((type) => rank(type) > rank(requested));
  return asked.reduce<Bump>((largest, type) => (rank(type) > rank(largest) ? (type as Bump) : largest), requested);
}

const readVersion = async (root: string, dir: string) =>
  (JSON.parse(await readFile(join(root, dir, "package.json"), "utf8")) as { name: string; version: string }).version;

/** Moves the remote's package.json version and its package-lock.json entry (npm version); resolves with the new version. */
export async function bumpVersion(root: string, dir: string, bump: Bump): Promise<string> {
  const run = spawnSync("npm", ["version", bump, "-w", dir, "--no-git-tag-version"], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) throw new VersioningError(`npm version ${bump} -w ${dir} failed:\n${run.stderr || run.stdout}`);
  return readVersion(root, dir);
}

const HEADINGS: Record<Bump, string> = { patch: "Patch Changes", minor: "Minor Changes", major: "Major Changes" };

/** A CHANGELOG.md entry line as `changeset version` writes one: "- " and the text, its next lines indented. */
const entry = (text: string) => `- ${text.trim().split("\n").join("\n  ")}`;

/** The CHANGELOG.md section of `version`, in the format `changeset version` writes, so whatever reads one reads both. */
export function changelogSection(version: string, bump: Bump, note: string | null, consumed: PendingChangeset[]): string {
  const lines = [...(note ? [note] : []), ...consumed.map((c) => c.summary)];
  if (!lines.length) lines.push("A new build; no note was given.");
  return `## ${version}\n\n### ${HEADINGS[bump]}\n\n${lines.map(entry).join("\n")}\n`;
}

/** Puts `section` first in the remote's CHANGELOG.md, under its title (the file is created when missing). */
export async function addChangelogSection(root: string, dir: string, pkg: string, section: string): Promise<void> {
  const file = join(root, dir, "CHANGELOG.md");
  const title = `# ${pkg}`;
  const before = existsSync(file) ? await readFile(file, "utf8") : "";
  const rest = before.startsWith(`${title}\n`) ? before.slice(title.length).replace(/^\n+/, "") : before;
  await writeFile(file, `${title}\n\n${section}${rest ? `\n${rest}` : ""}`);
}

/** Removes the consumed changesets: their notes now live in the CHANGELOG.md section. */
export async function removeChangesets(root: string, consumed: PendingChangeset[]): Promise<void> {
  await Promise.all(consumed.map((c) => rm(join(root, ".changeset", c.file))));
}

export interface VersionResult {
  dir: string;
  pkg: string;
  from: string;
  version: string;
  bump: Bump;
  consumed: string[];
  /** The changesets that name this remote and another package: still pending. */
  keptNamingIt: string[];
}

/** Every step, in an order that changes nothing when the version cannot move. */
export async function versionRemote(root: string, request: VersionRequest): Promise<VersionResult> {
  const pkg = (JSON.parse(await readFile(join(root, request.dir, "package.json"), "utf8")) as { name: string }).name;
  const from = await readVersion(root, request.dir);
  const { consumed, kept } = splitChangesets(await readPendingChangesets(root), pkg);
  const bump = bumpFor(request.bump, consumed);
  const version = await bumpVersion(root, request.dir, bump);
  await addChangelogSection(root, request.dir, pkg, changelogSection(version, bump, request.note, consumed));
  await removeChangesets(root, consumed);
  const keptNamingIt = kept.filter((c) => c.releases.some((r) => r.name === pkg)).map((c) => c.file);
  return { dir: request.dir, pkg, from, version, bump, consumed: consumed.map((c) => c.file), keptNamingIt };
}

/** What the command prints once the version moved. */
export function describeResult(result: VersionResult, requested: Bump): string {
  const { dir, pkg, from, version, bump, consumed, keptNamingIt } = result;
  const lines = [`${pkg}: ${from} -> ${version} (${bump}); no shared package was versioned.`];
  if (bump !== requested) lines.push(`  a ${bump}, not a ${requested}: a pending changeset of ${pkg} asks for it.`);
  lines.push(
    `  ${dir}/CHANGELOG.md has a section for ${version}${consumed.length ? `, with the notes of ${consumed.map((f) => `.changeset/${f}`).join(", ")} (removed)` : ""}.`,
  );
  if (keptNamingIt.length)
    lines.push(
      `  still pending, since they name other packages too (the release train applies them): ${keptNamingIt.map((f) => `.changeset/${f}`).join(", ")}.`,
    );
  lines.push(`Build and release it: npm run release -- ${dir}`);
  return lines.join("\n");
}

async function main(args: string[]): Promise<number> {
  try {
    const request = parseRequest(args);
    console.log(describeResult(await versionRemote(repoRoot, request), request.bump));
    return 0;
  } catch (error) {
    console.error(error instanceof VersioningError ? error.message : error);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = await main(process.argv.slice(2));
