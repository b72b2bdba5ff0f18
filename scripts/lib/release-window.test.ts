import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RELEASE_WINDOW_DAYS, pruneReleases } from "./release-window";
import { stampRelease } from "./release-stamp";
import { publishRelease, readReleases, releaseIdOf, setLive } from "./releases";

const DAY = 86_400_000;
let dataDir: string;
let siteRoot: string;

/** A build of remote_blog whose files differ by `text` (so each is a release of its own). */
async function build(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "release-build-"));
  await writeFile(join(dir, "mf-manifest.json"), JSON.stringify({ name: "remote_blog", contract: { version: "1.0.0", sharedImports: {} } }));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "assets", "screen.js"), text);
  return dir;
}

async function release(text: string): Promise<string> {
  const buildDir = await build(text);
  const { id } = await publishRelease({ dataDir, name: "remote_blog", siteRoot, buildDir, source: "test" });
  await setLive(dataDir, "remote_blog", id);
  await rm(buildDir, { recursive: true, force: true });
  return id;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "release-data-"));
  siteRoot = await mkdtemp(join(tmpdir(), "release-site-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(siteRoot, { recursive: true, force: true });
});

describe("the window an old release stays served", () => {
  it("keeps a release's files for the window after it stopped being live, then removes them", async () => {
    const first = await release("one");
    const second = await release("two");
    const third = await release("three");
    const folder = (id: string) => join(siteRoot, "releases", id);
    const retiredAt = Date.parse((await readReleases(dataDir)).remote_blog!.history.find((r) => r.id === first)!.retiredAt!);

    // Within the window: nothing goes.
    expect(await pruneReleases({ dataDir, name: "remote_blog", siteRoot, now: retiredAt + (RELEASE_WINDOW_DAYS * DAY) / 2 })).toEqual([]);
    expect(existsSync(folder(first))).toBe(true);

    // After it: the first goes; the live one and the one a rollback goes back to stay.
    expect(await pruneReleases({ dataDir, name: "remote_blog", siteRoot, now: retiredAt + RELEASE_WINDOW_DAYS * DAY + 1 })).toEqual([first]);
    expect(existsSync(folder(first))).toBe(false);
    expect(existsSync(folder(second))).toBe(true);
    expect(existsSync(folder(third))).toBe(true);
    const entry = (await readReleases(dataDir)).remote_blog!;
    expect(entry.history.map((r) => r.id)).toEqual([second, third]);
    expect(entry.live).toBe(third);
  });

  it("counts the window from when a release stopped being live, not from when it was published", async () => {
    const first = await release("one");
    const second = await release("two");
    await setLive(dataDir, "remote_blog", first); // rolled back: live again, no longer retired
    const entry = (await readReleases(dataDir)).remote_blog!;
    expect(entry.history.find((r) => r.id === first)!.retiredAt).toBeUndefined();
    expect(entry.history.find((r) => r.id === second)!.retiredAt).toBeDefined();
    // Published before the other, yet live: it stays; the one rolled back from goes after the window.
    expect(await pruneReleases({ dataDir, name: "remote_blog", siteRoot, now: Date.now() + RELEASE_WINDOW_DAYS * DAY - DAY })).toEqual([]);
    expect(await pruneReleases({ dataDir, name: "remote_blog", siteRoot, now: Date.now() + 100 * DAY })).toEqual([second]);
    expect(existsSync(join(siteRoot, "releases", first))).toBe(true);
  });
});

describe("a stamped build", () => {
  it("keeps its release id: the stamp is not part of the build's identity", async () => {
    const dir = await build("same");
    const before = await releaseIdOf(dir);
    await stampRelease(dir, before.id);
    expect(JSON.parse(await readFile(join(dir, "mf-manifest.json"), "utf8")).contract.release).toBe(before.id);
    expect(await releaseIdOf(dir)).toEqual(before);
    await rm(dir, { recursive: true, force: true });
  });
});
