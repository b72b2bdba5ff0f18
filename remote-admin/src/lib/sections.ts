// The admin sections, in navigation order. Paths are absolute (the shell owns the routes).
export interface AdminSection {
  path: string;
  title: string;
  description: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: "/admin-panel/configure-about", title: "About", description: "Headline, location, avatar, CV and the bio." },
  { path: "/admin-panel/configure-experience", title: "Experience", description: "Positions with their projects and technologies." },
  { path: "/admin-panel/configure-recommendations", title: "Recommendations", description: "Moderate submissions and edit the published ones." },
  { path: "/admin-panel/configure-skills", title: "Skills", description: "Skills grouped by category." },
  { path: "/admin-panel/configure-free-time-projects", title: "Free-time projects", description: "Side projects with links and technologies." },
  { path: "/admin-panel/configure-get-in-touch", title: "Get in touch", description: "Email, phone, location and links." },
  { path: "/admin-panel/write-blog", title: "Blog", description: "Write, publish and unpublish posts." },
  { path: "/admin-panel/write-quote", title: "Quotes", description: "Favourite quotes." },
  { path: "/admin-panel/configure-films", title: "Films", description: "The list of seen films." },
  { path: "/create-realtime-data", title: "Data import and export", description: "Export all content as JSON, or import a file." },
];
