import { describe, expect, it } from "vitest";
import { isValidElement } from "react";
import { matchRoutes } from "react-router-dom";
import { appRoutes } from "./app-routes";

/** The screen (remote module, or shell page name) the deepest matched route renders. */
function screenAt(path: string): string | undefined {
  const matches = matchRoutes(appRoutes, path);
  const element = matches?.at(-1)?.route.element;
  if (!isValidElement(element)) return undefined;
  const props = element.props as { module?: string; to?: string };
  if (props.module) return props.module;
  if (props.to) return `redirect:${props.to}`;
  return typeof element.type === "function" ? element.type.name : undefined;
}

function hasLazyRoute(routes: typeof appRoutes): boolean {
  return routes.some((r) => r.lazy !== undefined || (r.children ? hasLazyRoute(r.children) : false));
}

describe("appRoutes (the data router table of docs/architecture.md, Routes)", () => {
  it("maps the public, blog and admin URLs to their screens", () => {
    expect(screenAt("/")).toBe("HomePage");
    expect(screenAt("/write-recommendation")).toBe("WriteRecommendationPage");
    expect(screenAt("/login")).toBe("LazyLoginPage");
    expect(screenAt("/create-realtime-data")).toBe("CreateRealtimeData");
    expect(screenAt("/blogs")).toBe("redirect:/blogs/list");
    expect(screenAt("/blogs/list")).toBe("BlogListPage");
    expect(screenAt("/blogs/a-post")).toBe("BlogPostPage");
    expect(screenAt("/favorite-quotes")).toBe("FavoriteQuotesPage");
    expect(screenAt("/favorite-quotes/q1")).toBe("FavoriteQuotesPage");
    expect(screenAt("/list-of-seen-films")).toBe("SeenFilmsPage");
    expect(screenAt("/admin-panel")).toBe("AdminOverview");
    expect(screenAt("/admin-panel/configure-about")).toBe("ConfigureAbout");
    expect(screenAt("/admin-panel/write-blog/edit/x")).toBe("WriteBlog");
    expect(screenAt("/admin-panel/nope")).toBe("NotFoundPage");
    expect(screenAt("/no/such/page")).toBe("NotFoundPage");
  });

  it("uses no route lazy (screens load inside RemoteSlot)", () => {
    expect(hasLazyRoute(appRoutes)).toBe(false);
  });
});
