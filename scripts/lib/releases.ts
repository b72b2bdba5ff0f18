// A build's files as a release: its id (its version and a hash of its files) and the candidate
// folders a shareable preview serves. Where a release's files go, and which one is live, is
// scripts/releases/ (targets.ts, the release state in the database).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { stampRelease, unstamped } from "./release-stamp";

/** The folder, inside a remote's Hosting site, that holds its published releases. */
export const RELEASES_DIR = "releases";
/** The folder, inside a remote's Hosting site, that holds candidates shared by preview links (never live). */
export const PREVIEWS_DIR = "previews";
/** How long a preview link may live, and so how long its candidate's folder is kept. */
export const PREVIEW_KEEP_DAYS = 7;
/** How long a release's files stay served after it stops being live: a tab opened before keeps loading its screens. */
export const RELEASE_WINDOW_DAYS = 7;

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
