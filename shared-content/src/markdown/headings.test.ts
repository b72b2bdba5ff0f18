// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { headingIds } from "./headings";
import { compileMarkdown } from "./render-markdown";

const toDom = (html: string) => Object.assign(document.createElement("div"), { innerHTML: html });

describe("heading ids", () => {
  it("come from the heading's text, as GitHub makes them", () => {
    const idFor = headingIds();
    expect(idFor("Real tokens, real SDK")).toBe("real-tokens-real-sdk");
    expect(idFor("What `rev` is for?")).toBe("what-rev-is-for");
    expect(idFor("  Spaces   and CAPS ")).toBe("spaces---and-caps");
  });

  it("are unique within a text: a repeated heading gets -2, -3", () => {
    const idFor = headingIds();
    expect(["Setup", "Setup", "Setup", "Setup 2"].map(idFor)).toEqual(["setup", "setup-2", "setup-3", "setup-2-2"]);
  });

  it("keep letters of every script, lower-cased where the script has case", () => {
    const idFor = headingIds();
    expect(idFor("Привет, мир")).toBe("привет-мир");
    expect(idFor("日本語の見出し")).toBe("日本語の見出し");
    expect(idFor("Ärlig café")).toBe("ärlig-café");
    expect(idFor("مرحبا بالعالم")).toBe("مرحبا-بالعالم");
  });

  it("fall back to 'section' for a heading of punctuation only, and stay short for a long one", () => {
    const idFor = headingIds();
    expect(idFor("!!!")).toBe("section");
    expect(idFor("!?")).toBe("section-2");
    expect(idFor("word ".repeat(40)).length).toBeLessThanOrEqual(80);
  });

  it("avoid ids the sanitiser would drop (they shadow a property of the document)", () => {
    const idFor = headingIds((id) => id in document);
    expect(idFor("Links")).toBe("links-2");
    expect(idFor("Title")).toBe("title-2");
  });
});

describe("compiled headings", () => {
  const { html, toc } = compileMarkdown("## Intro\n\nText.\n\n### Set **up** & go\n\n## Intro\n\n#### Deep\n\n## Links\n\n## Привет");
  const dom = toDom(html);

  it("carry their ids in the HTML, each with a link to itself named after the heading", () => {
    expect([...dom.querySelectorAll("h2, h3, h4")].map((h) => h.id)).toEqual(["intro", "set-up--go", "intro-2", "deep", "links-2", "привет"]);
    const link = dom.querySelector<HTMLAnchorElement>('a.heading-link[href="#set-up--go"]');
    expect(link?.getAttribute("aria-label")).toBe("Link to the section “Set up & go”");
    // The link sits beside the heading, so the heading's own name stays its text.
    expect(dom.querySelector("#set-up--go")?.textContent).toBe("Set up & go");
  });

  it("list the h2 and h3 in order, with their text without markup", () => {
    expect(toc).toEqual([
      { id: "intro", text: "Intro", depth: 2 },
      { id: "set-up--go", text: "Set up & go", depth: 3 },
      { id: "intro-2", text: "Intro", depth: 2 },
      { id: "links-2", text: "Links", depth: 2 },
      { id: "привет", text: "Привет", depth: 2 },
    ]);
  });

  it("list nothing for a text without headings", () => {
    expect(compileMarkdown("Just a paragraph.").toc).toEqual([]);
  });
});
