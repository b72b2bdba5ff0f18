// Markdown -> sanitised HTML. marked renders; DOMPurify removes scripts, event handlers and
// unsafe URLs; a hook marks external links and makes images lazy; an uploaded picture then
// becomes a responsive <picture> (media-images.ts).
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { Marked, type Token, type Tokens } from "marked";
import type { MediaStorage } from "../media";
import { withResponsiveMediaImages } from "./media-images";
import { isExternalUrl } from "./safe-url";

const marked = new Marked({ gfm: true, breaks: false, async: false });

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

// Links: http(s), mailto, and site-relative or fragment links. Everything else is dropped.
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?![/\\])|#|\.{1,2}\/)/i;
const IMAGE_URI = /^(?:https?:\/\/|\/(?![/\\]))/i;

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  if (typeof window === "undefined") throw new Error("renderMarkdown needs a DOM (window)");
  purifier = makePurifier(window);
  return purifier;
}

/** `media`: the bucket whose variant URLs become responsive pictures (none: images stay as written). */
type Render = (source: string, media?: MediaStorage | null) => string;

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
    // (axe scrollable-region-focusable). Done here because the HTML arrives after the first
    // render now that the renderer loads lazily, so a page's own mount effect would miss it.
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

/** Sanitised HTML for a markdown string (needs a DOM: browser or jsdom). */
export const renderMarkdown: Render = (source, media) => renderWith(getPurifier(), source, media, window.document);

/** A renderer over a given DOM window: the server's (jsdom), where there is no global one. */
export function createMarkdownRenderer(win: Window): Render {
  const own = makePurifier(win);
  return (source, media) => renderWith(own, source, media, win.document);
}

function renderWith(sanitizer: Purifier, source: string, media: MediaStorage | null | undefined, document: Document): string {
  const tokens = marked.lexer(source);
  demoteHeadings(tokens);
  const html = marked.parser(tokens);
  const clean = sanitizer.sanitize(html, {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    // Responsive pictures are built after this, from a media id alone (media-images.ts): the text
    // itself may not write them.
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "picture", "source"],
    FORBID_ATTR: ["style", "srcset", "sizes"],
    ADD_ATTR: ["target"],
  });
  return media ? withResponsiveMediaImages(clean, media, document) : clean;
}
