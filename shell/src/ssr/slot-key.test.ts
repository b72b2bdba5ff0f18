import { describe, expect, it } from "vitest";
import { parseSlotKey, slotKey } from "./slot-key";

describe("slot keys", () => {
  it("round-trip a remote and its screen", () => {
    expect(parseSlotKey(slotKey("remote_blog", "BlogPostPage"))).toEqual({ remote: "remote_blog", module: "BlogPostPage" });
  });

  it("refuse text that names no known remote or no screen", () => {
    for (const text of ["", "remote_blog", "remote_blog/", "/BlogPostPage", "evil/BlogPostPage", "__proto__/x"]) expect(parseSlotKey(text), text).toBeNull();
  });
});
