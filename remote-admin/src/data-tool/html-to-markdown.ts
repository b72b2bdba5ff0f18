// The older site stored rich text as HTML; this site stores Markdown (rendered through a
// sanitiser). turndown does the conversion; scripts, styles and iframes are dropped, not kept
// as raw HTML, so nothing executable survives the move.
import TurndownService from "turndown";

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (!service) {
    service = new TurndownService({
      headingStyle: "atx",
      codeBlockStyle: "fenced",
      bulletListMarker: "-",
      emDelimiter: "*",
      hr: "---",
    });
    service.remove(["script", "style", "iframe", "object", "embed", "form", "noscript"]);
  }
  return service;
}

const TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

export function looksLikeHtml(value: string): boolean {
  return TAG.test(value);
}

/** HTML to Markdown; plain text passes through unchanged (it is already valid Markdown). */
export function htmlToMarkdown(value: string): string {
  if (!looksLikeHtml(value)) return value.trim();
  return turndown()
    .turndown(value)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The visible text of some HTML, whitespace collapsed (for summaries and headlines). */
export function htmlToText(value: string): string {
  const withoutTags = value
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/(p|div|h[1-6]|li)>/gi, " ")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return value.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1]?.toLowerCase() === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return named[code.toLowerCase()] ?? whole;
  });
}
