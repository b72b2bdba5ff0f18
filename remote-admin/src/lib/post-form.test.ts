import { describe, expect, it } from "vitest";
import { splitList } from "./form-values";
import { tagProblem } from "./post-form";

describe("a post's tags: no near-duplicates", () => {
  it("offers the spelling other posts already use", () => {
    expect(tagProblem(["react", "testing"], ["Testing", "react"])).toBe("The tag “Testing” already exists: write “Testing”, so its posts stay under one tag.");
  });
  it("accepts new tags and exact spellings", () => {
    expect(tagProblem(["Testing", "go"], ["Testing", "react"])).toBeUndefined();
    expect(tagProblem([], ["Testing"])).toBeUndefined();
  });
  it("twins within one list are merged before any check, the first spelling kept", () => {
    expect(splitList("Testing, testing ,TESTING, go")).toEqual(["Testing", "go"]);
  });
});
