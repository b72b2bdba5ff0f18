// Versions a team can follow: remote-blog is changed twice. The first change is released; the
// second, built under the same version, is refused, and the refusal's advice, each command run
// exactly as printed, gives remote-blog a version of its own (no shared package versioned),
// builds it and releases it: the second change is live in the server HTML.
// The second change and the team's commands change the working tree for real (the remote's
// source, package.json, CHANGELOG.md and dist, package-lock.json, consumed changesets): each of
// those and the stack's releases are put back afterwards, so the working tree and the specs after
// this one find what they found before.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blogBuild, candidate, editBlogListText, expect, keepReleaseState, releaseCommand, repoRoot, stackState, test } from "../fixtures";

const SOURCE = "remote-blog/src/blog/blog-list-view.tsx";
const FIRST_TEXT = "Filter the posts by tag";
const SECOND_TEXT = "Pick a tag to filter";
/** The files the team's commands may change, besides remote-blog's dist and .changeset/. */
const KEPT_FILES = [SOURCE, "remote-blog/package.json", "remote-blog/CHANGELOG.md", "package-lock.json"];
/** What a remote's own version leaves alone: the shared packages and the shell. */
const UNVERSIONED = ["shared-auth", "shared-content", "shared-router", "shared-ui", "shell"];

/** A command line as a person types it in the repository's root, against the e2e stack's data folder. */
async function run(line: string): Promise<{ code: number; output: string }> {
  const { dataDir } = await stackState();
  return new Promise((done) => {
    const child = spawn("sh", ["-c", line], { cwd: repoRoot, env: { ...process.env, LOCAL_DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => done({ code: code ?? -1, output }));
  });
}

/** Every file of `paths` (and of .changeset/) as it is now; what it returns writes them back, removing the ones that did not exist. */
async function keepFiles(paths: string[]): Promise<() => Promise<void>> {
  const changesets = (await readdir(join(repoRoot, ".changeset"))).map((name) => `.changeset/${name}`);
  const all = [...paths, ...changesets];
  const kept = await Promise.all(all.map(async (p) => [p, existsSync(join(repoRoot, p)) ? await readFile(join(repoRoot, p)) : null] as const));
  return async () => {
    for (const [p, bytes] of kept) {
      if (bytes) await writeFile(join(repoRoot, p), bytes);
      else await rm(join(repoRoot, p), { force: true });
    }
  };
}

/** remote-blog's dist as it is now; what it returns puts that copy back (the specs after this one build candidates from it). */
async function keepBlogBuild(): Promise<() => Promise<void>> {
  const copy = await mkdtemp(join(tmpdir(), "remote-blog-dist-"));
  await cp(blogBuild, copy, { recursive: true });
  return async () => {
    await rm(blogBuild, { recursive: true, force: true });
    await cp(copy, blogBuild, { recursive: true });
    await rm(copy, { recursive: true, force: true });
  };
}

/** The release folders on remote-blog's Hosting site now; what it returns removes the ones published since (a version names one build, so a later spec may publish these versions again). */
async function keepReleaseFolders(): Promise<() => Promise<void>> {
  const { dataDir } = await stackState();
  const marker = JSON.parse(await readFile(join(dataDir, "stack.json"), "utf8")) as { hostingRoots: Record<string, string> };
  const folder = join(marker.hostingRoots["remote-blog"]!, "releases");
  const list = async () => (existsSync(folder) ? await readdir(folder) : []);
  const before = new Set(await list());
  return async () => {
    for (const name of await list()) if (!before.has(name)) await rm(join(folder, name), { recursive: true, force: true });
  };
}

const escaped = (version: string) => version.replaceAll(".", "\\.");
const versionOf = async (dir: string) => (JSON.parse(await readFile(join(repoRoot, dir, "package.json"), "utf8")) as { version: string }).version;
const blogListHtml = async () => {
  const { siteUrl } = await stackState();
  const response = await fetch(`${siteUrl}/blogs/list`);
  return { releases: response.headers.get("x-remote-releases") ?? "", body: await response.text() };
};

/** What to undo after the test, last to first: run by afterEach, which also runs after a timeout. */
let restores: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const restore of restores.reverse()) await restore();
  restores = [];
});

test("a second change under a released version is refused, and its advice, followed word for word, releases it", async () => {
  test.setTimeout(480_000);
  const version = await versionOf("remote-blog");
  const sharedVersions = await Promise.all(UNVERSIONED.map(versionOf));
  // Undone in this order: the files, the build, the stack's state (waiting until the site serves
  // its release again), then the folders of the releases this test published.
  restores = [await keepReleaseFolders(), await keepReleaseState(), await keepBlogBuild(), await keepFiles(KEPT_FILES)];
  const first = await candidate((d) => editBlogListText(d, "Filter by tag", FIRST_TEXT));
  restores.push(() => rm(first, { recursive: true, force: true }));

  // The first change, released under the remote's version.
  const released = await releaseCommand(["release", "remote-blog", "--dist", first, "--no-browser"]);
  expect(released.output).toContain(`(${version}), live now`);
  await expect.poll(async () => (await blogListHtml()).body.includes(FIRST_TEXT), { timeout: 10_000 }).toBe(true);

  // The second change, in the source, released as a team does: the command builds it.
  const source = join(repoRoot, SOURCE);
  await writeFile(source, (await readFile(source, "utf8")).replace('aria-label="Filter by tag"', `aria-label="${SECOND_TEXT}"`));
  const refused = await run("npm run release -- remote-blog");
  expect(refused.code, refused.output).toBe(1);
  expect(refused.output).toContain("Release of remote_blog refused; nothing was changed for visitors");
  expect(refused.output).toMatch(new RegExp(`version ${escaped(version)} is already released as ${escaped(version)}-[0-9a-f]{10}, a different build`));
  expect((await blogListHtml()).body).toContain(FIRST_TEXT);
  const advice = refused.output.slice(refused.output.indexOf("Give remote-blog a new version"));
  const commands = [...advice.matchAll(/^\s+(npm run \S.*)$/gm)].map((m) => m[1]!.trim());
  expect(commands).toEqual(["npm run version-remote -- remote-blog patch", "npm run release -- remote-blog"]);

  // The advice, word for word.
  const bumped = await run(commands[0]!);
  expect(bumped.code, bumped.output).toBe(0);
  const next = await versionOf("remote-blog");
  expect(next).not.toBe(version);
  expect(await Promise.all(UNVERSIONED.map(versionOf))).toEqual(sharedVersions);
  expect(await readFile(join(repoRoot, "remote-blog", "CHANGELOG.md"), "utf8")).toContain(`## ${next}\n`);
  const lock = JSON.parse(await readFile(join(repoRoot, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string }> };
  expect(lock.packages["remote-blog"]?.version).toBe(next);
  const accepted = await run(commands[1]!);
  expect(accepted.code, accepted.output).toBe(0);
  expect(accepted.output).toContain(`(${next}), live now`);

  await expect.poll(async () => (await blogListHtml()).body.includes(`aria-label="${SECOND_TEXT}"`), { timeout: 10_000 }).toBe(true);
  expect((await blogListHtml()).releases).toMatch(new RegExp(`remote_blog=${escaped(next)}-[0-9a-f]{10}`));
});
