import { describe, expect, it } from "vitest";
import { fromLocalInput, publishAtProblem, suggestedPublishAt, toLocalInput } from "./schedule-time";

describe("the Publish at field", () => {
  it("reads and writes the owner's local time, stored as UTC milliseconds", () => {
    const at = new Date(2026, 11, 1, 9, 30).getTime();
    expect(toLocalInput(at)).toBe("2026-12-01T09:30");
    expect(fromLocalInput("2026-12-01T09:30")).toBe(at);
    expect(fromLocalInput("2026-12-01T09:30:15")).toBe(at + 15_000);
    expect(toLocalInput(at + 15_000)).toBe("2026-12-01T09:30:15");
    expect(toLocalInput(null)).toBe("");
  });

  it("refuses what names no moment, or a past one, in plain words", () => {
    const now = new Date(2026, 10, 26, 12, 0).getTime();
    expect(publishAtProblem("", now)).toMatch(/Choose the day and time/);
    expect(publishAtProblem("2026-02-31T10:00", now)).toMatch(/Enter a day and time/);
    expect(publishAtProblem("tomorrow", now)).toMatch(/Enter a day and time/);
    expect(publishAtProblem("2026-11-26T11:59", now)).toMatch(/in the future/);
    expect(publishAtProblem("2026-11-26T12:01", now)).toBeNull();
  });

  it("suggests the next whole hour at least half an hour ahead", () => {
    expect(toLocalInput(suggestedPublishAt(new Date(2026, 10, 26, 12, 10).getTime()))).toBe("2026-11-26T13:00");
    expect(toLocalInput(suggestedPublishAt(new Date(2026, 10, 26, 12, 40).getTime()))).toBe("2026-11-26T14:00");
  });
});
