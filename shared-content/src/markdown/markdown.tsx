import { useMemo } from "react";
import styles from "./markdown.module.css";
import { renderMarkdown } from "./render-markdown";

/**
 * Resolves once the renderer is ready. Today marked + DOMPurify are bundled with this package,
 * so it resolves at once; call it in tests (beforeAll) so they keep passing if the renderer
 * is ever moved to its own chunk to save ~28 KB gzip on pages without markdown.
 */
export function loadMarkdownRenderer(): Promise<(source: string) => string> {
  return Promise.resolve(renderMarkdown);
}

export interface MarkdownProps {
  source: string;
  className?: string;
}

/** Renders markdown from the database, sanitised (see render-markdown.ts). */
export function Markdown({ source, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={className ? `${styles.markdown} ${className}` : styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
}
