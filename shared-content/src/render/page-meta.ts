// A screen's metadata: its title and description for the browser tab, and for the server the
// preview tags, JSON-LD and HTTP status of the first HTML response (renderer/src/document.ts
// turns it into <head>). The screen that knows the content declares it; the shell declares each
// route's default.
import { useEffect, useLayoutEffect } from "react";
import { useSiteName } from "../hooks/use-content";
import { useRenderStore } from "./render-store";
import { SITE_NAME } from "./site-name";

export { SITE_NAME };

export interface PageMeta {
  /** The page's own title ("Blog", a post's title); the site name is appended. */
  title?: string;
  description?: string;
  /** Preview image: an absolute URL or a path on this site. */
  image?: string | null;
  /** Open Graph type; "article" adds the published and modified times. */
  type?: "website" | "article" | "profile";
  publishedTime?: number;
  modifiedTime?: number;
  /** The HTTP status of a server-rendered response (404 for a post that does not exist). */
  status?: number;
  /** A schema.org object (BlogPosting, Person) for the page's JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** The site's name (the owner's), recorded by usePageMeta for the server's head. */
  siteName?: string;
}

/** "Blog · Maya Lindqvist"; the site's name alone for the page that is the site itself. */
export function formatTitle(page: string | undefined, site: string = SITE_NAME): string {
  return page && page !== site ? `${page} · ${site}` : site;
}

/**
 * Declares the page's metadata. `null`: not known yet (still loading). `route`: the shell's
 * per-route default, applied before (so overridden by) what the screen declares.
 */
export function usePageMeta(meta: PageMeta | null, { route = false }: { route?: boolean } = {}): void {
  const store = useRenderStore();
  const siteName = useSiteName();
  // Server: recorded while rendering; the screen renders after its route, so it wins.
  if (store?.server && meta) store.meta = { ...store.meta, ...meta, siteName };
  const useApply = route ? useLayoutEffect : useEffect;
  const title = meta ? formatTitle(meta.title, siteName) : null;
  const description = meta?.description ?? null;
  useApply(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = title;
    if (description === null) return () => void (document.title = previousTitle);
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    // Leaving the page puts back what was there (the next page then declares its own).
    return () => {
      document.title = previousTitle;
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [title, description]);
}
