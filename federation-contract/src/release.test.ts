import { describe, expect, it } from "vitest";
import { formatReleases, releaseOf } from "./index";

describe("releaseOf", () => {
  const manifest = (contract: Record<string, unknown>) => ({ name: "remote_blog", contract });

  it("reads the release id the release command stamped", () => {
    expect(releaseOf(manifest({ version: "1.4.0", release: "1.4.0-3f2a9c01bd" }))).toBe("1.4.0-3f2a9c01bd");
  });

  it("falls back to the version of a build that was never published by the release command", () => {
    expect(releaseOf(manifest({ version: "1.4.0" }))).toBe("1.4.0");
    expect(releaseOf(manifest({}))).toBeNull();
  });

  it("is null for what is not a remote's manifest", () => {
    expect(releaseOf(null)).toBeNull();
    expect(releaseOf("HTTP 404")).toBeNull();
    expect(releaseOf({ contract: { release: "1.0.0-x" } })).toBeNull();
  });
});

describe("the releases' text", () => {
  it("names each remote's release, sorted by remote", () => {
    expect(formatReleases({ remote_home: "1.0.0-aa", remote_blog: "1.4.0-3f2a" })).toBe("remote_blog=1.4.0-3f2a; remote_home=1.0.0-aa");
  });

  it("is empty for no release", () => {
    expect(formatReleases({})).toBe("");
  });
});
