// The release record's entries: every release, rollback, canary, promotion, abort and start of the
// local stack, with who ran it, when, from which commit, and the shared packages the build needs
// with the changelog notes of the versions it needs. Kept under `releases/record` in the database
// (store.ts), listed by `npm run releases` and the admin's Releases screen. It holds no secrets:
// names, commits, release ids and changelog text.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { RELEASE_ACTIONS, type ReleaseLogEntry, type SharedNeed } from "release-protocol";

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

/**
 * The shared workspace packages a build needs (its manifest's ranges), each with the notes of the
 * version the range starts at (its CHANGELOG.md section). Only released versions have notes: a
 * pending changeset applies to no version yet.
 */
export async function sharedNeeds(repoRoot: string, buildDir: string): Promise<SharedNeed[]> {
  const manifest = JSON.parse(await readFile(join(buildDir, "mf-manifest.json"), "utf8")) as { shared?: { name?: unknown; requiredVersion?: unknown }[] };
  const needs: SharedNeed[] = [];
  for (const { name, requiredVersion } of manifest.shared ?? []) {
    if (typeof name !== "string" || !existsSync(join(repoRoot, name, "package.json"))) continue; // npm packages have no changelog here
    const version = String(requiredVersion).replace(/^[\^~>=<\s]+/, "");
    const changelog = join(repoRoot, name, "CHANGELOG.md");
    needs.push({
      package: name,
      range: String(requiredVersion),
      notes: existsSync(changelog) ? changelogSection(await readFile(changelog, "utf8"), version) : [],
    });
  }
  return needs;
}

/** What one entry records: the act, and the build it concerns (its needs are read from its manifest). */
export interface ReleaseAct {
  kind: ReleaseLogEntry["kind"];
  remote: string;
  release: string;
  from?: string | null | undefined;
  /** The build's folder; its needs are left out when it is not at hand. */
  buildDir?: string | undefined;
  note?: string | undefined;
}

/** Who and which commit: asked of git once per command. */
export interface Actor {
  by: string;
  commit: string;
}

export const actorOf = (repoRoot: string): Actor => ({ by: releaser(repoRoot), commit: currentCommit(repoRoot) });

export async function recordEntry(
  repoRoot: string,
  actor: Actor,
  { kind, remote, release, from = null, buildDir, note }: ReleaseAct,
): Promise<ReleaseLogEntry> {
  return {
    at: new Date().toISOString(),
    kind,
    remote,
    release,
    from,
    by: actor.by,
    commit: actor.commit,
    needs: buildDir && existsSync(join(buildDir, "mf-manifest.json")) ? await sharedNeeds(repoRoot, buildDir) : [],
    ...(note ? { note } : {}),
  };
}

/** One entry in one line (`notes`: then the shared packages it needs, with their released notes). */
export function describeEntry(entry: ReleaseLogEntry, notes = false): string {
  const was = entry.kind === "release" || entry.kind === "rollback" || entry.kind === "promote" ? "was" : "live";
  const head = `${entry.at.slice(0, 19).replace("T", " ")}  ${entry.by} ${RELEASE_ACTIONS[entry.kind] ?? entry.kind} ${entry.release}${entry.from ? ` (${was} ${entry.from})` : ""}, commit ${entry.commit}${entry.note ? `: ${entry.note}` : ""}`;
  if (!notes) return head;
  const needs = entry.needs.map(
    (n) => `    needs ${n.package} ${n.range}${n.notes.length ? `:\n${n.notes.map((note) => `      - ${note}`).join("\n")}` : " (no released notes)"}`,
  );
  return [head, ...needs].join("\n");
}
