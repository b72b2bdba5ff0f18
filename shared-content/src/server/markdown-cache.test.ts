// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createMarkdownCompiler } from "../markdown/render-markdown";
import { cachedMarkdownCompiler, memoiseMarkdown } from "./index";

const length = (s: string) => s.length;

describe("the server's markdown compiler", () => {
  it("works each input out once and answers again from memory", () => {
    const calls: string[] = [];
    const render = memoiseMarkdown((source) => (calls.push(source), `<p>${source}</p>`), length);
    expect(render("a")).toBe("<p>a</p>");
    expect(render("b")).toBe("<p>b</p>");
    expect(render("a")).toBe("<p>a</p>");
    expect(calls).toEqual(["a", "b"]);
  });

  it("lets the least recently used go past its budget, and never keeps an input larger than all of it", () => {
    const calls: string[] = [];
    // Each entry is source + html = 1 + 8 characters: two fit in 18.
    const render = memoiseMarkdown((source) => (calls.push(source), `<p>${source}</p>`), length, 18);
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

  it("is one compiler per DOM window, with the same sanitised HTML and contents as the uncached one", () => {
    const cached = cachedMarkdownCompiler(window);
    expect(cachedMarkdownCompiler(window)).toBe(cached);
    const source = "# Hi\n\n## Part\n\n[site](https://example.com) <script>alert(1)</script>";
    const fresh = createMarkdownCompiler(window);
    expect(cached.compile(source)).toEqual(fresh.compile(source));
    expect(cached.compile(source).html).not.toContain("<script");
    expect(cached.compile(source).toc).toEqual([
      { id: "hi", text: "Hi", depth: 2 },
      { id: "part", text: "Part", depth: 3 },
    ]);
    expect(cached.sanitise('<p onclick="x()">a</p>')).toBe("<p>a</p>");
  });
});
