import { describe, expect, it } from "vitest";
import { cohortBucket, inCanary, isVisitorId, newVisitorId } from "./cohort";

describe("a visitor's cohort", () => {
  it("is sticky: the same visitor and canary give the same bucket every time", () => {
    const id = newVisitorId();
    const first = cohortBucket("1.0.1-abcdef0123", id);
    for (let i = 0; i < 20; i++) expect(cohortBucket("1.0.1-abcdef0123", id)).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
  });

  it("splits visitors about evenly: 20 000 visitors, each tenth of the buckets holds 10 % ± 1.5", () => {
    const tenths = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 20_000; i++) {
      const tenth = Math.floor(cohortBucket("1.0.1-abcdef0123", newVisitorId()) / 10);
      tenths[tenth] = (tenths[tenth] ?? 0) + 1;
    }
    for (const n of tenths) expect(Math.abs(n / 20_000 - 0.1)).toBeLessThan(0.015);
  });

  it("gives about `percent` of visitors the candidate, and two canaries split visitors independently", () => {
    const ids = Array.from({ length: 10_000 }, newVisitorId);
    const a = ids.filter((id) => inCanary("1.0.1-aaaaaaaaaa", 30, id));
    expect(Math.abs(a.length / ids.length - 0.3)).toBeLessThan(0.02);
    const both = a.filter((id) => inCanary("1.0.2-bbbbbbbbbb", 50, id));
    expect(Math.abs(both.length / a.length - 0.5)).toBeLessThan(0.04);
  });

  it("takes only a visitor id this site made", () => {
    expect(isVisitorId(newVisitorId())).toBe(true);
    expect(isVisitorId("short")).toBe(false);
    expect(isVisitorId('{"uid":"x"}aaaaaaaaaaaaaaaa')).toBe(false);
  });
});
