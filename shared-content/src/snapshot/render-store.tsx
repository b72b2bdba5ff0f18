// What a server-rendered page carries over to the browser: the values its live reads started
// from and the HTML of its markdown, so the browser hydrates the same markup without a second
// fetch, then the live streams take over. On the server the same store performs each read once
// (REST, public access only) and suspends rendering until it has answered; the renderer waits
// for every read before it sends the page (docs/rendering.md).
import { createContext, use, useContext, type ReactNode } from "react";
import type { ContentErrorCode } from "../errors";
import { readKey, type LiveQuerySpec, type LiveRead } from "../live/source";
import { PATHS } from "../paths";
import type { MediaStorage } from "../media";
import type { TocEntry } from "../schemas";

/** One read's outcome: the plain JSON value, or the error code it failed with. */
export type SnapshotEntry = { value: unknown } | { error: ContentErrorCode };

/** A markdown text as the server compiled it: its sanitised HTML and table of contents (absent when empty). */
export interface RenderedMarkdown {
  html: string;
  toc?: TocEntry[];
}

/** The serialisable part of a store, embedded in the page for hydration. */
export interface ContentSnapshot {
  reads: Record<string, SnapshotEntry>;
  /**
   * Hash of a markdown source -> what the server compiled from it; or hash of HTML compiled at
   * save time -> the server's sanitised copy, only when that differs from what is stored.
   */
  markdown: Record<string, RenderedMarkdown>;
}

/** What only the server has: a one-shot read, a markdown compiler and sanitiser that need no browser, and the page's config's bucket. */
export interface ServerReads {
  read(path: string, query: LiveQuerySpec | undefined): Promise<unknown>;
  /** Markdown -> sanitised HTML (its media images made responsive) and table of contents. */
  compileMarkdown(source: string): { html: string; toc: TocEntry[] };
  /** HTML compiled at save time, sanitised again (its media images made responsive again). */
  sanitiseHtml(html: string): string;
  /** Where pictures are read from (media.ts); the browser takes it from shared-auth's config. */
  media?: MediaStorage | null;
}

const CHANGES_KEY = readKey({ path: PATHS.changes });

export class RenderStore {
  readonly reads: Map<string, SnapshotEntry>;
  readonly markdown: Map<string, RenderedMarkdown>;
  private readonly pending = new Map<string, Promise<void>>();
  /** Each read performed (server), by key: what a page made from them depends on. */
  private readonly performed = new Map<string, LiveRead>();

  constructor(
    snapshot: ContentSnapshot = { reads: {}, markdown: {} },
    readonly server: ServerReads | null = null,
  ) {
    this.reads = new Map(Object.entries(snapshot.reads));
    this.markdown = new Map(Object.entries(snapshot.markdown));
  }

  /**
   * Server: performs a public read once (its key derived from the read, as the hooks derive
   * theirs: readKey); resolves (never rejects) when its entry is stored. The renderer's prefetch
   * and the screens' hooks call it with the same read. The promise is marked fulfilled once
   * done, so `use()` reads it without suspending again.
   */
  load(read: LiveRead): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    const key = readKey(read);
    let pending = this.pending.get(key);
    if (!pending) {
      this.performed.set(key, read);
      // Every read after the change marker (changes.ts), which the page embeds like a read: the
      // browser then knows each value is at least that new, and fetches nothing until it moves.
      const marker = key === CHANGES_KEY ? Promise.resolve() : this.load({ path: PATHS.changes });
      const loading: Promise<void> & { status?: string; value?: undefined } = marker.then(() =>
        server.read(read.path, read.query).then(
          (value) => void this.reads.set(key, { value: value ?? null }),
          (error: unknown) => void this.reads.set(key, { error: errorCodeOf(error) }),
        ),
      );
      void loading.then(() => {
        loading.status = "fulfilled";
        loading.value = undefined;
      });
      pending = loading;
      this.pending.set(key, pending);
    }
    return pending;
  }

  /**
   * Browser: a live read has a newer value. Kept in place of the embedded one, because other
   * readers of the same key may still be hydrating (they must start from what the server
   * rendered, or newer, never from nothing), and a screen mounted later starts from it too.
   */
  remember(key: string, value: unknown): void {
    this.reads.set(key, { value: value ?? null });
  }

  /** Browser: a live read failed; the embedded value must not come back later. */
  forget(key: string): void {
    this.reads.delete(key);
  }

  /** Server: every read performed so far (the change marker among them), each once. */
  performedReads(): LiveRead[] {
    return [...this.performed.values()];
  }

  /** A read's stored outcome, if it has one. */
  entryOf(read: LiveRead): SnapshotEntry | undefined {
    return this.reads.get(readKey(read));
  }

  /** Codes of the reads that failed (the renderer answers 503 when the database is down). */
  failedReads(): ContentErrorCode[] {
    // The marker is no content: without it the page is only less live.
    return [...this.reads].flatMap(([key, e]) => ("error" in e && key !== CHANGES_KEY ? [e.error] : []));
  }

  toSnapshot(): ContentSnapshot {
    return { reads: Object.fromEntries(this.reads), markdown: Object.fromEntries(this.markdown) };
  }
}

function errorCodeOf(error: unknown): ContentErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "permission-denied" || code === "not-found" || code === "invalid" || code === "unknown" ? code : "unavailable";
}

const RenderContext = createContext<RenderStore | null>(null);

/** Provides the page's store: the server's (reads and records), or the browser's (from the embedded snapshot). */
export function RenderProvider({ store, children }: { store: RenderStore; children: ReactNode }) {
  return <RenderContext value={store}>{children}</RenderContext>;
}

export function useRenderStore(): RenderStore | null {
  return useContext(RenderContext);
}

/**
 * The entry a public read starts from: the embedded one in the browser; on the server, the read
 * is performed first (rendering suspends until it answers). Undefined: no snapshot (or no public
 * read), start live.
 */
export function useSnapshotEntry(read: LiveRead | undefined, enabled: boolean): SnapshotEntry | undefined {
  const store = useContext(RenderContext);
  if (!store || !enabled || !read) return undefined;
  // Every server render calls use() for each of its reads, in the same order, answered or not:
  // React matches use() calls by position when it renders a suspended component again.
  if (store.server) use(store.load(read));
  return store.reads.get(readKey(read));
}

/** FNV-1a of a markdown source (or of stored HTML): the key of its rendered HTML in the snapshot. */
export function markdownKey(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i += 1) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}-${source.length.toString(36)}`;
}
