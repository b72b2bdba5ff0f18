// The site's addresses, in one place: each page's route pattern (`path`) and the builder of a
// link to it (`getHref`), as bulletproof-react's `paths`; the admin sections as one list of data;
// the redirects. The shell's route table, public pages and client-only list, the remotes' links
// and standalone pages, the renderer (sitemap, feed, redirects) and the benchmarks derive from
// it. Pure data with no imports, so build configurations and scripts import it too, through
// `shared-content/site-urls`; browser code imports it from `shared-content`. Database paths are paths.ts.

const encode = encodeURIComponent;

export const SITE_PATHS = {
  home: { path: "/", getHref: () => "/" },
  writeRecommendation: { path: "/write-recommendation", getHref: () => "/write-recommendation" },
  blogList: {
    path: "/blogs/list",
    /** `tag` filters the list by one tag. */
    getHref: ({ tag }: { tag?: string } = {}) => (tag ? `/blogs/list?tag=${encode(tag)}` : "/blogs/list"),
  },
  post: { path: "/blogs/:id", getHref: (slug: string) => `/blogs/${encode(slug)}` },
  /** A series' own page: its published parts in order. */
  series: { path: "/blogs/series/:slug", getHref: (slug: string) => `/blogs/series/${encode(slug)}` },
  quotes: {
    path: "/favorite-quotes/:id?",
    /** With an id: that quote's own link (shown first and highlighted). */
    getHref: (id?: string) => (id ? `/favorite-quotes/${encode(id)}` : "/favorite-quotes"),
  },
  films: { path: "/list-of-seen-films", getHref: () => "/list-of-seen-films" },
  login: {
    path: "/login",
    /** `redirect`: where to return after signing in (a full path, query and hash included). */
    getHref: (redirect?: string) => (redirect ? `/login?redirect=${encode(redirect)}` : "/login"),
  },
  /** Where the password reset email's link lands (`?mode=resetPassword&oobCode=…`, added by Firebase Auth). */
  resetPassword: { path: "/reset-password", getHref: () => "/reset-password" },
  dataTool: { path: "/create-realtime-data", getHref: () => "/create-realtime-data" },
  admin: { path: "/admin-panel", getHref: () => "/admin-panel" },
  adminSection: { path: "/admin-panel/:section", getHref: (slug: AdminSectionSlug) => `/admin-panel/${slug}` },
  adminReleases: { path: "/admin-panel/releases", getHref: () => "/admin-panel/releases" },
  postPreview: { path: "/admin-panel/preview/post", getHref: () => "/admin-panel/preview/post" },
} as const;

/** A page of the site: its key in SITE_PATHS. */
export type SitePage = keyof typeof SITE_PATHS;

/**
 * The one address a route pattern stands for when it needs no parameter (optional ones left
 * out): "/favorite-quotes/:id?" is "/favorite-quotes"; "/blogs/:id" has none. The sitemap lists
 * these, and the release check visits them. Not in the public entry: no visitor needs it.
 */
export function fixedAddress(pattern: string): string | undefined {
  const address = pattern.replace(/\/:[^/]+\?/g, "") || "/";
  return address.includes(":") ? undefined : address;
}

/** A link to a post. */
export const postUrl = SITE_PATHS.post.getHref;

/** The RSS feed of every post (where the renderer answers it; the shell's template links it), or of one tag's posts. */
export const feedUrl = (tag?: string) => (tag ? `/feed.xml?tag=${encode(tag)}` : "/feed.xml");

/**
 * The admin panel's sections, in navigation order: the shell's routes and sidebar, the admin
 * overview's cards and the standalone dev page read this one list. `label`: the sidebar's and
 * the overview's name; `title`: the page's title; `module`: the remote-admin screen it shows;
 * `badge`: a remote-admin component shown in its link (the pending count); `overview: false`:
 * not a card on the overview.
 */
export const ADMIN_SECTIONS = [
  { slug: "configure-about", label: "About", title: "Configure about", module: "ConfigureAbout", description: "Headline, location, avatar, CV and the bio." },
  {
    slug: "configure-experience",
    label: "Experience",
    title: "Configure experience",
    module: "ConfigureExperience",
    description: "Positions with their projects and technologies.",
  },
  {
    slug: "configure-recommendations",
    label: "Recommendations",
    title: "Configure recommendations",
    module: "ConfigureRecommendations",
    badge: "PendingCount",
    description: "Moderate submissions and edit the published ones.",
  },
  { slug: "configure-skills", label: "Skills", title: "Configure skills", module: "ConfigureSkills", description: "Skills grouped by category." },
  {
    slug: "configure-free-time-projects",
    label: "Free-time projects",
    title: "Configure free-time projects",
    module: "ConfigureFreeTimeProjects",
    description: "Side projects with links and technologies.",
  },
  {
    slug: "configure-get-in-touch",
    label: "Get in touch",
    title: "Configure get in touch",
    module: "ConfigureGetInTouch",
    description: "Email, phone, location and links.",
  },
  { slug: "write-blog", label: "Blog posts", title: "Write blog", module: "WriteBlog", description: "Write, publish and unpublish posts." },
  { slug: "write-quote", label: "Quotes", title: "Write quote", module: "WriteQuote", description: "Favourite quotes." },
  { slug: "configure-films", label: "Films", title: "Configure films", module: "ConfigureFilms", description: "The list of seen films." },
  { slug: "media", label: "Media", title: "Media library", module: "MediaLibrary", description: "Every uploaded picture: alt text, sizes, where it is used." },
  {
    slug: "subscribers",
    label: "Subscribers",
    title: "Subscribers",
    module: "Subscribers",
    description: "Readers who get new posts by email: search, remove, CSV export and import, posts sent.",
  },
  { slug: "account", label: "Account", title: "Account", module: "Account", description: "Your sign-in email and password.", overview: false },
] as const satisfies readonly AdminSection[];

export interface AdminSection {
  slug: string;
  label: string;
  title: string;
  module: string;
  badge?: string;
  description: string;
  overview?: false;
}

export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number]["slug"];

/** The data tool: a public route (its writes need admin rights), listed with the sections. */
export const DATA_TOOL = { label: "Data import and export", description: "Export all content as JSON, or import a file." } as const;

/**
 * Paths answered with a permanent redirect (the server) or a replacing navigation (the browser).
 * `from` is a route pattern (`:name` stands for one segment, `?` after it for an optional one);
 * `to` names the same parameters, filled in from the path. The specification listed the quotes
 * and films pages among `/blogs`' children: their addresses lead to the real pages.
 */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: "/blogs", to: SITE_PATHS.blogList.getHref() },
  { from: "/blogs/favorite-quotes/:id?", to: SITE_PATHS.quotes.path },
  { from: "/blogs/list-of-seen-films", to: SITE_PATHS.films.path },
];

/** The parameters of `path` under `pattern`, or null when it does not match. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    const part = want[i];
    const segment = have[i];
    if (part === undefined) return null;
    if (part.startsWith(":")) {
      const optional = part.endsWith("?");
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (!optional) return null;
        continue;
      }
      params[name] = segment;
    } else if (part !== segment) return null;
  }
  return params;
}

/** `to` with its `:name` parameters filled in (an absent optional one drops its segment). */
function fillPattern(to: string, params: Record<string, string>): string {
  const filled = to
    .split("/")
    .map((part) => (part.startsWith(":") ? (params[part.slice(1).replace(/\?$/, "")] ?? null) : part))
    .filter((part): part is string => part !== null)
    .join("/");
  return filled === "" ? "/" : filled;
}

/** Where `pathname` redirects to (a trailing slash ignored; parameters kept as they were encoded), or undefined. */
export function redirectFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  for (const redirect of REDIRECTS) {
    const params = matchPattern(redirect.from, path);
    if (params) return fillPattern(redirect.to, params);
  }
  return undefined;
}
