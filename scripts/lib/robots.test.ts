import { describe, expect, it } from "vitest";
import { withSitemapLine } from "./robots";

const ROBOTS = "# a comment\nUser-agent: *\nDisallow: /admin-panel\n";

describe("robots.txt's sitemap line", () => {
  it("names the sitemap at the site's address, once", () => {
    const text = withSitemapLine(ROBOTS, "https://example.com/");
    expect(text).toBe("# a comment\nUser-agent: *\nDisallow: /admin-panel\nSitemap: https://example.com/sitemap.xml\n");
    expect(withSitemapLine(text, "https://other.example/blog")).toBe(
      "# a comment\nUser-agent: *\nDisallow: /admin-panel\nSitemap: https://other.example/blog/sitemap.xml\n",
    );
  });

  it("refuses an address that is not the site's", () => {
    expect(() => withSitemapLine(ROBOTS, "javascript:alert(1)")).toThrow(/not the site's/);
    expect(() => withSitemapLine(ROBOTS, "/relative")).toThrow();
  });
});
