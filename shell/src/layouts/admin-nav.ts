import { ADMIN_SECTIONS as SECTIONS, DATA_TOOL, SITE_PATHS } from "shared-content";
import type { NavItem } from "./site-header";
import type { ScreenOf } from "../remotes/screens";

type AdminScreen = ScreenOf<"remote_admin">;

// The admin sections (shared-content's one list) with their route; the type check below fails
// the build when a section names a screen remote-admin does not expose.
const checked: readonly ((typeof SECTIONS)[number] & { module: AdminScreen; badge?: AdminScreen })[] = SECTIONS;
export const ADMIN_SECTIONS = checked.map((section) => ({ ...section, to: SITE_PATHS.adminSection.getHref(section.slug) }));

/**
 * The admin area's one navigation (`badge`: a remote-admin component shown in the link, such as
 * the number of pending recommendations: the admin's reads stay out of the shell's bundle): the
 * overview, every section, the account screen and the data tool (a public route whose writes
 * need admin rights), in the order the sidebar shows them.
 */
export const ADMIN_NAV: (NavItem & { end?: boolean; badge?: AdminScreen })[] = [
  { to: SITE_PATHS.admin.getHref(), label: "Overview", end: true },
  ...ADMIN_SECTIONS.map(({ to, label, badge }) => ({ to, label, badge })),
  { to: SITE_PATHS.adminReleases.getHref(), label: "Releases" },
  { to: SITE_PATHS.dataTool.getHref(), label: DATA_TOOL.label },
];
