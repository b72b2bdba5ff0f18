import { Readable } from "node:stream";
import type { IncomingMessage } from "node:http";
import { REPORT_LIMITS } from "release-protocol";
import { describe, expect, it } from "vitest";
import { clientOf, createRateLimiter, parseReport, readBody } from "./reports";

const run = { remote: "remote_blog", release: "1.0.1-3f2a9c0d1e", view: true, failed: false };
const request = (body: string, headers: Record<string, string> = {}) =>
  Object.assign(Readable.from([Buffer.from(body)]), { headers, socket: { remoteAddress: "10.0.0.9" } }) as unknown as IncomingMessage;

describe("the release report endpoint's validation", () => {
  it("accepts a report of one to eight runs", () => {
    expect(parseReport(JSON.stringify({ v: 1, runs: [run] }))).toEqual({ report: { v: 1, runs: [run] } });
    expect("report" in parseReport(JSON.stringify({ v: 1, runs: Array.from({ length: REPORT_LIMITS.runs }, () => run) }))).toBe(true);
  });

  it("refuses what is not a report, naming the first problem", () => {
    expect(parseReport("not json")).toEqual({ refused: "A release report is JSON." });
    expect(parseReport(JSON.stringify({ v: 2, runs: [run] }))).toEqual({ refused: expect.stringMatching(/^Not a release report: v: /) as unknown });
    expect(parseReport(JSON.stringify({ v: 1, runs: [] }))).toEqual({ refused: "Not a release report: runs: a report names at least one run." });
    expect(parseReport(JSON.stringify({ v: 1, runs: Array.from({ length: REPORT_LIMITS.runs + 1 }, () => run) }))).toEqual({
      refused: "Not a release report: runs: a report names at most 8 runs.",
    });
    expect(parseReport(JSON.stringify({ v: 1, runs: [{ ...run, remote: "../admins" }] }))).toEqual({
      refused: "Not a release report: runs.0.remote: a remote is named like remote_blog.",
    });
    expect(parseReport(JSON.stringify({ v: 1, runs: [{ ...run, release: "1.0.1/x" }] }))).toEqual({
      refused: "Not a release report: runs.0.release: a release is an id like 1.0.1-3f2a9c0d1e.",
    });
    // Nothing beyond the fields a report has (no cookies, no identities).
    expect("refused" in parseReport(JSON.stringify({ v: 1, runs: [{ ...run, user: "ada" }] }))).toBe(true);
    expect("refused" in parseReport(JSON.stringify({ v: 1, runs: [run], url: "/x" }))).toBe(true);
  });
});

describe("the release report endpoint's limits", () => {
  it("reads a body up to the limit and refuses a longer one, by its header or by what arrives", async () => {
    expect(await readBody(request("x".repeat(REPORT_LIMITS.bytes)), REPORT_LIMITS.bytes)).toHaveLength(REPORT_LIMITS.bytes);
    expect(await readBody(request("x".repeat(REPORT_LIMITS.bytes + 1)), REPORT_LIMITS.bytes)).toBe("too large");
    expect(await readBody(request("{}", { "content-length": "999999" }), REPORT_LIMITS.bytes)).toBe("too large");
    const parsedByFunctions = Object.assign(request(""), { rawBody: Buffer.from("y".repeat(REPORT_LIMITS.bytes + 1)) });
    expect(await readBody(parsedByFunctions, REPORT_LIMITS.bytes)).toBe("too large");
  });

  it("lets a client send its rate per window, then refuses it (not others) until the window ends", () => {
    let now = 0;
    const limiter = createRateLimiter({ perClient: 3, perInstance: 5, windowMs: 60_000 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.allow("a"))).toEqual([true, true, true, false]);
    expect(limiter.retryAfterSeconds()).toBe(60);
    expect(limiter.allow("b")).toBe(true);
    expect(limiter.allow("c")).toBe(true);
    expect(limiter.allow("d")).toBe(false); // the instance's rate: 5
    now = 60_000;
    expect(limiter.allow("a")).toBe(true);
  });

  it("tells clients apart by Hosting's X-Forwarded-For, else by their address", () => {
    expect(clientOf(request("", { "x-forwarded-for": "203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientOf(request(""))).toBe("10.0.0.9");
  });
});
