import { describe, expect, it } from "vitest";
import { versionAdvice } from "./advice";

describe("a refused release's advice", () => {
  it("releases again to the same target: the local stack, or the Firebase project named", () => {
    expect(versionAdvice("remote-blog")).toContain("\n  npm run release -- remote-blog\n");
    expect(versionAdvice("remote-blog", "--project my-portfolio")).toContain("\n  npm run release -- remote-blog --project my-portfolio\n");
    expect(versionAdvice("remote-blog", "--project my-portfolio")).toContain("  npm run version-remote -- remote-blog patch\n");
  });
});
