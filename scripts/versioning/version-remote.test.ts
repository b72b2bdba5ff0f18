// version-remote against a small npm workspace in a temporary folder, with the real `npm version`:
// only the remote's version moves (package.json and the lock), its CHANGELOG.md gets the section,
// and only the changesets naming that remote alone are consumed.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VersioningError, bumpFor, parseRequest, splitChangesets, versionRemote } from "./version-remote";

// Each case runs npm once (a few seconds on a busy machine).
const NPM_TIMEOUT = 60_000;
let root: string;
const read = (path: string) => readFile(join(root, path), "utf8");
const json = async (path: string) => JSON.parse(await read(path));
const write = async (path: string, text: string) => {
  await mkdir(join(root, path, ".."), { recursive: true });
  await writeFile(join(root, path), text);
};
const changeset = (releases: Record<string, string>, summary: string) =>
  `---\n${Object.entries(releases)
    .map(([name, type]) => `"${name}": ${type}`)
    .join("\n")}\n---\n\n${summary}\n`;
const packageJson = (name: string, version: string) => `${JSON.stringify({ name, version, private: true }, null, 2)}\n`;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "version-remote-"));
  await write("package.json", JSON.stringify({ name: "fixture", private: true, workspaces: ["remote-blog", "shared-content"] }, null, 2));
  await write("remote-blog/package.json", packageJson("remote-blog", "1.1.0"));
  await write("shared-content/package.json", packageJson("shared-content", "2.0.0"));
  const lock = {
    name: "fixture",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "fixture", workspaces: ["remote-blog", "shared-content"] },
      "node_modules/remote-blog": { resolved: "remote-blog", link: true },
      "node_modules/shared-content": { resolved: "shared-content", link: true },
      "remote-blog": { version: "1.1.0" },
      "shared-content": { version: "2.0.0" },
    },
  };
  await write("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
  await write(".changeset/README.md", "# Changesets\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("npm run version-remote", () => {
  it("reads the remote by folder or federation name, patch or minor, with an optional note; anything else gets the usage", () => {
    expect(parseRequest(["remote-blog", "patch"])).toEqual({ dir: "remote-blog", bump: "patch", note: null });
    expect(parseRequest(["remote_home", "minor", "--note", " Tags on cards "])).toEqual({ dir: "remote-home", bump: "minor", note: "Tags on cards" });
    for (const args of [
      ["remote-blog", "major"],
      ["shared-content", "patch"],
      ["remote-blog"],
      ["remote-blog", "patch", "extra"],
      ["remote-blog", "patch", "--force"],
    ])
      expect(() => parseRequest(args), args.join(" ")).toThrow(VersioningError);
  });

  it("consumes only the changesets naming the remote alone, and takes the largest bump they ask for", () => {
    const alone = { file: "a.md", summary: "a", releases: [{ name: "remote-blog", type: "minor" }] };
    const shared = {
      file: "b.md",
      summary: "b",
      releases: [
        { name: "remote-blog", type: "patch" },
        { name: "shared-content", type: "minor" },
      ],
    };
    const other = { file: "c.md", summary: "c", releases: [{ name: "remote-home", type: "major" }] };
    const empty = { file: "d.md", summary: "d", releases: [] };
    expect(splitChangesets([alone, shared, other, empty], "remote-blog")).toEqual({ consumed: [alone], kept: [shared, other, empty] });
    expect(bumpFor("patch", [alone])).toBe("minor");
    expect(bumpFor("minor", [{ ...alone, releases: [{ name: "remote-blog", type: "patch" }] }])).toBe("minor");
    expect(bumpFor("patch", [])).toBe("patch");
  });

  it(
    "moves only the remote's version, writes its CHANGELOG.md section and leaves changesets naming shared packages pending",
    async () => {
      await write("remote-blog/CHANGELOG.md", "# remote-blog\n\n## 1.1.0\n\n### Minor Changes\n\n- 3a6b078: The films page.\n");
      await write(".changeset/blog-only.md", changeset({ "remote-blog": "patch" }, "remote-blog: the list's tags wrap.\nOn phones too."));
      const withShared = changeset({ "shared-content": "minor", "remote-blog": "patch" }, "shared-content: adds `useTags`; remote-blog uses it.");
      await write(".changeset/with-shared.md", withShared);
      const homeOnly = changeset({ "remote-home": "patch" }, "remote-home: a fix.");
      await write(".changeset/home-only.md", homeOnly);

      const result = await versionRemote(root, { dir: "remote-blog", bump: "patch", note: "Filter the posts by tag" });

      expect(result).toMatchObject({
        pkg: "remote-blog",
        from: "1.1.0",
        version: "1.1.1",
        bump: "patch",
        consumed: ["blog-only.md"],
        keptNamingIt: ["with-shared.md"],
      });
      expect((await json("remote-blog/package.json")).version).toBe("1.1.1");
      const lock = await json("package-lock.json");
      expect(lock.packages["remote-blog"].version).toBe("1.1.1");
      expect(lock.packages["shared-content"].version).toBe("2.0.0");
      expect(await read("shared-content/package.json")).toBe(packageJson("shared-content", "2.0.0"));
      expect(await read("remote-blog/CHANGELOG.md")).toBe(
        "# remote-blog\n\n## 1.1.1\n\n### Patch Changes\n\n- Filter the posts by tag\n- remote-blog: the list's tags wrap.\n  On phones too.\n\n" +
          "## 1.1.0\n\n### Minor Changes\n\n- 3a6b078: The films page.\n",
      );
      expect(existsSync(join(root, ".changeset", "blog-only.md"))).toBe(false);
      expect(await read(".changeset/with-shared.md")).toBe(withShared);
      expect(await read(".changeset/home-only.md")).toBe(homeOnly);
      expect(await read(".changeset/README.md")).toBe("# Changesets\n");
    },
    NPM_TIMEOUT,
  );

  it(
    "without a note or a changeset, still writes a section, creating the CHANGELOG.md",
    async () => {
      const result = await versionRemote(root, { dir: "remote-blog", bump: "minor", note: null });
      expect(result.version).toBe("1.2.0");
      expect(await read("remote-blog/CHANGELOG.md")).toBe("# remote-blog\n\n## 1.2.0\n\n### Minor Changes\n\n- A new build; no note was given.\n");
    },
    NPM_TIMEOUT,
  );

  it(
    "changes nothing when npm cannot move the version",
    async () => {
      await write("remote-blog/package.json", packageJson("remote-blog", "not-a-version"));
      const only = changeset({ "remote-blog": "patch" }, "remote-blog: a fix.");
      await write(".changeset/blog-only.md", only);
      await expect(versionRemote(root, { dir: "remote-blog", bump: "patch", note: "A fix" })).rejects.toThrow(VersioningError);
      expect(existsSync(join(root, "remote-blog", "CHANGELOG.md"))).toBe(false);
      expect(await read(".changeset/blog-only.md")).toBe(only);
    },
    NPM_TIMEOUT,
  );
});
