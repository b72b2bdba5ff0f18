import { afterEach, describe, expect, it, vi } from "vitest";
import { formatClock, formatDay, formatDuration, formatMoment, formatMonth, formatShortDay, monthSpan } from "./dates";

describe("dates", () => {
  it("formats months and durations", () => {
    expect(formatMonth("2021-03")).toBe("Mar 2021");
    expect(monthSpan("2018-01", "2021-02")).toBe(38);
    expect(monthSpan("2024-01", undefined, new Date(Date.UTC(2024, 5, 15)))).toBe(6);
    expect(formatDuration(38)).toBe("3 yrs 2 mos");
    expect(formatDuration(1)).toBe("1 mo");
  });

  it("writes days in British English, in full or short", () => {
    expect(formatDay(Date.UTC(2026, 1, 27))).toBe("27 February 2026");
    expect(formatDay("2026-02-27")).toBe("27 February 2026");
    expect(formatShortDay(Date.UTC(2026, 1, 27))).toBe("27 Feb 2026");
  });

  it("writes every month as Intl writes British English, without asking Intl (its first use is slow in a browser)", () => {
    const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
    for (let m = 0; m < 12; m += 1) {
      const at = Date.UTC(2025, m, 9 + m);
      expect(formatDay(at)).toBe(day.format(at));
      expect(formatShortDay(at)).toBe(shortDay.format(at));
      expect(formatMonth(`2025-${String(m + 1).padStart(2, "0")}`)).toBe(month.format(Date.UTC(2025, m, 1)));
    }
    expect(formatMonth("2025-13")).toBe("2025-13");
  });

  afterEach(() => vi.unstubAllEnvs());

  it("shows a day in UTC, so the server and every browser write the same text", async () => {
    // A reader far east of Greenwich, where 23:30 UTC is already the next day.
    vi.stubEnv("TZ", "Pacific/Kiritimati");
    vi.resetModules();
    const { formatDay, formatShortDay, formatMonth } = await import("./dates");
    const lateEvening = Date.UTC(2026, 1, 27, 23, 30);
    expect(formatDay(lateEvening)).toBe("27 February 2026");
    expect(formatShortDay(lateEvening)).toBe("27 Feb 2026");
    expect(formatMonth("2026-12")).toBe("Dec 2026");
  });

  it("shows a time of day to the minute", () => {
    const at = new Date(2026, 10, 25, 14, 5); // local time: the reader's own zone
    expect(formatClock(at.getTime())).toBe("14:05");
    expect(formatMoment(at.getTime())).toBe("25 Nov 2026, 14:05");
  });

  it("shows unparsable values as given, and nothing for nothing", () => {
    expect(formatMonth("soon")).toBe("soon");
    expect(formatDay("not a date")).toBe("not a date");
    expect(formatDay(undefined)).toBe("");
    expect(formatShortDay(undefined)).toBe("—");
    expect(formatMoment("not a date")).toBe("—");
  });
});
