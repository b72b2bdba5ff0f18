import { lazy, type ComponentType } from "react";
import { ADMIN_SECTIONS, DATA_TOOL, SITE_PATHS } from "shared-content/admin";
import type { StandaloneRoute } from "shared-ui/standalone";
import exposes from "../exposes.json";

// A screen by the name it is exposed under (src/exposes.json), loaded on first visit.
const pages = import.meta.glob<{ default: ComponentType }>("../pages/*.tsx");
function screen(module: string): ComponentType {
  const file = (exposes as Record<string, string>)[`./${module}`]?.replace("./src/", "../");
  const load = file ? pages[file] : undefined;
  if (!load) throw new Error(`remote-admin exposes no screen ${module}`);
  return lazy(load);
}

// The shell's admin sections (shared-content's one list), at the shell's paths. No guard here: sign
// in through the shell or the Auth emulator; the database rules still refuse writes from non-admins.
export const standaloneRoutes: StandaloneRoute[] = [
  { path: SITE_PATHS.admin.path, label: "Overview", Component: screen("AdminOverview") },
  ...ADMIN_SECTIONS.map((s) => ({
    path: `${SITE_PATHS.adminSection.getHref(s.slug)}/*`,
    link: SITE_PATHS.adminSection.getHref(s.slug),
    label: s.label,
    Component: screen(s.module),
  })),
  { path: SITE_PATHS.dataTool.path, label: DATA_TOOL.label, Component: screen("CreateRealtimeData") },
];
