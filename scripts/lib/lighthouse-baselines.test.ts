import { describe, expect, it } from "vitest";
import { withoutScripts } from "./lighthouse-baselines";

describe("the no-scripts baseline", () => {
  it("keeps the document, its styles and its pictures, and drops every script and module preload", () => {
    const page = [
      '<html><head><link rel="stylesheet" href="/assets/index.css"><link rel="modulepreload" href="/assets/libraries.js">',
      "<script>try { theme() } catch {}</script>",
      '<script type="application/json" id="page-data">{"a":"</p>"}</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '</head><body><main><h1>Title</h1><img src="/media/a.webp" alt="A"></main>',
      "<SCRIPT>\nmore()\n</SCRIPT></body></html>",
    ].join("");
    const stripped = withoutScripts(page);
    expect(stripped).toBe(
      '<html><head><link rel="stylesheet" href="/assets/index.css"></head><body><main><h1>Title</h1><img src="/media/a.webp" alt="A"></main></body></html>',
    );
  });
});
