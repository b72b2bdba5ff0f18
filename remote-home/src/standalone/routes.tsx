import { lazy } from "react";
import { SITE_PATHS } from "shared-content";
import type { StandaloneRoute } from "shared-ui/standalone";

// The site's own route patterns (SITE_PATHS, as the shell's route table), so links behave alike.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: SITE_PATHS.home.path, label: "Home", Component: lazy(() => import("../pages/home-page")) },
  { path: SITE_PATHS.writeRecommendation.path, label: "Write a recommendation", Component: lazy(() => import("../pages/write-recommendation-page")) },
];
