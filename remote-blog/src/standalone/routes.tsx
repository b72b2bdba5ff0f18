import { lazy } from "react";
import type { StandaloneRoute } from "shared-ui/standalone";

// Same paths as the shell's route table (docs/architecture.md, "Routes"), so links behave alike.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: "/blogs/list", label: "Blog", Component: lazy(() => import("../pages/blog-list-page")) },
  { path: "/blogs/:id", link: "/blogs/hello-world", label: "A post", Component: lazy(() => import("../pages/blog-post-page")) },
  { path: "/favorite-quotes/:id?", link: "/favorite-quotes", label: "Quotes", Component: lazy(() => import("../pages/favorite-quotes-page")) },
  { path: "/list-of-seen-films", label: "Films", Component: lazy(() => import("../pages/seen-films-page")) },
];
