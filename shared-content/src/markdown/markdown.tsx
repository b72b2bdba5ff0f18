import { useEffect, useMemo, useState } from "react";
import { markdownKey, useRenderStore } from "../snapshot/render-store";
import { useMediaStorage } from "../snapshot/media-storage";
import styles from "./markdown.module.css";

type Renderer = typeof import("./render-markdown").renderMarkdown;

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

/**
 * Renders markdown from the database, sanitised (see render-markdown.ts). A server-rendered page
 * carries the HTML of its markdown, so the browser shows it without loading the renderer until
 * the text changes.
 */
export function Markdown({ source, className }: MarkdownProps) {
  const prerendered = usePrerendered(source);
  const media = useMediaStorage();
  const [render, setRender] = useState<Renderer | null>(() => renderer);
  const [failed, setFailed] = useState(false);
  const needsRenderer = !render && prerendered === undefined;
  useEffect(() => {
    if (!needsRenderer) return;
    let live = true;
    loadMarkdownRenderer().then(
      (r) => live && setRender(() => r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needsRenderer]);
  const html = useMemo(() => prerendered ?? (render ? render(source, media) : null), [prerendered, render, source, media]);
  const cls = className ? `${styles.markdown} ${className}` : styles.markdown;
  // The renderer could not load (offline): the text is still readable, as plain text.
  if (failed && html === null)
    return (
      <div className={cls} style={{ whiteSpace: "pre-wrap" }}>
        {source}
      </div>
    );
  if (html === null) return <div className={cls} aria-busy="true" />;
  return <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The HTML rendered on the server for this source: rendered now (server) or embedded (browser). */
function usePrerendered(source: string): string | undefined {
  const store = useRenderStore();
  if (!store) return undefined;
  const key = markdownKey(source);
  const known = store.markdown.get(key);
  if (known !== undefined || !store.server) return known;
  const html = store.server.renderMarkdown(source);
  store.markdown.set(key, html);
  return html;
}
