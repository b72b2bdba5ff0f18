// The public pages of the site: one entry per route, read by the route table (app-routes.tsx),
// the server renderer (which pages it renders, and sitemap.xml) and the contract tests. The
// admin sections live in layouts/admin-nav.ts; neither is rendered on the server.
import { PATHS } from "shared-content";
import { matchRoutes } from "shared-router";
import { PUBLIC_PAGES, type PublicPage } from "./public-pages";

export type PublicRoute = PublicPage & {
  /**
   * Database paths the screen reads whole (its hooks' keys are these paths): the server starts
   * them together at the start of the request instead of one after another as the screen's hooks
   * suspend in turn. A path missing here is still read, only later; one listed but not read is a
   * wasted read.
   */
  reads?: readonly string[];
};

/** The reads each public screen is known to make (see PublicRoute.reads). */
const SCREEN_READS: Partial<Record<PublicPage["module"], readonly string[]>> = {
  HomePage: [PATHS.about, PATHS.contact, PATHS.experience, PATHS.recommendations, PATHS.skills, PATHS.projects],
};

export const PUBLIC_ROUTES: PublicRoute[] = PUBLIC_PAGES.map((page) => ({ ...page, reads: SCREEN_READS[page.module] }));

/** Paths that belong to the signed-in area, the sign-in page or the password reset page: rendered in the browser only. */
export const CLIENT_ONLY = /^\/(admin-panel|login|reset-password|create-realtime-data)(\/|$)/;

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
