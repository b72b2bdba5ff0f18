import { useEffect, useMemo, useState } from "react";
import styles from "./markdown.module.css";

type Renderer = (source: string) => string;

// marked + DOMPurify (~28 KB gzip) live in their own chunk, loaded by the first <Markdown>:
// pages without markdown (blog list, quotes, films) do not download them.
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads the renderer (once) and resolves with it. Tests `await` it in beforeAll to render at once. */
export function loadMarkdownRenderer(): Promise<Renderer> {
  if (renderer) return Promise.resolve(renderer);
  loading ??= import("./render-markdown").then(
    (m) => (renderer = m.renderMarkdown),
    (error: unknown) => {
      loading = null; // let a later render try again
      throw error;
    },
  );
  return loading;
}

export interface MarkdownProps {
  source: string;
  className?: string;
}

/** Renders markdown from the database, sanitised (see render-markdown.ts). */
export function Markdown({ source, className }: MarkdownProps) {
  const [render, setRender] = useState<Renderer | null>(() => renderer);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadMarkdownRenderer().then(
      (r) => live && setRender(() => r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [render]);
  const html = useMemo(() => (render ? render(source) : null), [render, source]);
  const cls = className ? `${styles.markdown} ${className}` : styles.markdown;
  // The renderer could not load (offline): the text is still readable, as plain text.
  if (failed && html === null) return <div className={cls} style={{ whiteSpace: "pre-wrap" }}>{source}</div>;
  if (html === null) return <div className={cls} aria-busy="true" />;
  return <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}
