import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, SITE_PATHS, fixedAddress, postUrl, redirectFor } from "./site-urls";

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
  it("a route pattern stands for one address when it needs no parameter", () => {
    expect(fixedAddress("/")).toBe("/");
    expect(fixedAddress("/blogs/list")).toBe("/blogs/list");
    expect(fixedAddress("/favorite-quotes/:id?")).toBe("/favorite-quotes");
    expect(fixedAddress("/blogs/:id")).toBeUndefined();
    expect(fixedAddress("/a/:b?/c/:d")).toBeUndefined();
  });

  it("redirect /blogs, with or without its slash, and nothing else", () => {
    const redirects: Record<string, string | undefined> = {
      "/blogs": "/blogs/list",
      "/blogs/": "/blogs/list",
      "/blogs/list": undefined,
      "/": undefined,
      // The specification's addresses of the quotes and films pages, under /blogs.
      "/blogs/favorite-quotes": "/favorite-quotes",
      "/blogs/favorite-quotes/": "/favorite-quotes",
      "/blogs/favorite-quotes/q%201": "/favorite-quotes/q%201",
      "/blogs/list-of-seen-films": "/list-of-seen-films",
      "/blogs/favorite-quotes/q1/more": undefined,
      "/blogs/a-post": undefined,
    };
    for (const [from, to] of Object.entries(redirects)) expect(redirectFor(from), from).toBe(to);
  });
  it("name each admin section once", () => {
    expect(new Set(ADMIN_SECTIONS.map((s) => s.slug)).size).toBe(ADMIN_SECTIONS.length);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.label)).size).toBe(ADMIN_SECTIONS.length);
  });
});
