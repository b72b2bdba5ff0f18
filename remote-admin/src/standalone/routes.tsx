import { lazy, type ComponentType } from "react";
import type { StandaloneRoute } from "shared-ui/standalone";

const section = (slug: string, label: string, load: () => Promise<{ default: ComponentType }>): StandaloneRoute => ({
  path: `/admin-panel/${slug}/*`,
  link: `/admin-panel/${slug}`,
  label,
  Component: lazy(load),
});

// Same paths as the shell's route table (docs/architecture.md, "Routes"). No guard here: sign in through the
// shell or the Auth emulator; the database rules still refuse writes from non-admins.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: "/admin-panel", label: "Overview", Component: lazy(() => import("../pages/admin-overview")) },
  section("configure-about", "About", () => import("../pages/configure-about")),
  section("configure-experience", "Experience", () => import("../pages/configure-experience")),
  section("configure-recommendations", "Recommendations", () => import("../pages/configure-recommendations")),
  section("configure-skills", "Skills", () => import("../pages/configure-skills")),
  section("configure-free-time-projects", "Projects", () => import("../pages/configure-free-time-projects")),
  section("configure-get-in-touch", "Get in touch", () => import("../pages/configure-get-in-touch")),
  section("write-blog", "Blog posts", () => import("../pages/write-blog")),
  section("write-quote", "Quotes", () => import("../pages/write-quote")),
  section("configure-films", "Films", () => import("../pages/configure-films")),
  section("account", "Account", () => import("../pages/account")),
  { path: "/create-realtime-data", label: "Realtime data", Component: lazy(() => import("../pages/create-realtime-data")) },
];
