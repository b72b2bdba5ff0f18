// The renderer's remotes, prepared ahead of requests from a real remote build (remote-blog's
// dist, served over HTTP like a Hosting site): a compatible build is loaded before any request,
// an incompatible one is refused with one log line and never run, and a re-release at the same
// URL is picked up in the background while sync() keeps answering at once.
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer, type StaticServer } from "dev-tools/static-server";
import { createCandidateRemotes, createServerRemotes } from "../src/federation";

const blogDist = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "remote-blog", "dist");
let dir: string;
let server: StaticServer;
let manifestUrl: string;

async function stampRelease(release: string) {
  const file = join(dir, "mf-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8"));
  manifest.contract.release = release;
  await writeFile(file, JSON.stringify(manifest));
}

/** Makes the build require `range` of shared-content; resolves with the range it required before. */
async function requireSharedContent(range: string): Promise<string> {
  const file = join(dir, "mf-manifest.json");
  const manifest = JSON.parse(await readFile(file, "utf8"));
  const share = manifest.shared.find((s: { name: string }) => s.name === "shared-content");
  const before: string = share.requiredVersion;
  share.requiredVersion = range;
  await writeFile(file, JSON.stringify(manifest));
  return before;
}

beforeAll(async () => {
  if (!existsSync(join(blogDist, "mf-manifest.json"))) throw new Error("remote-blog is not built: run `npm run build` first");
  dir = await mkdtemp(join(tmpdir(), "renderer-remote-"));
  await cp(blogDist, dir, { recursive: true });
  server = await startStaticServer({ root: dir });
  manifestUrl = `${server.url}/mf-manifest.json`;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the renderer's remotes", () => {
  it("prepares a compatible build with its server-rendered screens before a request, then answers at once, naming its release", async () => {
    await stampRelease("1.0.0-3f2a9c01bd");
    const lines: string[] = [];
    const remotes = createServerRemotes({ maxAgeMs: 60_000, warm: [{ remote: "remote_blog", module: "BlogListPage" }], log: (l) => lines.push(l) });
    await remotes.sync({ remote_blog: manifestUrl });
    expect(remotes.loader.incompatibility("remote_blog")).toBeNull();
    expect(remotes.loader.release("remote_blog")).toBe("1.0.0-3f2a9c01bd");
    const screen = await remotes.loader.load("remote_blog", "BlogListPage");
    expect(typeof screen.default).toBe("function");
    expect(remotes.assetsOf("remote_blog", "BlogListPage").js.length).toBeGreaterThan(0);
    expect(lines).toEqual([]);
  });

  it("refuses an incompatible build with one log line naming it, and picks a re-release up in the background", async () => {
    const lines: string[] = [];
    const remotes = createServerRemotes({ maxAgeMs: 50, warm: [{ remote: "remote_blog", module: "BlogListPage" }], log: (l) => lines.push(l) });
    await remotes.sync({ remote_blog: manifestUrl });
    expect(remotes.loader.incompatibility("remote_blog")).toBeNull();

    // A new build at the same URL that needs a shared-content this renderer does not provide.
    const built = await requireSharedContent("^9.0.0");
    await new Promise((r) => setTimeout(r, 60));
    await remotes.sync({ remote_blog: manifestUrl }); // answers at once; the refresh runs behind it
    expect(remotes.loader.incompatibility("remote_blog")).toBeNull();
    await expect.poll(() => remotes.loader.incompatibility("remote_blog"), { timeout: 10_000 }).toMatch(/needs shared-content \^9\.0\.0, the site provides/);
    await expect(remotes.loader.load("remote_blog", "BlogListPage")).rejects.toMatchObject({ failure: "incompatible" });
    await remotes.sync({ remote_blog: manifestUrl });
    expect(lines.filter((l) => l.includes("refusing"))).toHaveLength(1);
    expect(lines[0]).toContain(manifestUrl);

    // Rolled back: compatible again, and loadable.
    await requireSharedContent(built);
    await new Promise((r) => setTimeout(r, 60));
    await remotes.sync({ remote_blog: manifestUrl });
    await expect.poll(() => remotes.loader.incompatibility("remote_blog"), { timeout: 10_000 }).toBeNull();
    const screen = await remotes.loader.load("remote_blog", "BlogListPage");
    expect(typeof screen.default).toBe("function");
  });

  it("renders a candidate from an instance of its own, leaving the live instance's registration alone", async () => {
    await stampRelease("1.0.0-live000001");
    const candidateDir = await mkdtemp(join(tmpdir(), "renderer-candidate-"));
    await cp(dir, candidateDir, { recursive: true });
    const candidateManifest = join(candidateDir, "mf-manifest.json");
    const manifest = JSON.parse(await readFile(candidateManifest, "utf8"));
    manifest.contract.release = "1.0.1-cand000001";
    await writeFile(candidateManifest, JSON.stringify(manifest));
    const candidateServer = await startStaticServer({ root: candidateDir });
    try {
      const warm = [{ remote: "remote_blog", module: "BlogListPage" }];
      const live = createServerRemotes({ maxAgeMs: 60_000, warm, log: () => undefined });
      const liveRemotes = { remote_blog: manifestUrl };
      await live.sync(liveRemotes);
      const candidates = createCandidateRemotes({ maxAgeMs: 60_000, warm, log: () => undefined });

      const previewed = candidates.forRequest(live, liveRemotes, { remote_blog: `${candidateServer.url}/mf-manifest.json` });
      await previewed.sync({});
      expect(previewed.loader.release("remote_blog")).toBe("1.0.1-cand000001");
      expect(typeof (await previewed.loader.load("remote_blog", "BlogListPage")).default).toBe("function");
      expect(previewed.assetsOf("remote_blog", "BlogListPage").js.every((url) => url.startsWith(candidateServer.url))).toBe(true);

      // The live instance still serves the live build to everyone else.
      expect(live.loader.release("remote_blog")).toBe("1.0.0-live000001");
      expect(candidates.forRequest(live, liveRemotes, liveRemotes)).toBe(live);
      expect(live.assetsOf("remote_blog", "BlogListPage").js.every((url) => url.startsWith(server.url))).toBe(true);
    } finally {
      await candidateServer.close();
      await rm(candidateDir, { recursive: true, force: true });
    }
  });
});
