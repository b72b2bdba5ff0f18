import { useEffect, useMemo, useState } from "react";
import type { MediaStorage } from "../media";
import type { TocEntry } from "../schemas";
import { useMediaStorage } from "../snapshot/media-storage";
import { markdownKey, useRenderStore } from "../snapshot/render-store";
import styles from "./markdown.module.css";

/** A markdown text ready to show: its sanitised HTML and its table of contents (h2, h3). */
export interface CompiledText {
  html: string;
  toc: TocEntry[];
}

type Compiler = (source: string, media?: MediaStorage | null) => CompiledText;

// The compiler (marked, DOMPurify, highlight.js) lives in its own chunk. A visitor's page never
// loads it for what arrived rendered: a post's body is compiled when it is saved, and every other
// text comes with the server's HTML. It loads for a text that changed live and was stored without
// its HTML (an about text, a summary), and in the admin panel's previews.
let compiler: Compiler | null = null;
let loading: Promise<typeof import("./render-markdown")> | null = null;

function loadChunk(): Promise<typeof import("./render-markdown")> {
  loading ??= import("./render-markdown").catch((error: unknown) => {
    loading = null; // let a later render try again
    throw error;
  });
  return loading;
}

function loadCompiler(): Promise<Compiler> {
  return compiler ? Promise.resolve(compiler) : loadChunk().then((m) => (compiler = m.compileMarkdown));
}

/** Loads the compiler's chunk (once) and resolves with its markdown-to-HTML function. Tests `await` it in beforeAll to render at once. */
export async function loadMarkdownRenderer(): Promise<typeof import("./render-markdown").renderMarkdown> {
  await loadCompiler();
  return (await loadChunk()).renderMarkdown;
}

/** A text's state: compiled, waiting for the compiler, or shown as plain text (the compiler could not load). */
export type MarkdownState = { status: "ready"; compiled: CompiledText } | { status: "loading" } | { status: "failed" };

/**
 * What to show for a markdown `source`. `stored` is what a save compiled from it (a post's
 * `bodyHtml` and `toc`): shown as it is, after the server has sanitised it again. Otherwise the
 * server compiles the source and the page carries its HTML; the browser compiles only a source
 * the page did not carry (changed live, or a page rendered in the browser).
 */
export function useCompiledMarkdown(source: string, stored?: CompiledText): MarkdownState {
  const prerendered = usePrerendered(source, stored);
  const media = useMediaStorage();
  const [compile, setCompile] = useState<Compiler | null>(() => compiler);
  const [failed, setFailed] = useState(false);
  const needsCompiler = !compile && prerendered === undefined;
  useEffect(() => {
    if (!needsCompiler) return;
    let live = true;
    loadCompiler().then(
      (c) => live && setCompile(() => c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needsCompiler]);
  const compiled = useMemo(() => prerendered ?? (compile ? compile(source, media) : null), [prerendered, compile, source, media]);
  if (compiled) return { status: "ready", compiled };
  return failed ? { status: "failed" } : { status: "loading" };
}

export interface MarkdownProps {
  source: string;
  className?: string;
}

/** Markdown from the database, sanitised (see render-markdown.ts). */
export function Markdown({ source, className }: MarkdownProps) {
  return <MarkdownBody state={useCompiledMarkdown(source)} source={source} className={className} />;
}

/** A compiled text in the markdown styles; while it compiles, an empty busy box; if the compiler could not load (offline), the source as plain text. */
export function MarkdownBody({ state, source, className }: { state: MarkdownState; source: string; className?: string }) {
  const cls = className ? `${styles.markdown} ${className}` : styles.markdown;
  if (state.status === "failed")
    return (
      <div className={cls} style={{ whiteSpace: "pre-wrap" }}>
        {source}
      </div>
    );
  if (state.status === "loading") return <div className={cls} aria-busy="true" />;
  return <div className={cls} dangerouslySetInnerHTML={{ __html: state.compiled.html }} />;
}

/** The compiled text the server made or embedded for this source (or for HTML stored with it); undefined: compile here. */
function usePrerendered(source: string, stored: CompiledText | undefined): CompiledText | undefined {
  const store = useRenderStore();
  // The text's key, hashed once per text rather than on every render (a post's body is long).
  const text = stored ? stored.html : source;
  const key = useMemo(() => markdownKey(text), [text]);
  if (stored) {
    if (!store) return stored;
    // The server sanitises stored HTML again; the page carries its copy only when that changed it.
    const known = store.markdown.get(key);
    if (known !== undefined) return { html: known.html, toc: stored.toc };
    if (!store.server) return stored;
    const html = store.server.sanitiseHtml(stored.html);
    if (html !== stored.html) store.markdown.set(key, { html });
    return { html, toc: stored.toc };
  }
  if (!store) return undefined;
  const known = store.markdown.get(key);
  if (known !== undefined) return { html: known.html, toc: known.toc ?? [] };
  if (!store.server) return undefined;
  const compiled = store.server.compileMarkdown(source);
  store.markdown.set(key, compiled.toc.length > 0 ? compiled : { html: compiled.html });
  return compiled;
}
