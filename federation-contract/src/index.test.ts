import { describe, expect, it } from "vitest";
import { checkCompatibility, describeIncompatibility, manifestVerdict, remoteEntryOf, requirementsOf, type HostContract } from "./index";

const host: HostContract = {
  shared: {
    react: { version: "19.3.1", exports: ["default", "useState", "lazy"] },
    "shared-content": { version: "1.3.0", exports: ["useBlogIndex", "usePageMeta"] },
    zustand: { version: "5.1.0" },
  },
  screens: { remote_blog: ["BlogListPage", "BlogPostPage"] },
};

const manifest = (overrides: { shared?: unknown[]; exposes?: string[]; imports?: Record<string, string[]> } = {}) => ({
  name: "remote_blog",
  shared: overrides.shared ?? [
    { name: "react", requiredVersion: "^19.3.1" },
    { name: "shared-content", requiredVersion: "^1.2.0" },
  ],
  exposes: (overrides.exposes ?? ["BlogListPage", "BlogPostPage"]).map((name) => ({ name })),
  contract: { version: "1.4.0", sharedImports: overrides.imports ?? { react: ["useState"], "shared-content": ["useBlogIndex"] } },
});

const check = (m: unknown) => checkCompatibility(requirementsOf(m)!, host);

describe("checkCompatibility", () => {
  it("finds nothing wrong with a remote the host can run", () => {
    expect(check(manifest())).toEqual([]);
  });

  it("names an imported export the host's copy lacks (a forgotten version bump)", () => {
    const problems = check(manifest({ imports: { "shared-content": ["useBlogIndex", "usePostNeighbours"] } }));
    expect(problems).toEqual([{ kind: "missing-export", shared: "shared-content", names: ["usePostNeighbours"], provided: "1.3.0" }]);
    expect(describeIncompatibility("remote_blog", "1.4.0", problems)).toBe(
      "remote_blog 1.4.0 is incompatible with this site: imports usePostNeighbours from shared-content, which the site's shared-content 1.3.0 does not export",
    );
  });

  it("refuses a range the provided version does not satisfy, newer minor or other major", () => {
    expect(check(manifest({ shared: [{ name: "shared-content", requiredVersion: "^1.4.0" }] }))).toEqual([
      { kind: "unsatisfied-version", shared: "shared-content", requiredVersion: "^1.4.0", provided: "1.3.0" },
    ]);
    expect(check(manifest({ shared: [{ name: "react", requiredVersion: "^20.0.0" }] }))).toHaveLength(1);
  });

  it("names a screen the host loads that the remote no longer exposes", () => {
    expect(check(manifest({ exposes: ["BlogListPage"] }))).toEqual([{ kind: "missing-screen", module: "BlogPostPage" }]);
  });

  it("ignores shared modules the host does not provide or whose exports it does not list, and namespace imports", () => {
    const m = manifest({ shared: [{ name: "marked", requiredVersion: "^99.0.0" }], imports: { zustand: ["create"], "shared-content": ["*"] } });
    expect(check({ ...m, contract: { sharedImports: { zustand: ["create"] } } })).toEqual([]);
  });
});

describe("requirementsOf", () => {
  it("reads a manifest without a contract (built before the contract existed) as importing nothing", () => {
    const { contract: _contract, ...old } = manifest();
    expect(requirementsOf(old)).toMatchObject({ name: "remote_blog", version: null, sharedImports: {} });
  });

  it("refuses what is not a manifest", () => {
    expect(requirementsOf(null)).toBeNull();
    expect(requirementsOf({ shared: [] })).toBeNull();
  });
});

describe("manifestVerdict", () => {
  it("passes a build the host can run, whatever the stance on an unreadable manifest", () => {
    expect(manifestVerdict("remote_blog", manifest(), host, { unreadable: "refuse" })).toBeNull();
    expect(manifestVerdict("remote_blog", manifest(), host, { unreadable: "allow" })).toBeNull();
  });

  it("gives the one line that says why a build cannot run, under the name the site knows it by", () => {
    const verdict = manifestVerdict("remote_blog", manifest({ exposes: ["BlogListPage"] }), host, { unreadable: "allow" });
    expect(verdict).toBe("remote_blog 1.4.0 is incompatible with this site: does not expose BlogPostPage, which the site loads from it");
  });

  it("takes the caller's stance on a manifest that cannot be read", () => {
    for (const unreadable of [undefined, null, "<html>", { shared: [] }]) {
      expect(manifestVerdict("remote_blog", unreadable, host, { unreadable: "allow" })).toBeNull();
      expect(manifestVerdict("remote_blog", unreadable, host, { unreadable: "refuse" })).toBe(
        "remote_blog has no readable mf-manifest.json: nothing shows what it needs from this site",
      );
    }
  });
});

describe("remoteEntryOf", () => {
  const MANIFEST = "https://remote-blog.example.com/releases/1.5.0-bbbb/mf-manifest.json";
  const withMeta = (metaData: unknown) => ({ name: "remote_blog", metaData });

  it("finds remoteEntry.js beside a manifest whose publicPath is auto (a release candidate's folder included)", () => {
    const meta = { publicPath: "auto", remoteEntry: { name: "remoteEntry.js", path: "", type: "module" } };
    expect(remoteEntryOf(withMeta(meta), MANIFEST)).toBe("https://remote-blog.example.com/releases/1.5.0-bbbb/remoteEntry.js");
    expect(remoteEntryOf(withMeta({ ...meta, remoteEntry: { name: "remoteEntry.js", path: "./js/" } }), MANIFEST)).toBe(
      "https://remote-blog.example.com/releases/1.5.0-bbbb/js/remoteEntry.js",
    );
  });

  it("puts it under an explicit publicPath", () => {
    const meta = { publicPath: "https://cdn.example.com/blog/", remoteEntry: { name: "remoteEntry.js", path: "" } };
    expect(remoteEntryOf(withMeta(meta), MANIFEST)).toBe("https://cdn.example.com/blog/remoteEntry.js");
  });

  it("is null for something that names no entry", () => {
    expect(remoteEntryOf({ name: "remote_blog" }, MANIFEST)).toBeNull();
    expect(remoteEntryOf("<html>", MANIFEST)).toBeNull();
    expect(remoteEntryOf(withMeta({ remoteEntry: { name: "" } }), MANIFEST)).toBeNull();
  });
});
