// Markdown -> sanitised HTML and its table of contents: one pipeline wherever a text is compiled
// (the admin's browser when a post is saved, the seed, the server for texts stored without their
// HTML). marked renders, with heading ids and self-links (headings.ts) and highlighted code
// (highlight.ts); DOMPurify removes scripts, event handlers and unsafe URLs; a hook marks
// external links and makes images lazy; an uploaded picture then becomes a responsive <picture>
// (media-images.ts). A visitor's browser never runs it for content that arrived rendered
// (docs/rendering.md).
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { Marked, type Token, type Tokens } from "marked";
import { LIMITS } from "../limits";
import type { MediaStorage } from "../media";
import { TOC_DEPTHS, headingIds, headingLinks, plainText, type IdentifiedHeading, type TocEntry } from "./headings";
import { highlightedCode } from "./highlight";
import { withResponsiveMediaImages } from "./media-images";
import { isExternalUrl } from "./safe-url";

export type { TocEntry } from "./headings";

/** A compiled text: its sanitised HTML and its table of contents (empty when it has no h2/h3). */
export interface CompiledMarkdown {
  html: string;
  toc: TocEntry[];
}

const marked = new Marked({ gfm: true, breaks: false, async: false });
// The pipeline's rendering steps, each in its own module: add one here (media images, say).
marked.use(headingLinks, highlightedCode);

/**
 * The page's own title is its h1, so a "#" in a post body or an about text must not become a
 * second h1: when the text uses "#", every heading goes one level down (# -> h2, ## -> h3,
 * h6 stays h6). Texts whose top level is already "##" (the seed posts) keep their levels, so
 * their sections stay h2 right under the title instead of skipping a level.
 */
function demoteHeadings(tokens: Token[]): void {
  let top = 7;
  marked.walkTokens(tokens, (t) => {
    if (t.type === "heading") top = Math.min(top, (t as Tokens.Heading).depth);
  });
  if (top !== 1) return;
  marked.walkTokens(tokens, (t) => {
    if (t.type === "heading") (t as Tokens.Heading).depth = Math.min(6, (t as Tokens.Heading).depth + 1);
  });
}

/** Gives every heading its id and lists the h2 and h3 in order. */
function identifyHeadings(tokens: Token[], isReserved: (id: string) => boolean): TocEntry[] {
  const idFor = headingIds(isReserved);
  const toc: TocEntry[] = [];
  marked.walkTokens(tokens, (t) => {
    if (t.type !== "heading") return;
    const heading = t as IdentifiedHeading;
    const text = plainText(heading.tokens);
    if (!text) return;
    heading.id = idFor(text);
    // The contents list keeps within what a post may store (the rules' limits).
    if (TOC_DEPTHS.includes(heading.depth) && toc.length < LIMITS.toc.items)
      toc.push({ id: heading.id, text: text.slice(0, LIMITS.toc.text.max), depth: heading.depth });
  });
  return toc;
}

// Links: http(s), mailto, and site-relative or fragment links. Everything else is dropped.
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?![/\\])|#|\.{1,2}\/)/i;
const IMAGE_URI = /^(?:https?:\/\/|\/(?![/\\]))/i;

const SANITISE = {
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  // Responsive pictures are built after this, from a media id alone (media-images.ts): the text
  // itself may not write them. Stored HTML loses its pictures here and gets them back the same way.
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "picture", "source"],
  FORBID_ATTR: ["style", "srcset", "sizes"],
  ADD_ATTR: ["target"],
};

function makePurifier(win: Window): Purifier {
  const instance = DOMPurify(win as unknown as Parameters<typeof DOMPurify>[0]);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      const href = node.getAttribute("href");
      if (href !== null && !ALLOWED_URI.test(href.trim())) node.removeAttribute("href");
      const kept = node.getAttribute("href");
      if (kept !== null && isExternalUrl(kept)) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      } else {
        node.removeAttribute("target");
      }
    }
    // Code blocks and tables may scroll sideways: keyboard users must be able to reach them
    // (axe scrollable-region-focusable), raw HTML ones included.
    if (node.tagName === "PRE" || node.tagName === "TABLE") node.setAttribute("tabindex", "0");
    if (node.tagName === "IMG") {
      const src = node.getAttribute("src");
      if (src === null || !IMAGE_URI.test(src.trim())) node.remove();
      else {
        node.setAttribute("loading", "lazy");
        node.setAttribute("decoding", "async");
      }
    }
  });
  return instance;
}

/**
 * The compiler over one DOM window (DOMPurify needs one: the browser's, or jsdom's on a server).
 * `media`: the bucket whose variant URLs become responsive pictures (none: images stay as written).
 */
export interface MarkdownCompiler {
  /** Markdown -> sanitised HTML and table of contents. */
  compile(source: string, media?: MediaStorage | null): CompiledMarkdown;
  /** HTML compiled elsewhere (stored with a post) sanitised again, with the same rules. */
  sanitise(html: string, media?: MediaStorage | null): string;
}

export function createMarkdownCompiler(win: Window): MarkdownCompiler {
  const purifier = makePurifier(win);
  const form = win.document.createElement("form");
  // DOMPurify drops an id that shadows a property of the document or of a form ("links",
  // "title", "action"): such a heading gets the next free id instead of none.
  const isReserved = (id: string) => id in win.document || id in form;
  const sanitise = (html: string, media?: MediaStorage | null) => {
    const clean = purifier.sanitize(html, SANITISE);
    return media ? withResponsiveMediaImages(clean, media, win.document) : clean;
  };
  return {
    compile(source, media) {
      const tokens = marked.lexer(source);
      demoteHeadings(tokens);
      const toc = identifyHeadings(tokens, isReserved);
      return { html: sanitise(marked.parser(tokens), media), toc };
    },
    sanitise,
  };
}

let browserCompiler: MarkdownCompiler | null = null;

/** Node tests that save posts (and so compile them) without a DOM environment give the compiler one. */
export function setMarkdownWindowForTests(win: Window): void {
  browserCompiler = createMarkdownCompiler(win);
}

/** Compiles with the page's own DOM (the admin's browser, or a test's jsdom). */
export function compileMarkdown(source: string, media?: MediaStorage | null): CompiledMarkdown {
  if (!browserCompiler) {
    if (typeof window === "undefined") throw new Error("compileMarkdown needs a DOM (window)");
    browserCompiler = createMarkdownCompiler(window);
  }
  return browserCompiler.compile(source, media);
}

/** Sanitised HTML for a markdown string (needs a DOM: browser or jsdom). */
export function renderMarkdown(source: string, media?: MediaStorage | null): string {
  return compileMarkdown(source, media).html;
}
