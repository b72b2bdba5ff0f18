// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { highlightCode } from "./highlight";
import { compileMarkdown, createMarkdownCompiler } from "./render-markdown";

/** The token classes highlight.js gave `code` in `fence`. */
const tokens = (code: string, fence: string) => [...(highlightCode(code, fence)?.html.matchAll(/class="hljs-([a-z_-]+)/g) ?? [])].map((m) => m[1]);

describe("the highlighter", () => {
  it.each([
    ["ts", "const n: number = 1;", "keyword", "TypeScript"],
    ["tsx", "interface P { id: string }", "keyword", "TypeScript"],
    ["typescript", "type A = string;", "keyword", "TypeScript"],
    ["js", "function f() { return 'x'; }", "string", "JavaScript"],
    ["jsx", "const a = 1;", "keyword", "JavaScript"],
    ["json", '{ "a": 1, "b": true }', "attr", "JSON"],
    ["sh", "cd /tmp && echo done", "built_in", "Shell"],
    ["shell", "export PORT=9000\necho $PORT", "built_in", "Shell"],
    ["bash", "if [ -f x ]; then echo yes; fi", "keyword", "Shell"],
    ["console", "$ npm test\nok", "meta", "Shell session"],
    ["css", ".a { color: red; }", "selector-class", "CSS"],
    ["html", '<p class="x">Hi</p>', "tag", "HTML"],
    ["python", "def f(x):\n    return x", "keyword", "Python"],
    ["py", "import json", "keyword", "Python"],
  ])("highlights %s", (fence, code, token, label) => {
    expect(tokens(code, fence)).toContain(token);
    expect(highlightCode(code, fence)?.label).toBe(label);
  });

  it("leaves a language it does not know plain", () => {
    expect(highlightCode("SELECT 1", "sql")).toBeNull();
    expect(highlightCode("x", "")).toBeNull();
  });

  it("escapes the code it highlights", () => {
    expect(highlightCode('const s = "<script>";', "ts")?.html).toContain("&lt;script&gt;");
  });
});

describe("compiled code blocks", () => {
  const { html } = compileMarkdown("## A\n\n```ts\nconst a = 1;\n```\n\n```\nplain <b>text</b>\n```\n\n```sql\nSELECT 1\n```\n\n| a |\n| - |\n| 1 |");
  const dom = Object.assign(document.createElement("div"), { innerHTML: html });

  it("sanitise to themselves, so a page never carries the server's copy of stored HTML besides it", () => {
    expect(createMarkdownCompiler(window).sanitise(html)).toBe(html);
  });
  const [ts, plain, sql] = [...dom.querySelectorAll("pre")];

  it("keep the highlighted tokens through the sanitiser", () => {
    expect(ts?.querySelector("code.hljs.language-ts span.hljs-keyword")?.textContent).toBe("const");
  });

  it("are focusable groups named after their language, so a keyboard can scroll them", () => {
    expect(ts?.getAttribute("tabindex")).toBe("0");
    expect(ts?.getAttribute("role")).toBe("group");
    expect(ts?.getAttribute("aria-label")).toBe("TypeScript code");
    expect(plain?.getAttribute("aria-label")).toBe("Code");
    expect(sql?.getAttribute("aria-label")).toBe("Code");
  });

  it("keep unknown and plain code as escaped text", () => {
    expect(plain?.textContent).toBe("plain <b>text</b>");
    expect(plain?.querySelector("b")).toBeNull();
    expect(sql?.querySelector("span")).toBeNull();
  });
});
