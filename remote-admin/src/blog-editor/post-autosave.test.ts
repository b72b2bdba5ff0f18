// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { clearAutosave, readAutosave } from "./post-autosave";

const values = { title: "T", slug: "t", summary: "S", tags: "", coverUrl: "", body: "B" };
afterEach(() => localStorage.clear());

describe("the post editor's local autosave", () => {
  it("reads what was kept per post, and forgets it on clear", () => {
    localStorage.setItem("portfolio:post-autosave:t", JSON.stringify({ values, at: 5, baseRev: 2 }));
    localStorage.setItem("portfolio:post-autosave:new", JSON.stringify({ values: { ...values, slug: "" }, at: 6, baseRev: null }));
    // Kept before posts had a series: read with empty series fields.
    expect(readAutosave("t")).toEqual({ values: { ...values, seriesTitle: "", seriesPart: "" }, at: 5, baseRev: 2 });
    expect(readAutosave(null)?.at).toBe(6);
    clearAutosave("t");
    expect(readAutosave("t")).toBeNull();
    expect(readAutosave(null)).not.toBeNull();
  });

  it("reads anything else under its key as nothing kept", () => {
    for (const raw of ["{", "null", JSON.stringify({ values: { ...values, body: 1 }, at: 1 }), JSON.stringify({ values })]) {
      localStorage.setItem("portfolio:post-autosave:t", raw);
      expect(readAutosave("t"), raw).toBeNull();
    }
  });
});
