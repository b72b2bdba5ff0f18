import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseReleaseLog } from "federation-contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changelogSection, describeEntry, readReleaseLog, recordRelease, recordStarts, sharedNeeds } from "./release-log";

let repoRoot: string;
let dataDir: string;
let shellRoot: string;
let buildDir: string;

const CHANGELOG = `# shared-content

## 1.5.0

### Minor Changes

- 3f2a9c0: adds \`usePostNeighbours\`.

## 1.4.0

### Minor Changes

- 9b1c2d3: adds \`useSeries\` and the series' paths.
- 77aa001: \`formatDate\` takes a locale.
`;

beforeEach(async () => {
  [repoRoot, dataDir, shellRoot, buildDir] = (await Promise.all(
    ["repo", "data", "shell", "build"].map((n) => mkdtemp(join(tmpdir(), `release-log-${n}-`))),
  )) as [string, string, string, string];
  await mkdir(join(repoRoot, "shared-content"));
  await writeFile(join(repoRoot, "shared-content", "package.json"), '{"name":"shared-content","version":"1.5.0"}');
  await writeFile(join(repoRoot, "shared-content", "CHANGELOG.md"), CHANGELOG);
  await mkdir(join(repoRoot, "shared-router"));
  await writeFile(join(repoRoot, "shared-router", "package.json"), '{"name":"shared-router","version":"1.0.0"}');
  await mkdir(join(repoRoot, ".changeset"));
  await writeFile(join(repoRoot, ".changeset", "README.md"), "# Changesets\n");
  await writeFile(
    join(repoRoot, ".changeset", "blue-cats.md"),
    '---\n"shared-router": minor\n"remote-blog": patch\n---\n\nshared-router: adds\n`useRoutes`.\n',
  );
  await writeFile(
    join(buildDir, "mf-manifest.json"),
    JSON.stringify({
      name: "remote_blog",
      shared: [
        { name: "react", requiredVersion: "^19.3.1" },
        { name: "shared-content", requiredVersion: "^1.4.0" },
        { name: "shared-router", requiredVersion: "^1.0.0" },
      ],
    }),
  );
});
afterEach(async () => {
  for (const dir of [repoRoot, dataDir, shellRoot, buildDir]) await rm(dir, { recursive: true, force: true });
});

describe("the release record", () => {
  it("reads the changelog section of one version", () => {
    expect(changelogSection(CHANGELOG, "1.4.0")).toEqual([
      "Minor Changes",
      "9b1c2d3: adds `useSeries` and the series' paths.",
      "77aa001: `formatDate` takes a locale.",
    ]);
    expect(changelogSection(CHANGELOG, "2.0.0")).toEqual([]);
  });

  it("names the shared workspace packages a build needs, with the notes of the version it needs and the pending changesets", async () => {
    expect(await sharedNeeds(repoRoot, buildDir)).toEqual([
      {
        package: "shared-content",
        range: "^1.4.0",
        notes: ["Minor Changes", "9b1c2d3: adds `useSeries` and the series' paths.", "77aa001: `formatDate` takes a locale."],
      },
      { package: "shared-router", range: "^1.0.0", notes: ["(pending, .changeset/blue-cats.md) shared-router: adds `useRoutes`."] },
    ]);
  });

  it("records who, when, the commit and the needs, keeps the record, and publishes it for the admin screen", async () => {
    process.env.RELEASE_BY = "Ada Releaser";
    try {
      await recordRelease({ dataDir, repoRoot, shellRoot, kind: "release", remote: "remote_blog", release: "1.0.0-bbbb", from: "1.0.0-aaaa", buildDir });
      await recordRelease({ dataDir, repoRoot, shellRoot, kind: "rollback", remote: "remote_blog", release: "1.0.0-aaaa", from: "1.0.0-bbbb", buildDir });
    } finally {
      delete process.env.RELEASE_BY;
    }
    const log = await readReleaseLog(dataDir);
    expect(log.map((e) => [e.kind, e.release, e.from, e.by])).toEqual([
      ["release", "1.0.0-bbbb", "1.0.0-aaaa", "Ada Releaser"],
      ["rollback", "1.0.0-aaaa", "1.0.0-bbbb", "Ada Releaser"],
    ]);
    expect(Date.parse(log[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(log[0]!.commit).toBe("unknown"); // not a git checkout
    expect(log[0]!.needs.map((n) => n.package)).toEqual(["shared-content", "shared-router"]);
    // What the admin screen reads is the same record, and federation-contract reads every entry of it.
    const published = JSON.parse(await readFile(join(shellRoot, "release-log.json"), "utf8"));
    expect(parseReleaseLog(published)).toEqual(log);
    expect(describeEntry(log[1]!)).toMatch(
      /Ada Releaser rolled back to 1\.0\.0-aaaa \(was 1\.0\.0-bbbb\), commit unknown\n {4}needs shared-content \^1\.4\.0:\n {6}- Minor Changes/,
    );
  });

  it("records a start once per remote whose live release changed, and publishes the record even when none did", async () => {
    process.env.RELEASE_BY = "Ada Releaser";
    try {
      await recordStarts({
        dataDir,
        repoRoot,
        shellRoot,
        started: [
          { name: "remote_blog", release: "1.0.0-bbbb", from: "1.0.0-aaaa", root: buildDir },
          { name: "remote_home", release: "1.0.0-cccc", from: "1.0.0-cccc", root: buildDir },
          // The first start of a remote: nothing was live before.
          { name: "remote_admin", release: "1.0.0-dddd", from: null, root: buildDir },
        ],
      });
      await rm(join(shellRoot, "release-log.json"));
      // A start that changed nothing appends nothing, but stages the record on the fresh site again.
      await recordStarts({ dataDir, repoRoot, shellRoot, started: [{ name: "remote_blog", release: "1.0.0-bbbb", from: "1.0.0-bbbb", root: buildDir }] });
    } finally {
      delete process.env.RELEASE_BY;
    }
    const log = await readReleaseLog(dataDir);
    expect(log.map((e) => [e.kind, e.remote, e.release, e.from, e.by])).toEqual([
      ["start", "remote_blog", "1.0.0-bbbb", "1.0.0-aaaa", "Ada Releaser"],
      ["start", "remote_admin", "1.0.0-dddd", null, "Ada Releaser"],
    ]);
    expect(log[0]!.needs.map((n) => n.package)).toEqual(["shared-content", "shared-router"]);
    expect(parseReleaseLog(JSON.parse(await readFile(join(shellRoot, "release-log.json"), "utf8")))).toEqual(log);
  });
});
