// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { VISITOR_KEY, readVisitorIdentity, saveVisitorIdentity } from "./visitor-identity";

const identity = { uid: "u1", idToken: "t", refreshToken: "r", expiresAt: 1, lastSubmittedAt: 2 };
afterEach(() => localStorage.clear());

describe("the visitor's kept identity", () => {
  it("is kept under the site's key scheme", () => {
    saveVisitorIdentity(identity);
    expect(VISITOR_KEY).toBe("portfolio:visitor");
    expect(readVisitorIdentity()).toEqual(identity);
  });

  it("is taken over from where earlier versions kept it, so a returning visitor stays the same visitor", () => {
    localStorage.setItem("portfolio.visitor", JSON.stringify(identity));
    expect(readVisitorIdentity()).toEqual(identity);
    expect(localStorage.getItem("portfolio.visitor")).toBeNull();
    expect(JSON.parse(localStorage.getItem(VISITOR_KEY) ?? "null")).toEqual(identity);
  });

  it("ignores a kept value that is not an identity", () => {
    localStorage.setItem(VISITOR_KEY, JSON.stringify({ uid: 1 }));
    expect(readVisitorIdentity()).toBeNull();
  });
});
