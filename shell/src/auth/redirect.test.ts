import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "shared-content";
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    "/admin-panel/configure-skills?tab=2",
    "/",
    "/blogs/hello-world#comments",
    "/admin-panel/write-blog?draft=a%2Fb",
    "/favorite-quotes/q1?x=https://example.com",
  ])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ["empty", ""],
    ["missing", null],
    ["undefined", undefined],
    ["absolute URL", "https://evil.example"],
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/admin-panel"],
    ["backslash", "/\\evil.example"],
    ["backslash later", "/admin-panel\\..\\x"],
    ["scheme", "javascript:alert(1)"],
    ["scheme after slash", "/javascript:alert(1)"],
    ["relative path", "admin-panel"],
    ["control character", "/admin\n-panel"],
    ["tab", "/\t/evil.example"],
    ["login loop", "/login?redirect=/admin-panel"],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("defaults to the admin panel", () => {
    expect(DEFAULT_AFTER_SIGN_IN).toBe("/admin-panel");
  });
});

describe("the login URL (SITE_PATHS.login)", () => {
  it("encodes the full path with its query", () => {
    expect(SITE_PATHS.login.getHref("/admin-panel/configure-skills?tab=2")).toBe("/login?redirect=%2Fadmin-panel%2Fconfigure-skills%3Ftab%3D2");
  });
});
