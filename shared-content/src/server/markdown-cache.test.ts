// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createMarkdownRenderer } from "../markdown/render-markdown";
import { cachedMarkdownRenderer, memoiseMarkdown } from "./index";

describe("the server's markdown renderer", () => {
  it("renders each source once and answers again from memory", () => {
    const calls: string[] = [];
    const render = memoiseMarkdown((source) => (calls.push(source), `<p>${source}</p>`));
    expect(render("a")).toBe("<p>a</p>");
    expect(render("b")).toBe("<p>b</p>");
    expect(render("a")).toBe("<p>a</p>");
    expect(calls).toEqual(["a", "b"]);
  });

  it("lets the least recently used go past its budget, and never keeps a text larger than all of it", () => {
    const calls: string[] = [];
    // Each entry is source + html = 1 + 8 characters: two fit in 18.
    const render = memoiseMarkdown((source) => (calls.push(source), `<p>${source}</p>`), 18);
    render("a");
    render("b");
    render("a"); // a is now the most recently used
    render("c"); // b goes
    render("a");
    render("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
    const big = "x".repeat(20);
    render(big);
    render(big);
    expect(calls.filter((s) => s === big)).toHaveLength(2);
  });

  it("is one renderer per DOM window, with the same sanitised HTML as the uncached one", () => {
    const cached = cachedMarkdownRenderer(window);
    expect(cachedMarkdownRenderer(window)).toBe(cached);
    const source = "# Hi\n\n[site](https://example.com) <script>alert(1)</script>";
    expect(cached(source)).toBe(createMarkdownRenderer(window)(source));
    expect(cached(source)).not.toContain("<script");
  });
});
