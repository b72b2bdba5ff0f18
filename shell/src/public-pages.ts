// The public pages as plain data, with no imports: the shell's build reads them too (the routes
// in host-contract.json, for the release check), and site-map.ts adds what the renderer needs.
import type { RemoteName, ScreenOf } from "./remotes/screens";

type Screen = { [R in RemoteName]: { remote: R; module: ScreenOf<R> } }[RemoteName];

export type PublicPage = Screen & {
  /** Route pattern, relative to its layout ("" is the index route). */
  path: string;
  layout: "home" | "blog";
  /** The page's default title, until the screen declares one from its content. */
  title: string;
  /** A fixed URL to list in sitemap.xml (patterns with parameters list their records instead). */
  sitemapPath?: string;
};

export const PUBLIC_PAGES: PublicPage[] = [
  { path: "", layout: "home", remote: "remote_home", module: "HomePage", title: "Home", sitemapPath: "/" },
  {
    path: "write-recommendation",
    layout: "home",
    remote: "remote_home",
    module: "WriteRecommendationPage",
    title: "Write a recommendation",
    sitemapPath: "/write-recommendation",
  },
  { path: "blogs/list", layout: "blog", remote: "remote_blog", module: "BlogListPage", title: "Blog", sitemapPath: "/blogs/list" },
  { path: "blogs/:id", layout: "blog", remote: "remote_blog", module: "BlogPostPage", title: "Blog post" },
  { path: "blogs/series/:slug", layout: "blog", remote: "remote_blog", module: "BlogSeriesPage", title: "Series" },
  {
    path: "favorite-quotes/:id?",
    layout: "blog",
    remote: "remote_blog",
    module: "FavoriteQuotesPage",
    title: "Favourite quotes",
    sitemapPath: "/favorite-quotes",
  },
  { path: "list-of-seen-films", layout: "blog", remote: "remote_blog", module: "SeenFilmsPage", title: "Seen films", sitemapPath: "/list-of-seen-films" },
];
