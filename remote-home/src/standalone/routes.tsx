import { lazy } from "react";
import type { StandaloneRoute } from "shared-ui/standalone";

// Same paths as the shell's route table (docs/architecture.md, "Routes"), so links behave alike.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: "/", label: "Home", Component: lazy(() => import("../pages/home-page")) },
  { path: "/write-recommendation", label: "Write a recommendation", Component: lazy(() => import("../pages/write-recommendation-page")) },
];
