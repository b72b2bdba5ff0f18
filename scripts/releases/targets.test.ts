// The Firebase adapter, on the exact firebase-tools calls it makes (the local one is exercised by
// the e2e suite on the local stack).
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { channelOf, channelUrl, firebaseTarget, type FirebaseRunner } from "./targets";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function recording(stdout: string, status = 0) {
  const calls: string[][] = [];
  const run: FirebaseRunner = (args) => (calls.push(args), { status, stdout, stderr: status ? "Error: HTTP 403, permission denied" : "" });
  return { calls, run };
}

describe("the Firebase target", () => {
  const options = { project: "my-portfolio", remoteDir: "remote-blog", siteId: "my-portfolio-blog", siteUrl: "https://example.com", repoRoot };

  it("deploys a release as a 30-day channel of the remote's site from the candidate's folder, with the site's headers", async () => {
    const { calls, run } = recording(
      JSON.stringify({ status: "success", result: { "my-portfolio-blog": { url: "https://my-portfolio-blog--r-1-2-0-abc.web.app" } } }),
    );
    const target = firebaseTarget({ ...options, run });
    const published = await target.publish("/tmp/candidate", "1.2.0-abc");
    expect(published).toEqual({ entry: "https://my-portfolio-blog--r-1-2-0-abc.web.app/mf-manifest.json", path: "r-1-2-0-abc" });
    expect(calls).toHaveLength(1);
    const [args] = calls;
    const config = args![args!.indexOf("--config") + 1]!;
    expect(args).toEqual([
      "hosting:channel:deploy",
      "r-1-2-0-abc",
      "--config",
      config,
      "--project",
      "my-portfolio",
      "--only",
      "my-portfolio-blog",
      "--expires",
      "30d",
      "--json",
    ]);
    const hosting = JSON.parse(await readFile(config, "utf8")).hosting;
    expect(hosting).toMatchObject({ site: "my-portfolio-blog", public: "/tmp/candidate" });
    expect(JSON.stringify(hosting.headers)).toContain("Access-Control-Allow-Origin");
  });

  it("runs nothing with --dry-run, and prints the command it would run", async () => {
    const { calls, run } = recording("");
    const lines: string[] = [];
    const target = firebaseTarget({ ...options, run, dryRun: true, log: (line) => lines.push(line) });
    await target.publish("/tmp/candidate", "1.2.0-abc");
    expect(calls).toEqual([]);
    expect(lines.join("\n")).toMatch(
      /would run: firebase hosting:channel:deploy r-1-2-0-abc .*--project my-portfolio --only my-portfolio-blog --expires 30d --json/,
    );
  });

  it("says why when the deploy fails", async () => {
    const { run } = recording("", 1);
    await expect(firebaseTarget({ ...options, run }).publish("/tmp/c", "1.2.0-abc")).rejects.toThrow(
      /hosting:channel:deploy r-1-2-0-abc failed: Error: HTTP 403/,
    );
  });

  it("names channels within Hosting's rules and reads the URL firebase-tools printed", () => {
    expect(channelOf("1.2.0-beta.1-3F2a")).toBe("r-1-2-0-beta-1-3f2a");
    expect(channelUrl('i  deploying…\n{"status":"success","result":{"s":{"url":"https://s--c.web.app"}}}', "s")).toBe("https://s--c.web.app");
    expect(channelUrl('{"status":"error","error":"x"}', "s")).toBeNull();
  });
});
