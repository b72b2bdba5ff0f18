// The release record (docs/architecture.md, "Releases"): every release, rollback and start of
// the local stack, with who ran it, when, from which commit, and the changeset notes of the
// shared packages the release needs. Kept in <dataDir>/release-log.json (newest last), listed by
// `npm run releases -- <remote>`, and published beside the shell's config.json as
// /release-log.json for the admin panel's Releases screen. It holds no secrets: names, commits,
// release ids and changelog text.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RELEASE_ACTIONS, RELEASE_LOG_FILE, type ReleaseLogEntry, type SharedNeed } from "federation-contract";

export async function readReleaseLog(dataDir: string): Promise<ReleaseLogEntry[]> {
  const file = join(dataDir, RELEASE_LOG_FILE);
  return existsSync(file) ? JSON.parse(await readFile(file, "utf8")) : [];
}

async function writeJson(file: string, value: unknown) {
  await writeFile(`${file}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

const git = (repoRoot: string, args: string[]) => {
  try {
    return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
};

/** Who runs the command: RELEASE_BY, else git's user.name, else the login name. */
export function releaser(repoRoot: string): string {
  return process.env.RELEASE_BY || git(repoRoot, ["config", "user.name"]) || process.env.USER || "unknown";
}

/** The commit the working tree is at, marked "+changes" when it has uncommitted changes. */
export function currentCommit(repoRoot: string): string {
  const commit = git(repoRoot, ["rev-parse", "--short=12", "HEAD"]) || "unknown";
  return git(repoRoot, ["status", "--porcelain"]) ? `${commit}+changes` : commit;
}

/** The section of a CHANGELOG.md written by `changeset version` for `version` ("## 1.4.0"), as lines of text. */
export function changelogSection(changelog: string, version: string): string[] {
  const lines = changelog.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .map((line) => line.replace(/^[-*#\s]+/, "").trim())
    .filter(Boolean);
}

/** The body of each pending changeset (.changeset/*.md) that names `pkg`, in one line each. */
async function pendingChangesets(repoRoot: string, pkg: string): Promise<string[]> {
  const dir = join(repoRoot, ".changeset");
  if (!existsSync(dir)) return [];
  const notes: string[] = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith(".md") && n !== "README.md").sort()) {
    const text = await readFile(join(dir, name), "utf8");
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    if (!match || !new RegExp(`^["']?${pkg}["']?\\s*:`, "m").test(match[1]!)) continue;
    notes.push(`(pending, .changeset/${name}) ${match[2]!.replace(/\s+/g, " ").trim()}`);
  }
  return notes;
}

/**
 * The shared workspace packages a build needs (its manifest's ranges), each with its changeset
 * notes: the CHANGELOG.md section of the version the range starts at, and the pending changesets
 * that name it (a build made from a working tree ahead of `changeset version`).
 */
export async function sharedNeeds(repoRoot: string, buildDir: string): Promise<SharedNeed[]> {
  const manifest = JSON.parse(await readFile(join(buildDir, "mf-manifest.json"), "utf8")) as { shared?: { name?: unknown; requiredVersion?: unknown }[] };
  const needs: SharedNeed[] = [];
  for (const { name, requiredVersion } of manifest.shared ?? []) {
    if (typeof name !== "string" || !existsSync(join(repoRoot, name, "package.json"))) continue; // npm packages have no changesets here
    const version = String(requiredVersion).replace(/^[\^~>=<\s]+/, "");
    const changelog = join(repoRoot, name, "CHANGELOG.md");
    const released = existsSync(changelog) ? changelogSection(await readFile(changelog, "utf8"), version) : [];
    needs.push({ package: name, range: String(requiredVersion), notes: [...released, ...(await pendingChangesets(repoRoot, name))] });
  }
  return needs;
}

/** What one entry records: the act, and the build it concerns (its needs are read from its manifest). */
interface ReleaseAct {
  kind: ReleaseLogEntry["kind"];
  remote: string;
  release: string;
  from?: string | null;
  buildDir: string;
  note?: string | undefined;
  by?: string | undefined;
  at?: string | undefined;
}

/** An entry of the record; `by` and `commit` are the caller's when it writes several at once (git runs once). */
async function entryOf(
  repoRoot: string,
  { kind, remote, release, from = null, buildDir, note, by, at }: ReleaseAct,
  commit = currentCommit(repoRoot),
): Promise<ReleaseLogEntry> {
  return {
    at: at ?? new Date().toISOString(),
    kind,
    remote,
    release,
    from,
    by: by ?? releaser(repoRoot),
    commit,
    needs: existsSync(join(buildDir, "mf-manifest.json")) ? await sharedNeeds(repoRoot, buildDir) : [],
    ...(note ? { note } : {}),
  };
}

/** Appends entries to the record kept in `dataDir`, and republishes it on the shell's site when one is served. */
async function appendToReleaseLog(dataDir: string, shellRoot: string | undefined, entries: ReleaseLogEntry[]) {
  const log = [...(await readReleaseLog(dataDir)), ...entries];
  if (entries.length) await writeJson(join(dataDir, RELEASE_LOG_FILE), log);
  if (shellRoot) await writeJson(join(shellRoot, RELEASE_LOG_FILE), log);
}

/**
 * Appends one entry to the record and republishes it for the admin screen (the shell's site, when
 * a stack serves one). `by` and `at` default to the person running the command and now (an
 * automatic abort names the renderer and when it happened).
 */
export async function recordRelease({
  dataDir,
  repoRoot,
  shellRoot,
  ...act
}: ReleaseAct & { dataDir: string; repoRoot: string; shellRoot?: string | undefined }): Promise<ReleaseLogEntry> {
  const entry = await entryOf(repoRoot, act);
  await appendToReleaseLog(dataDir, shellRoot, [entry]);
  return entry;
}

/** One entry in one line, then its needs, for `npm run releases`. */
export function describeEntry(entry: ReleaseLogEntry): string {
  const head = `${entry.at}  ${entry.by} ${RELEASE_ACTIONS[entry.kind] ?? entry.kind} ${entry.release}${entry.from ? ` (${entry.kind === "release" || entry.kind === "rollback" || entry.kind === "promote" ? "was" : "live"} ${entry.from})` : ""}, commit ${entry.commit}${entry.note ? `\n    ${entry.note}` : ""}`;
  const needs = entry.needs.map(
    (n) => `    needs ${n.package} ${n.range}${n.notes.length ? `:\n${n.notes.map((note) => `      - ${note}`).join("\n")}` : " (no changeset notes)"}`,
  );
  return [head, ...needs].join("\n");
}

/**
 * After a start recorded the builds it serves (releases.ts' recordStartBuilds): one entry per
 * remote whose live release changed (who and which commit asked of git once), then the whole
 * record published on the shell's site, which a start stages afresh.
 */
export async function recordStarts({
  dataDir,
  repoRoot,
  shellRoot,
  started,
}: {
  dataDir: string;
  repoRoot: string;
  shellRoot: string;
  started: { name: string; release: string; from: string | null; root: string }[];
}) {
  const changed = started.filter((s) => s.release !== s.from);
  const [by, commit] = changed.length ? [releaser(repoRoot), currentCommit(repoRoot)] : [];
  const entries = await Promise.all(
    changed.map((s) => entryOf(repoRoot, { kind: "start", remote: s.name, release: s.release, from: s.from, buildDir: s.root, by }, commit)),
  );
  await appendToReleaseLog(dataDir, shellRoot, entries);
}
