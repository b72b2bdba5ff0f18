// The public pages of the site (public-pages.ts) with what the server renderer needs, read by the
// route table (app-routes.tsx), the renderer (which pages it renders, and sitemap.xml) and the
// tests; and the pages rendered in the browser only. Every address comes from SITE_PATHS.
import { PATHS, SITE_PATHS, type LiveRead } from "shared-content";
import { matchRoutes } from "shared-router";
import { PUBLIC_PAGES, type PublicPage } from "./public-pages";

export type PublicRoute = PublicPage & {
  /**
   * Reads the screen makes, as its hooks make them (the render store derives the same key from
   * the same read): the server starts them together at the start of the request instead of one
   * after another as the screen's hooks suspend in turn. A read missing here is still made, only
   * later; one listed but not made is a wasted read.
   */
  reads?: readonly LiveRead[];
};

/** The reads each public screen is known to make (see PublicRoute.reads). */
const SCREEN_READS: Partial<Record<PublicPage["module"], readonly LiveRead[]>> = {
  HomePage: [PATHS.about, PATHS.contact, PATHS.experience, PATHS.recommendations, PATHS.skills, PATHS.projects].map((path) => ({ path })),
};

export const PUBLIC_ROUTES: PublicRoute[] = PUBLIC_PAGES.map((page) => ({ ...page, reads: SCREEN_READS[page.module] }));

/** The signed-in area, the sign-in page and the password reset page: rendered in the browser only, with what lies under them. */
const CLIENT_ONLY_PAGES = [SITE_PATHS.admin, SITE_PATHS.login, SITE_PATHS.resetPassword, SITE_PATHS.dataTool] as const;

/** Paths under a client-only page (CLIENT_ONLY_PAGES). */
export const CLIENT_ONLY = new RegExp(`^(${CLIENT_ONLY_PAGES.map((page) => page.path).join("|")})(/|$)`);

/** Every page's layout shows the site's name (the owner's, from the about section). */
export const LAYOUT_READS: readonly LiveRead[] = [{ path: PATHS.about }];

/** The public route a path shows, or null (an unknown path: the not-found page). */
export function matchPublicRoute(pathname: string): PublicRoute | null {
  const matches = matchRoutes(
    PUBLIC_ROUTES.map((route) => ({ path: `/${route.path}`, route })),
    pathname,
  );
  return (matches?.[0]?.route as { route?: PublicRoute } | undefined)?.route ?? null;
}
