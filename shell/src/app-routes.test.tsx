import { describe, expect, it } from "vitest";
import { isValidElement } from "react";
import { matchRoutes } from "react-router-dom";
import { ADMIN_SECTIONS, SITE_PATHS } from "shared-content";
import { appRoutes } from "./app-routes";
import { PUBLIC_PAGES } from "./public-pages";
import { CLIENT_ONLY } from "./site-map";

/** The screen (remote module, or shell page name) the deepest matched route renders. */
function screenAt(path: string): string | undefined {
  const matches = matchRoutes(appRoutes, path);
  const element = matches?.at(-1)?.route.element;
  if (!isValidElement(element)) return undefined;
  const props = element.props as { module?: string; to?: string };
  if (props.module) return props.module;
  if (props.to) return `redirect:${props.to}`;
  return typeof element.type === "function" ? ((element.type as { displayName?: string }).displayName ?? element.type.name) : undefined;
}

function hasLazyRoute(routes: typeof appRoutes): boolean {
  return routes.some((r) => r.lazy !== undefined || (r.children ? hasLazyRoute(r.children) : false));
}

describe("appRoutes (the route table of docs/architecture.md, Routes)", () => {
  it("maps the public, blog and admin URLs to their screens", () => {
    const screens: Record<string, string> = {
      "/": "HomePage",
      "/write-recommendation": "WriteRecommendationPage",
      "/login": "Lazy(Sign-in page)",
      "/create-realtime-data": "CreateRealtimeData",
      // Redirects are route data (shared-content's REDIRECTS): the route renders the redirect.
      "/blogs": "Redirect",
      "/blogs/favorite-quotes": "Redirect",
      "/blogs/favorite-quotes/q1": "Redirect",
      "/blogs/list-of-seen-films": "Redirect",
      "/blogs/list": "BlogListPage",
      "/blogs/a-post": "BlogPostPage",
      "/favorite-quotes": "FavoriteQuotesPage",
      "/favorite-quotes/q1": "FavoriteQuotesPage",
      "/list-of-seen-films": "SeenFilmsPage",
      "/admin-panel": "AdminOverview",
      "/admin-panel/configure-about": "ConfigureAbout",
      "/admin-panel/write-blog/edit/x": "WriteBlog",
      "/admin-panel/nope": "NotFoundPage",
      "/no/such/page": "NotFoundPage",
    };
    for (const [path, screen] of Object.entries(screens)) expect(screenAt(path), path).toBe(screen);
  });

  it("has a route for every link the URL builders make, and a builder for every public page", () => {
    expect(screenAt(SITE_PATHS.post.getHref("a-post"))).toBe("BlogPostPage");
    expect(screenAt(SITE_PATHS.quotes.getHref("q1"))).toBe("FavoriteQuotesPage");
    expect(screenAt(SITE_PATHS.blogList.getHref({ tag: "css" }).split("?")[0] as string)).toBe("BlogListPage");
    expect(screenAt(SITE_PATHS.postPreview.getHref())).toBe("BlogPostPreview");
    expect(screenAt(SITE_PATHS.adminReleases.getHref())).toBe("Lazy(Releases)");
    for (const section of ADMIN_SECTIONS) expect(screenAt(SITE_PATHS.adminSection.getHref(section.slug))).toBe(section.module);
  });

  it("derives every public page's route from its SITE_PATHS entry", () => {
    for (const page of PUBLIC_PAGES) {
      const pattern = SITE_PATHS[page.page].path;
      expect(`/${page.path}`).toBe(pattern);
      // An address of the pattern, each parameter filled in.
      expect(screenAt(pattern.replace(/:\w+\??/g, "x"))).toBe(page.module);
    }
  });

  it("renders the signed-in area and the sign-in page in the browser only, and no public page", () => {
    for (const path of [SITE_PATHS.login.getHref("/x"), SITE_PATHS.dataTool.getHref(), SITE_PATHS.admin.getHref(), SITE_PATHS.adminReleases.getHref()])
      expect(CLIENT_ONLY.test(new URL(path, "http://site").pathname), path).toBe(true);
    for (const page of PUBLIC_PAGES) expect(CLIENT_ONLY.test(`/${page.path}`), page.path).toBe(false);
    expect(CLIENT_ONLY.test("/login-help")).toBe(false);
  });

  it("uses no route lazy (the declarative router ignores it: screens load inside RemoteSlot, shell parts in lazy-parts)", () => {
    expect(hasLazyRoute(appRoutes)).toBe(false);
  });
});
