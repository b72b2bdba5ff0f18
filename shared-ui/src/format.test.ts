import { describe, expect, it } from "vitest";
import { hostOf } from "./format";

describe("hostOf", () => {
  it("names a link by its host", () => {
    expect(hostOf("https://www.example.com/a")).toBe("example.com");
    expect(hostOf("nonsense")).toBe("nonsense");
  });
});
