// @vitest-environment jsdom
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown, loadMarkdownRenderer } from "./markdown";
import { renderMarkdown } from "./render-markdown";
import { isExternalUrl, safeImageUrl, safeUrl } from "./safe-url";

afterEach(cleanup);

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<img src="https://x.example/a.png" onerror="alert(1)">',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  '<a href="javascript:alert(1)">a</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  "![x](javascript:alert(1))",
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<details open ontoggle="alert(1)">x</details>',
  "<scr<script>ipt>alert(1)</script>",
];

/** Everything in the rendered DOM that could run script. */
function dangers(root: Element): string[] {
  const found: string[] = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const tag = el.tagName.toLowerCase();
    if (["script", "iframe", "object", "embed", "form", "style"].includes(tag)) found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      if (attr.name.toLowerCase().startsWith("on")) found.push(`${tag}[${attr.name}]`);
      if (attr.name === "style") found.push(`${tag}[style]`);
      const value = [...attr.value]
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join("")
        .toLowerCase();
      if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${attr.name}=${attr.value}]`);
    }
  }
  return found;
}

function toDom(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("renderMarkdown", () => {
  it.each(PAYLOADS)("keeps %s inert", (payload) => {
    const dom = toDom(renderMarkdown(`Before\n\n${payload}\n\nAfter`));
    expect(dangers(dom)).toEqual([]);
    expect(dom.textContent).toContain("After");
  });

  it("detects danger in unsanitised HTML (the check itself can fail)", () => {
    expect(dangers(toDom('<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>'))).toHaveLength(2);
  });

  it("renders headings, lists, code, tables and images", () => {
    const dom = toDom(renderMarkdown("## Title\n\n- one\n- two\n\n```ts\nconst x = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n![Alt](/images/a.svg)"));
    expect(dom.querySelector("h2")?.textContent).toBe("Title");
    expect(dom.querySelectorAll("li")).toHaveLength(2);
    expect(dom.querySelector("pre code.language-ts")?.textContent).toContain("const x = 1;");
    expect(dom.querySelector("table td")?.textContent).toBe("1");
    expect(dom.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
    expect(dom.querySelector("table")?.getAttribute("tabindex")).toBe("0");
    const img = dom.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/images/a.svg");
    expect(img?.getAttribute("loading")).toBe("lazy");
  });

  it("keeps heading levels when the text starts at ## (sections right under the page's h1)", () => {
    const dom = toDom(renderMarkdown("## Two\n\n### Three\n\n> ## Quoted"));
    expect([...dom.querySelectorAll("h2")].map((h) => h.textContent)).toEqual(["Two", "Quoted"]);
    expect(dom.querySelector("h3")?.textContent).toBe("Three");
  });

  it("demotes headings one level when the text uses #: the page title stays the only h1", () => {
    const dom = toDom(renderMarkdown("# One\n\n## Two\n\nSetext\n======\n\n##### Five\n\n###### Six"));
    expect(dom.querySelector("h1")).toBeNull();
    expect([...dom.querySelectorAll("h2")].map((h) => h.textContent)).toEqual(["One", "Setext"]);
    expect(dom.querySelector("h3")?.textContent).toBe("Two");
    expect(dom.querySelector("h6")?.textContent).toBe("Five");
    // h6 is the deepest HTML heading: level 6 stays there.
    expect([...dom.querySelectorAll("h6")].map((h) => h.textContent)).toEqual(["Five", "Six"]);
  });

  it("opens links to other sites in a new tab without opener, keeps site links as they are", () => {
    const dom = toDom(renderMarkdown("[out](https://example.com/x) [in](/blogs/list) [mail](mailto:a@b.co) [frag](#top)"));
    const [out, inside, mail, frag] = [...dom.querySelectorAll("a")];
    expect(out?.getAttribute("target")).toBe("_blank");
    expect(out?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(inside?.getAttribute("href")).toBe("/blogs/list");
    expect(inside?.hasAttribute("target")).toBe(false);
    expect(mail?.getAttribute("href")).toBe("mailto:a@b.co");
    expect(frag?.getAttribute("href")).toBe("#top");
  });

  it("drops protocol-relative and backslash links and non-http images", () => {
    const dom = toDom(renderMarkdown('<a href="//evil.example">a</a> <a href="/\\evil.example">b</a> ![x](ftp://x.example/a.png)'));
    for (const a of dom.querySelectorAll("a")) expect(a.hasAttribute("href")).toBe(false);
    expect(dom.querySelector("img")).toBeNull();
  });
});

describe("<Markdown>", () => {
  it("renders sanitised markdown into the page and follows a new source", async () => {
    const source = "# Hi\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))";
    const { container, rerender } = render(<Markdown source={source} className="extra" />);
    expect(dangers(container as HTMLElement)).toEqual([]);
    await waitFor(() => expect(container.querySelector("h2")?.textContent).toBe("Hi"));
    expect(await loadMarkdownRenderer()).toBe(renderMarkdown);
    rerender(<Markdown source={"## Then"} className="extra" />);
    expect(container.querySelector("h2")?.textContent).toBe("Then");
    expect((container.firstChild as HTMLElement).className).toContain("extra");
    expect(dangers(container as HTMLElement)).toEqual([]);
  });
});

describe("safeImageUrl", () => {
  it("keeps absolute http(s) URLs and paths on this site, drops everything else", () => {
    expect(safeImageUrl("/images/avatar.svg")).toBe("/images/avatar.svg");
    expect(safeImageUrl(" https://cdn.example/a.png ")).toBe("https://cdn.example/a.png");
    for (const bad of ["//evil.example/a.png", "/\\evil.example", "mailto:a@b.co", "javascript:alert(1)", "images/a.png", "/images/a\tb.png", 42]) {
      expect(safeImageUrl(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("safeUrl", () => {
  it("lets only http(s) and mailto through", () => {
    expect(safeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeUrl("http://example.com")).toBe("http://example.com");
    expect(safeUrl("mailto:me@example.com")).toBe("mailto:me@example.com");
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/relative",
      "",
      42,
      null,
      undefined,
    ]) {
      expect(safeUrl(bad), String(bad)).toBeUndefined();
    }
  });

  it("tells external links from same-origin ones", () => {
    expect(isExternalUrl("https://example.com/x", "http://localhost:4173")).toBe(true);
    expect(isExternalUrl("http://localhost:4173/blogs", "http://localhost:4173")).toBe(false);
    expect(isExternalUrl("/blogs", "http://localhost:4173")).toBe(false);
  });
});
