// The page head a server render collects: what the screens declare with usePageMeta while they
// render, kept apart from the content snapshot (which is what the browser hydrates from and
// never carries the head). Only the server provides one; in the browser usePageMeta sets the
// document's title and description itself.
import { createContext, useContext, type ReactNode } from "react";
import type { PreviewImage } from "../picture-markup";

export interface PageMeta {
  /** The page's own title ("Blog", a post's title); the site name is appended. */
  title?: string;
  description?: string;
  /** Preview image: an absolute URL or a path on this site, or an upload's share image with its size (previewImageOf). */
  image?: string | PreviewImage | null;
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
  /** A feed of this page's own (a tag's posts), linked from the head beside the site's feed: its title and path. */
  feed?: { title: string; href: string };
}

export class PageHead {
  /** The page's metadata as declared so far; a later declaration overrides an earlier one. */
  meta: PageMeta = {};

  declare(meta: PageMeta): void {
    this.meta = { ...this.meta, ...meta };
  }
}

const PageHeadContext = createContext<PageHead | null>(null);

/** `head`: the server render's collector; null in the browser. */
export function PageHeadProvider({ head, children }: { head: PageHead | null; children: ReactNode }) {
  return <PageHeadContext value={head}>{children}</PageHeadContext>;
}

export function usePageHead(): PageHead | null {
  return useContext(PageHeadContext);
}
