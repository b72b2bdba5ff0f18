import { describe, expect, it } from "vitest";
import { ConflictError, contentErrorMessage, toContentError } from "./errors";

describe("errors", () => {
  it("map SDK failures to plain messages", () => {
    expect(toContentError(new Error("PERMISSION_DENIED: Client doesn't have permission to access the desired data.")).code).toBe("permission-denied");
    expect(contentErrorMessage(Object.assign(new Error("x"), { code: "PERMISSION_DENIED" }))).toBe("You do not have permission to do this.");
    expect(toContentError(new Error("Error: unavailable")).code).toBe("unavailable");
    expect(toContentError(new Error("shared-auth: call initFirebase(config) first")).code).toBe("unavailable");
    expect(toContentError("something odd").code).toBe("unknown");
  });

  it("keep a conflict's current revision", () => {
    const e = new ConflictError("quotes/q1", 4);
    expect(toContentError(e)).toBe(e);
    expect(e).toMatchObject({ code: "conflict", currentRev: 4, path: "quotes/q1" });
    expect(new ConflictError("quotes/q1", null).message).toMatch(/deleted/);
  });
});
