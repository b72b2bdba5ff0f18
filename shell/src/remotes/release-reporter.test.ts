import { describe, expect, it } from "vitest";
import { createReleaseReporter, remoteInStack } from "./release-reporter";

const sent: unknown[] = [];
const reporter = (watched: string[]) => {
  sent.length = 0;
  return createReleaseReporter({ watched, serverReleases: { remote_blog: "1.0.1-bbbbbbbbbb" }, send: (body) => sent.push(JSON.parse(body)) });
};

describe("a page's release report", () => {
  it("names each watched remote's release once, as a view, with whether it failed", () => {
    const r = reporter(["remote_blog"]);
    r.ran({ remote_blog: "1.0.1-bbbbbbbbbb", remote_home: "1.0.0-aaaaaaaaaa" });
    r.flush();
    r.flush();
    expect(sent).toEqual([{ v: 1, runs: [{ remote: "remote_blog", release: "1.0.1-bbbbbbbbbb", view: true, failed: false }] }]);
  });

  it("reports a failure that comes after the view apart, without a second view", () => {
    const r = reporter(["remote_blog"]);
    r.ran({ remote_blog: "1.0.1-bbbbbbbbbb" });
    r.flush();
    r.failed("remote_blog");
    r.failed("remote_blog");
    r.flush();
    r.flush();
    expect(sent).toEqual([
      { v: 1, runs: [{ remote: "remote_blog", release: "1.0.1-bbbbbbbbbb", view: true, failed: false }] },
      { v: 1, runs: [{ remote: "remote_blog", release: "1.0.1-bbbbbbbbbb", view: false, failed: true }] },
    ]);
  });

  it("counts a remote that never loaded here as the release the server rendered, and sends nothing for unwatched remotes", () => {
    const r = reporter(["remote_blog"]);
    r.failed("remote_blog");
    r.failed("remote_home");
    r.flush();
    expect(sent).toEqual([{ v: 1, runs: [{ remote: "remote_blog", release: "1.0.1-bbbbbbbbbb", view: true, failed: true }] }]);
    const none = reporter([]);
    none.ran({ remote_blog: "1.0.1-bbbbbbbbbb" });
    none.failed("remote_blog");
    none.flush();
    expect(sent).toEqual([]);
  });

  it("traces an unhandled rejection to the remote whose code is in its stack, the most specific URL first", () => {
    const entries = { remote_blog: "http://127.0.0.1:4180/releases/1.0.1-b/mf-manifest.json", remote_home: "http://127.0.0.1:4181/mf-manifest.json" };
    const watched = ["remote_blog", "remote_home"];
    expect(remoteInStack("Error: x\n    at load (http://127.0.0.1:4180/releases/1.0.1-b/assets/list-1a2b.js:3:9)", entries, watched)).toBe("remote_blog");
    expect(remoteInStack("Error: x\n    at f (http://127.0.0.1:4181/assets/home.js:1:1)", entries, watched)).toBe("remote_home");
    expect(remoteInStack("Error: x\n    at f (http://127.0.0.1:4173/assets/index.js:1:1)", entries, watched)).toBeNull();
  });
});
