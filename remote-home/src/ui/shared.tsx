// The sanitising markdown renderer and URL check come from shared-content (one implementation).
export { Markdown, safeImageUrl, safeUrl } from "shared-content";
