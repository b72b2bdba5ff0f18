import { describe, expect, it } from "vitest";
import { ConflictError, ContentError, contentErrorMessage, isConflictError, isContentError, toContentError } from "./errors";

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

describe("recognising errors by their code, not their class", () => {
  it("accepts a ContentError made by another bundle's copy of the class", () => {
    // What a federated remote that bundles its own copy of errors.ts would throw.
    class OtherCopy extends Error {
      readonly kind = "content-error";
      readonly code = "conflict";
      readonly fields = {};
      readonly currentRev = 7;
    }
    const foreign = new OtherCopy("changed elsewhere");
    expect(foreign instanceof ContentError).toBe(false);
    expect(isContentError(foreign)).toBe(true);
    expect(isConflictError(foreign)).toBe(true);
    expect(toContentError(foreign)).toBe(foreign);
  });

  it("does not take other errors with a code for ContentErrors", () => {
    const sdk = Object.assign(new Error("PERMISSION_DENIED: Permission denied"), { code: "PERMISSION_DENIED" });
    expect(isContentError(sdk)).toBe(false);
    expect(isConflictError(new ContentError("conflict"))).toBe(false);
    expect(isConflictError(new ConflictError("site/about", 3))).toBe(true);
  });
});
