// The public pages: which screen shows each address of SITE_PATHS, in which layout. The shell's
// build reads them too (the routes in host-contract.json, for the release check), with
// shared-content narrowed to its pure entry (shared-content/site-urls): import nothing else here.
// site-map.ts adds what the renderer needs. A page's route pattern and sitemap address are derived
// from its SITE_PATHS entry (the sitemap's, in the renderer), never restated.
import { SITE_PATHS, type SitePage } from "shared-content";
import type { RemoteName, ScreenOf } from "./remotes/screens";

type Screen = { [R in RemoteName]: { remote: R; module: ScreenOf<R> } }[RemoteName];

type PublicPageEntry = Screen & {
  /** The address it shows: its key in SITE_PATHS. */
  page: SitePage;
  layout: "home" | "blog";
  /** The page's default title, until the screen declares one from its content. */
  title: string;
};

export type PublicPage = PublicPageEntry & {
  /** Route pattern, relative to its layout ("" is the index route): SITE_PATHS' pattern. */
  path: string;
};

const PAGES: PublicPageEntry[] = [
  { page: "home", layout: "home", remote: "remote_home", module: "HomePage", title: "Home" },
  { page: "writeRecommendation", layout: "home", remote: "remote_home", module: "WriteRecommendationPage", title: "Write a recommendation" },
  { page: "blogList", layout: "blog", remote: "remote_blog", module: "BlogListPage", title: "Blog" },
  { page: "post", layout: "blog", remote: "remote_blog", module: "BlogPostPage", title: "Blog post" },
  { page: "quotes", layout: "blog", remote: "remote_blog", module: "FavoriteQuotesPage", title: "Favourite quotes" },
  { page: "films", layout: "blog", remote: "remote_blog", module: "SeenFilmsPage", title: "Seen films" },
];

export const PUBLIC_PAGES: PublicPage[] = PAGES.map((entry) => ({ ...entry, path: SITE_PATHS[entry.page].path.slice(1) }));
