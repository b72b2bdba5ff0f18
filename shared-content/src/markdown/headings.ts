// Heading ids and the table of contents, made once when a text is compiled (at save time or on
// the server). An id comes from the heading's text as GitHub makes it (github-slugger: lower
// case, punctuation dropped, letters of every script kept), so a link to a section looks the
// same here as on GitHub and survives edits elsewhere in the post.
import { slug } from "github-slugger";
import type { MarkedExtension, Token, Tokens } from "marked";
import { LIMITS } from "../limits";
import { escapeHtml } from "./escape-html";

export type { TocEntry } from "../schemas";

/** The levels the table of contents lists: sections and their subsections. */
export const TOC_DEPTHS = [2, 3];

/** Ids longer than this are cut: a heading may be a long sentence, a link should not be (room for "-NN"). */
const MAX_ID_LENGTH = LIMITS.toc.id.max - 20;

/**
 * Makes the ids of one text's headings: from each heading's text, unique within the text (a
 * repeated heading gets -2, -3, …), never one of `isReserved` (ids a sanitiser would remove
 * because they shadow a property of the document, such as "links" or "title").
 */
export function headingIds(isReserved: (id: string) => boolean = () => false): (text: string) => string {
  const taken = new Set<string>();
  return (text) => {
    const base = slug(text.trim()).slice(0, MAX_ID_LENGTH).replace(/-+$/, "") || "section";
    let id = base;
    for (let n = 2; taken.has(id) || isReserved(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return id;
  };
}

/** The plain text of inline tokens: what a reader sees of a heading, without its markup. */
export function plainText(tokens: Token[] | undefined): string {
  let text = "";
  for (const t of tokens ?? []) {
    if ("tokens" in t && t.tokens) text += plainText(t.tokens);
    else if (t.type === "html" || t.type === "br") text += t.type === "br" ? " " : "";
    else if ("text" in t && typeof t.text === "string") text += decodeEntities(t.text);
  }
  return text.replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The few entities a heading's source may spell (&amp;, &#39;, …) as the characters they stand for. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A heading token with the id the compile gave it (render-markdown.ts, before rendering). */
export type IdentifiedHeading = Tokens.Heading & { id?: string };

/**
 * A heading with an id is followed by a link to itself a reader can copy, outside the heading so
 * that the heading's name stays its text (as Starlight does). Styled by markdown.module.css.
 */
export const headingLinks: MarkedExtension = {
  renderer: {
    heading(token) {
      const { id, depth, tokens } = token as IdentifiedHeading;
      const inner = this.parser.parseInline(tokens);
      if (!id) return `<h${depth}>${inner}</h${depth}>\n`;
      const label = escapeHtml(`Link to the section “${plainText(tokens)}”`);
      return `<div class="heading"><h${depth} id="${id}">${inner}</h${depth}><a class="heading-link" href="#${id}" aria-label="${label}">#</a></div>\n`;
    },
  },
};
