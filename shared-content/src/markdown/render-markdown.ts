// Markdown -> sanitised HTML. marked renders; DOMPurify removes scripts, event handlers and
// unsafe URLs; a hook marks external links and makes images lazy.
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { Marked } from "marked";
import { isExternalUrl } from "./safe-url";

const marked = new Marked({ gfm: true, breaks: false, async: false });

// Links: http(s), mailto, and site-relative or fragment links. Everything else is dropped.
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?![/\\])|#|\.{1,2}\/)/i;
const IMAGE_URI = /^(?:https?:\/\/|\/(?![/\\]))/i;

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  if (typeof window === "undefined") throw new Error("renderMarkdown needs a DOM (window)");
  const instance = DOMPurify(window);
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
    if (node.tagName === "IMG") {
      const src = node.getAttribute("src");
      if (src === null || !IMAGE_URI.test(src.trim())) node.remove();
      else {
        node.setAttribute("loading", "lazy");
        node.setAttribute("decoding", "async");
      }
    }
  });
  purifier = instance;
  return instance;
}

/** Sanitised HTML for a markdown string (needs a DOM: browser or jsdom). */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return getPurifier().sanitize(html, {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
    ADD_ATTR: ["target"],
  });
}
