import { describe, expect, it } from "vitest";
import { CANARY_THRESHOLD, canaryAbortReason, errorRate, releaseKey, releaseOfKey } from "./health.js";

describe("the automatic abort of a canary", () => {
  const live = { views: 100, failed: 5 }; // 5 %

  it("waits for the minimum number of views, however bad the canary looks", () => {
    expect(canaryAbortReason({ views: CANARY_THRESHOLD.minViews - 1, failed: CANARY_THRESHOLD.minViews - 1 }, live)).toBeNull();
  });

  it("aborts at 20 points above the live release's error rate, not below", () => {
    expect(canaryAbortReason({ views: 20, failed: 4 }, live)).toBeNull(); // 20 %: 15 points above
    expect(canaryAbortReason({ views: 100, failed: 24 }, live)).toBeNull(); // 19 points
    expect(canaryAbortReason({ views: 100, failed: 25 }, live)).toMatch(/25 % of 100 views, is 20 points above the live release's 5 %/);
    expect(canaryAbortReason({ views: 10, failed: 10 }, live)).toMatch(/100 % of 10 views, is 95 points/);
  });

  it("compares with 0 % when the live release has no views yet, and takes another threshold", () => {
    expect(canaryAbortReason({ views: 10, failed: 2 }, null)).toMatch(/20 points/);
    expect(canaryAbortReason({ views: 10, failed: 2 }, null, { minViews: 50, points: 20 })).toBeNull();
    expect(canaryAbortReason({ views: 50, failed: 3 }, { views: 10, failed: 0 }, { minViews: 50, points: 5 })).toMatch(/6 % of 50 views/);
  });

  it("never counts more failures than views", () => {
    expect(errorRate({ views: 2, failed: 9 })).toBe(1);
    expect(errorRate({ views: 0, failed: 0 })).toBe(0);
  });

  it("keeps release ids apart as database keys", () => {
    expect(releaseKey("1.0.1-3f2a")).toBe("1,0,1-3f2a");
    expect(releaseOfKey(releaseKey("1.2.0-beta.1-0a1b"))).toBe("1.2.0-beta.1-0a1b");
  });
});
