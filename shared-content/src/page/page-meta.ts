// A screen's metadata: its title and description for the browser tab, and for the server the
// preview tags, JSON-LD and HTTP status of the first HTML response (collected by the render's
// PageHead; renderer/src/document.ts turns it into <head>). The screen that knows the content
// declares it; the shell declares each route's default.
import { useEffect, useLayoutEffect } from "react";
import { usePageHead, type PageMeta } from "./page-head";
import { SITE_NAME, useSiteName } from "./site-name";

/** "Blog · Maya Lindqvist"; the site's name alone for the page that is the site itself. */
export function formatTitle(page: string | undefined, site: string = SITE_NAME): string {
  return page && page !== site ? `${page} · ${site}` : site;
}

// Link previews (Open Graph, X, LinkedIn, Slack) show raster images only, never SVG.
const PREVIEWABLE = /\.(png|jpe?g|gif|webp)$/i;

/** Whether an image address can be a page's link preview image (a raster file); else previews use the site's share card. */
export function isPreviewImage(address: string): boolean {
  return PREVIEWABLE.test(address.split(/[?#]/)[0] ?? "");
}

/**
 * Declares the page's metadata. `null`: not known yet (still loading). `route`: the shell's
 * per-route default, applied before (so overridden by) what the screen declares.
 */
export function usePageMeta(meta: PageMeta | null, { route = false }: { route?: boolean } = {}): void {
  const head = usePageHead();
  const siteName = useSiteName();
  // Server: recorded while rendering; the screen renders after its route, so it wins.
  if (head && meta) head.declare({ ...meta, siteName });
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
