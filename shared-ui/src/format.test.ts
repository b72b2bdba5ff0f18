import { describe, expect, it } from "vitest";
import { formatDay, formatDuration, formatMonth, hostOf, monthSpan } from "./format";

describe("format", () => {
  it("formats months and durations", () => {
    expect(formatMonth("2021-03")).toBe("Mar 2021");
    expect(monthSpan("2018-01", "2021-02")).toBe(38);
    expect(monthSpan("2024-01", undefined, new Date(Date.UTC(2024, 5, 15)))).toBe(6);
    expect(formatDuration(38)).toBe("3 yrs 2 mos");
    expect(formatDuration(1)).toBe("1 mo");
  });

  it("shows unparsable values as given and names a link by its host", () => {
    expect(formatMonth("soon")).toBe("soon");
    expect(formatDay("not a date")).toBe("not a date");
    expect(formatDay(Date.UTC(2026, 1, 27))).toBe("February 27, 2026");
    expect(hostOf("https://www.example.com/a")).toBe("example.com");
    expect(hostOf("nonsense")).toBe("nonsense");
  });
});
