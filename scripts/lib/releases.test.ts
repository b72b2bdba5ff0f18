// A version names one build: the release command's refusal of a second, different build under a
// version already released, read from the history and the site's releases/ folders.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentCanary, endCanary, previousRelease, releaseWithVersion, startCanary } from "./releases";

let dataDir: string;
let siteRoot: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "releases-data-"));
  siteRoot = await mkdtemp(join(tmpdir(), "releases-site-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(siteRoot, { recursive: true, force: true });
});

const history = (releases: { id: string; path: string }[]) =>
  writeFile(
    join(dataDir, "releases.json"),
    JSON.stringify({
      remote_blog: {
        live: releases.at(-1)?.id ?? null,
        history: releases.map((r) => ({ ...r, version: r.id.slice(0, r.id.lastIndexOf("-")), at: "", source: "" })),
      },
    }),
  );

describe("releaseWithVersion", () => {
  it("names the other build already released under the version, and never the build itself", async () => {
    await history([{ id: "1.0.0-aaaaaaaaaa", path: "releases/1.0.0-aaaaaaaaaa/" }]);
    const args = { dataDir, name: "remote_blog", siteRoot };
    expect(await releaseWithVersion({ ...args, id: "1.0.0-bbbbbbbbbb", version: "1.0.0" })).toBe("1.0.0-aaaaaaaaaa");
    expect(await releaseWithVersion({ ...args, id: "1.0.0-aaaaaaaaaa", version: "1.0.0" })).toBeNull();
    expect(await releaseWithVersion({ ...args, id: "1.0.1-bbbbbbbbbb", version: "1.0.1" })).toBeNull();
  });

  it("counts a release folder on the site even when the history forgot it, but not the site root's working build", async () => {
    await history([{ id: "1.0.0-cccccccccc", path: "" }]);
    const args = { dataDir, name: "remote_blog", siteRoot };
    expect(await releaseWithVersion({ ...args, id: "1.0.0-bbbbbbbbbb", version: "1.0.0" })).toBeNull();
    await mkdir(join(siteRoot, "releases", "1.0.0-dddddddddd"), { recursive: true });
    await mkdir(join(siteRoot, "releases", "1.0.0-eeeeeeeeee.partial"), { recursive: true });
    expect(await releaseWithVersion({ ...args, id: "1.0.0-bbbbbbbbbb", version: "1.0.0" })).toBe("1.0.0-dddddddddd");
    // "1.0.0-beta.1" is another version, though its id starts like one of 1.0.0.
    expect(await releaseWithVersion({ ...args, id: "1.0.0-beta.1-ffffffffff", version: "1.0.0-beta.1" })).toBeNull();
  });
});

describe("a canary's state", () => {
  const config = () => join(dataDir, "config.json");
  const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;

  it("is kept in the history and in the served config's canaries, and leaves both when it ends", async () => {
    await history([
      { id: "1.0.0-aaaaaaaaaa", path: "" },
      { id: "1.0.1-bbbbbbbbbb", path: "releases/1.0.1-bbbbbbbbbb/" },
    ]);
    const state = await readJson(join(dataDir, "releases.json"));
    (state.remote_blog as { live: string }).live = "1.0.0-aaaaaaaaaa";
    await writeFile(join(dataDir, "releases.json"), JSON.stringify(state));
    await writeFile(config(), JSON.stringify({ remotes: { remote_blog: "http://x/mf-manifest.json" } }));
    const entry = "http://x/releases/1.0.1-bbbbbbbbbb/mf-manifest.json";
    const args = { dataDir, configFile: config(), name: "remote_blog" };
    const started = await startCanary({ ...args, release: { id: "1.0.1-bbbbbbbbbb" }, entry, percent: 50 });
    expect(await currentCanary(dataDir, "remote_blog")).toEqual(started);
    expect((await readJson(config())).canaries).toEqual({ remote_blog: { entry, release: "1.0.1-bbbbbbbbbb", percent: 50, startedAt: started.startedAt } });
    // A new share keeps when it started.
    expect((await startCanary({ ...args, release: { id: "1.0.1-bbbbbbbbbb" }, entry, percent: 20 })).startedAt).toBe(started.startedAt);
    await endCanary({ ...args, aborted: true });
    expect(await currentCanary(dataDir, "remote_blog")).toBeNull();
    expect((await readJson(config())).canaries).toBeUndefined();
  });

  it("once aborted, is never where a rollback goes back to", async () => {
    await history([
      { id: "1.0.0-aaaaaaaaaa", path: "releases/1.0.0-aaaaaaaaaa/" },
      { id: "1.0.1-bbbbbbbbbb", path: "releases/1.0.1-bbbbbbbbbb/" },
      { id: "1.0.2-cccccccccc", path: "releases/1.0.2-cccccccccc/" },
    ]);
    expect((await previousRelease(dataDir, "remote_blog"))?.id).toBe("1.0.1-bbbbbbbbbb");
    const state = await readJson(join(dataDir, "releases.json"));
    const blog = state.remote_blog as { history: { id: string; abortedAt?: string }[] };
    blog.history[1]!.abortedAt = new Date().toISOString();
    await writeFile(join(dataDir, "releases.json"), JSON.stringify(state));
    expect((await previousRelease(dataDir, "remote_blog"))?.id).toBe("1.0.0-aaaaaaaaaa");
  });
});
