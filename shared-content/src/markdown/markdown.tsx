import { useMemo } from "react";
import styles from "./markdown.module.css";
import { renderMarkdown } from "./render-markdown";

export interface MarkdownProps {
  source: string;
  className?: string;
}

/** Renders markdown from the database, sanitised (see renderMarkdown). */
export function Markdown({ source, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={className ? `${styles.markdown} ${className}` : styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
}
