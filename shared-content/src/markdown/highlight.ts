// Fenced code -> highlighted HTML, at save time or on the server, never in a visitor's browser
// (docs/rendering.md). highlight.js's core with only the languages a developer's
// blog writes about: the full set would add ~300 KB to the admin's compile chunk and the renderer.
import hljs from "highlight.js/lib/core";
import type { MarkedExtension } from "marked";
import { escapeHtml } from "./escape-html";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import shell from "highlight.js/lib/languages/shell";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";

/** The highlighted languages with the name a reader sees; every alias a fence may use is highlight.js's own. */
export const HIGHLIGHTED_LANGUAGES = {
  typescript: { grammar: typescript, label: "TypeScript" },
  javascript: { grammar: javascript, label: "JavaScript" },
  json: { grammar: json, label: "JSON" },
  bash: { grammar: bash, label: "Shell" },
  console: { grammar: shell, label: "Shell session" },
  css: { grammar: css, label: "CSS" },
  xml: { grammar: xml, label: "HTML" },
  python: { grammar: python, label: "Python" },
} as const;

for (const [name, { grammar }] of Object.entries(HIGHLIGHTED_LANGUAGES)) hljs.registerLanguage(name, grammar);
// "shell" is how most writers fence commands without prompts: highlight.js's own "shell" is a
// session with prompts (registered here as "console"), so "shell" means the shell language.
hljs.registerAliases(["shell"], { languageName: "bash" });

export interface HighlightedCode {
  /** The code as HTML: escaped text in `<span class="hljs-…">` tokens. */
  html: string;
  /** The language's name for readers ("TypeScript"). */
  label: string;
}

/**
 * `code` highlighted as the fence's language (`ts`, `tsx`, `js`, `sh`, `shell`, `console`, `html`, `py`, …), or
 * null for a language it does not know (the block stays plain, escaped text).
 */
export function highlightCode(code: string, fence: string): HighlightedCode | null {
  const language = hljs.getLanguage(fence.trim().toLowerCase());
  if (!language?.name) return null;
  const name = (Object.keys(HIGHLIGHTED_LANGUAGES) as (keyof typeof HIGHLIGHTED_LANGUAGES)[]).find((n) => hljs.getLanguage(n) === language);
  if (!name) return null;
  const { value } = hljs.highlight(code, { language: name, ignoreIllegals: true });
  return { html: value, label: HIGHLIGHTED_LANGUAGES[name].label };
}

/**
 * Code is a focusable group, so a keyboard can scroll it (axe scrollable-region-focusable), named
 * by its language; a known language is highlighted.
 */
export const highlightedCode: MarkedExtension = {
  renderer: {
    code({ text, lang }) {
      const fence = (lang ?? "").match(/^\S*/)?.[0] ?? "";
      const highlighted = fence ? highlightCode(text, fence) : null;
      const label = highlighted ? `${highlighted.label} code` : "Code";
      const cls = highlighted ? ` class="hljs language-${escapeHtml(fence.toLowerCase())}"` : "";
      // Attributes in the order the sanitiser writes them, so stored HTML sanitises to itself.
      return `<pre role="group" aria-label="${label}" tabindex="0"><code${cls}>${highlighted ? highlighted.html : escapeHtml(text)}</code></pre>\n`;
    },
  },
};
