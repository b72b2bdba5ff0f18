import { describe, expect, it } from "vitest";
import { createTestMailLimiter, waitInWords } from "./admin-mail";

describe("the test email's limit", () => {
  const limits = { gapMs: 5_000, count: 3, windowMs: 60_000 };

  it("keeps a gap between two sends, per admin", () => {
    const limiter = createTestMailLimiter(limits);
    expect(limiter.take("ada", 0)).toEqual({ ok: true });
    expect(limiter.take("ada", 1_000)).toEqual({ ok: false, retryAfterMs: 4_000 });
    expect(limiter.take("grace", 1_000)).toEqual({ ok: true });
    expect(limiter.take("ada", 5_000)).toEqual({ ok: true });
  });

  it("allows `count` a window, then waits for the oldest to leave it; a refusal is not counted", () => {
    const limiter = createTestMailLimiter(limits);
    for (const at of [0, 10_000, 20_000]) expect(limiter.take("ada", at).ok).toBe(true);
    expect(limiter.take("ada", 30_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(limiter.take("ada", 59_999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(limiter.take("ada", 60_000)).toEqual({ ok: true });
  });
});

describe("waits in words", () => {
  it("rounds up to seconds, then to minutes", () => {
    expect([1, 1_000, 1_001, 59_000, 60_000, 61_000, 3_600_000].map(waitInWords)).toEqual([
      "1 second",
      "1 second",
      "2 seconds",
      "59 seconds",
      "1 minute",
      "2 minutes",
      "60 minutes",
    ]);
  });
});
