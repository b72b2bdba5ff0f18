import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, SITE_PATHS, postUrl, redirectFor } from "./site-urls";

describe("site URLs", () => {
  it("encode what they put in a path or a query", () => {
    expect(postUrl("hello-world")).toBe("/blogs/hello-world");
    expect(postUrl("a/b?c")).toBe("/blogs/a%2Fb%3Fc");
    expect(SITE_PATHS.quotes.getHref()).toBe("/favorite-quotes");
    expect(SITE_PATHS.quotes.getHref("q 1")).toBe("/favorite-quotes/q%201");
    expect(SITE_PATHS.blogList.getHref()).toBe("/blogs/list");
    expect(SITE_PATHS.blogList.getHref({ tag: "c++ & rust" })).toBe("/blogs/list?tag=c%2B%2B%20%26%20rust");
    expect(SITE_PATHS.adminSection.getHref("write-blog")).toBe("/admin-panel/write-blog");
    expect(SITE_PATHS.login.getHref()).toBe("/login");
    expect(SITE_PATHS.login.getHref("/admin-panel/configure-skills?tab=2#x")).toBe("/login?redirect=%2Fadmin-panel%2Fconfigure-skills%3Ftab%3D2%23x");
  });
  it("redirect /blogs, with or without its slash, and nothing else", () => {
    expect(redirectFor("/blogs")).toBe("/blogs/list");
    expect(redirectFor("/blogs/")).toBe("/blogs/list");
    expect(redirectFor("/blogs/list")).toBeUndefined();
    expect(redirectFor("/")).toBeUndefined();
    // The specification's addresses of the quotes and films pages, under /blogs.
    expect(redirectFor("/blogs/favorite-quotes")).toBe("/favorite-quotes");
    expect(redirectFor("/blogs/favorite-quotes/")).toBe("/favorite-quotes");
    expect(redirectFor("/blogs/favorite-quotes/q%201")).toBe("/favorite-quotes/q%201");
    expect(redirectFor("/blogs/list-of-seen-films")).toBe("/list-of-seen-films");
    expect(redirectFor("/blogs/favorite-quotes/q1/more")).toBeUndefined();
    expect(redirectFor("/blogs/a-post")).toBeUndefined();
  });
  it("name each admin section once", () => {
    expect(new Set(ADMIN_SECTIONS.map((s) => s.slug)).size).toBe(ADMIN_SECTIONS.length);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.label)).size).toBe(ADMIN_SECTIONS.length);
  });
});
