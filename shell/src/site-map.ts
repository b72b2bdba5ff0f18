// The public pages of the site: one entry per route, read by the route table (app-routes.tsx),
// the server renderer (which pages it renders, and sitemap.xml) and the contract tests. The
// admin sections live in layouts/admin-nav.ts; neither is rendered on the server.
import { PATHS } from "shared-content";
import { matchRoutes } from "shared-router";
import type { RemoteName, ScreenOf } from "./remotes/screens";

type Screen = { [R in RemoteName]: { remote: R; module: ScreenOf<R> } }[RemoteName];

export type PublicRoute = Screen & {
  /** Route pattern, relative to its layout ("" is the index route). */
  path: string;
  layout: "home" | "blog";
  /** The page's default title, until the screen declares one from its content. */
  title: string;
  /** A fixed URL to list in sitemap.xml (patterns with parameters list their records instead). */
  sitemapPath?: string;
  /**
   * Database paths the screen reads whole (its hooks' keys are these paths): the server starts
   * them together at the start of the request instead of one after another as the screen's hooks
   * suspend in turn. A path missing here is still read, only later; one listed but not read is a
   * wasted read.
   */
  reads?: readonly string[];
};

export const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: "",
    layout: "home",
    remote: "remote_home",
    module: "HomePage",
    title: "Home",
    sitemapPath: "/",
    reads: [PATHS.about, PATHS.contact, PATHS.experience, PATHS.recommendations, PATHS.skills, PATHS.projects],
  },
  {
    path: "write-recommendation",
    layout: "home",
    remote: "remote_home",
    module: "WriteRecommendationPage",
    title: "Write a recommendation",
    sitemapPath: "/write-recommendation",
  },
  { path: "blogs/list", layout: "blog", remote: "remote_blog", module: "BlogListPage", title: "Blog", sitemapPath: "/blogs/list" },
  { path: "blogs/:id", layout: "blog", remote: "remote_blog", module: "BlogPostPage", title: "Blog post" },
  {
    path: "favorite-quotes/:id?",
    layout: "blog",
    remote: "remote_blog",
    module: "FavoriteQuotesPage",
    title: "Favourite quotes",
    sitemapPath: "/favorite-quotes",
    reads: [PATHS.quotes],
  },
  { path: "list-of-seen-films", layout: "blog", remote: "remote_blog", module: "SeenFilmsPage", title: "Seen films", sitemapPath: "/list-of-seen-films" },
];

/** Paths the server answers with a permanent redirect instead of a page. */
export const REDIRECTS: Record<string, string> = { "/blogs": "/blogs/list", "/blogs/": "/blogs/list" };

/** Paths that belong to the signed-in area or the sign-in page: rendered in the browser only. */
export const CLIENT_ONLY = /^\/(admin-panel|login|create-realtime-data)(\/|$)/;

/** Every page's layout shows the site's name (the owner's, from the about section). */
export const LAYOUT_READS: readonly string[] = [PATHS.about];

/** The public route a path shows, or null (an unknown path: the not-found page). */
export function matchPublicRoute(pathname: string): PublicRoute | null {
  const matches = matchRoutes(
    PUBLIC_ROUTES.map((route) => ({ path: `/${route.path}`, route })),
    pathname,
  );
  return (matches?.[0]?.route as { route?: PublicRoute } | undefined)?.route ?? null;
}
