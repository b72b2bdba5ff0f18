// The sanitising markdown renderer and URL check come from shared-content (one implementation).
export { Markdown, MarkdownBody, useCompiledMarkdown, safeImageUrl, safeUrl } from "shared-content";
