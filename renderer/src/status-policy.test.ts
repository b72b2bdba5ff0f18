import { describe, expect, it } from "vitest";
import { whyIncomplete } from "./status-policy";

const whole = { failedSlots: [], errors: [] };

describe("the status policy of a rendered page", () => {
  it("a page is whole when every read answered, every remote loaded and nothing threw", () => {
    expect(whyIncomplete(whole, [])).toBeNull();
    // A read refused as not found or denied is content the page shows (a 404, "not published").
    expect(whyIncomplete(whole, ["not-found", "permission-denied"])).toBeNull();
  });

  it("is not whole, so a 503, when a read could not be made in time, a remote failed, or a part threw", () => {
    expect(whyIncomplete(whole, ["unavailable"])).toMatch(/database/);
    expect(whyIncomplete({ ...whole, failedSlots: ["remote_blog/BlogPostPage"] }, [])).toMatch(/remote_blog\/BlogPostPage/);
    expect(whyIncomplete({ ...whole, errors: [new Error("broken screen")] }, [])).toMatch(/broken screen/);
  });
});
