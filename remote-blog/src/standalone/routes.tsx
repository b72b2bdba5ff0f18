import { lazy } from "react";
import { SITE_PATHS } from "shared-content";
import type { StandaloneRoute } from "shared-ui/standalone";

// The site's own route patterns (SITE_PATHS, as the shell's route table), so links behave alike.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: SITE_PATHS.blogList.path, label: "Blog", Component: lazy(() => import("../pages/blog-list-page")) },
  { path: SITE_PATHS.post.path, link: SITE_PATHS.post.getHref("hello-world"), label: "A post", Component: lazy(() => import("../pages/blog-post-page")) },
  { path: SITE_PATHS.quotes.path, link: SITE_PATHS.quotes.getHref(), label: "Quotes", Component: lazy(() => import("../pages/favorite-quotes-page")) },
  { path: SITE_PATHS.films.path, label: "Films", Component: lazy(() => import("../pages/seen-films-page")) },
];
