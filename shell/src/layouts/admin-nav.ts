import type { NavItem } from "./site-header";
import type { ScreenOf } from "../remotes/screens";

// The admin sections (docs/architecture.md, "Routes") plus the account screen (issue 6).
export const ADMIN_SECTIONS: (NavItem & { module: ScreenOf<"remote_admin">; title: string; slug: string; badge?: ScreenOf<"remote_admin"> })[] = [
  { slug: "configure-about", to: "/admin-panel/configure-about", label: "About", module: "ConfigureAbout", title: "Configure about" },
  { slug: "configure-experience", to: "/admin-panel/configure-experience", label: "Experience", module: "ConfigureExperience", title: "Configure experience" },
  {
    slug: "configure-recommendations",
    to: "/admin-panel/configure-recommendations",
    label: "Recommendations",
    module: "ConfigureRecommendations",
    title: "Configure recommendations",
    badge: "PendingCount",
  },
  { slug: "configure-skills", to: "/admin-panel/configure-skills", label: "Skills", module: "ConfigureSkills", title: "Configure skills" },
  {
    slug: "configure-free-time-projects",
    to: "/admin-panel/configure-free-time-projects",
    label: "Free-time projects",
    module: "ConfigureFreeTimeProjects",
    title: "Configure free-time projects",
  },
  {
    slug: "configure-get-in-touch",
    to: "/admin-panel/configure-get-in-touch",
    label: "Get in touch",
    module: "ConfigureGetInTouch",
    title: "Configure get in touch",
  },
  { slug: "write-blog", to: "/admin-panel/write-blog", label: "Blog posts", module: "WriteBlog", title: "Write blog" },
  { slug: "write-quote", to: "/admin-panel/write-quote", label: "Quotes", module: "WriteQuote", title: "Write quote" },
  { slug: "configure-films", to: "/admin-panel/configure-films", label: "Films", module: "ConfigureFilms", title: "Configure films" },
  { slug: "account", to: "/admin-panel/account", label: "Account", module: "Account", title: "Account" },
];

/**
 * The admin area's one navigation (`badge`: a remote-admin component shown in the link, such as
 * the number of pending recommendations: the admin's reads stay out of the shell's bundle): the overview, every section, the account screen and the data
 * tool (a public route whose writes need admin rights), in the order the sidebar shows them.
 */
export const ADMIN_NAV: (NavItem & { end?: boolean; badge?: ScreenOf<"remote_admin"> })[] = [
  { to: "/admin-panel", label: "Overview", end: true },
  ...ADMIN_SECTIONS.map(({ to, label, badge }) => ({ to, label, badge })),
  { to: "/admin-panel/releases", label: "Releases" },
  { to: "/create-realtime-data", label: "Data import and export" },
];
