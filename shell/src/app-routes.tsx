import { Navigate, Route, createRoutesFromElements, useLocation, useRoutes, type RouteObject } from "shared-router";
import { RequireAuth } from "./auth/require-auth";
import { ADMIN_SECTIONS } from "./layouts/admin-nav";
import { BlogLayout } from "./layouts/blog-layout";
import { HomeLayout } from "./layouts/home-layout";
import { PlainLayout } from "./layouts/plain-layout";
import { LazyAdminLayout, LazyAdminToolsLayout, LazyLoginPage, LazyReleasesPage, LazyResetPasswordPage } from "./lazy-parts";
import { NotFoundPage } from "./pages/not-found-page";
import { RemoteScreen } from "./remotes/remote-screen";
import { REDIRECTS, SITE_PATHS, redirectFor } from "shared-content";
import { PUBLIC_ROUTES, type PublicRoute } from "./site-map";

/** A redirect of the route data (REDIRECTS): its target, parameters filled in by `redirectFor` as on the server, the query kept. */
function Redirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={(redirectFor(pathname) ?? "/") + search} replace />;
}

function publicRoutes(layout: PublicRoute["layout"]) {
  return PUBLIC_ROUTES.filter((r) => r.layout === layout).map((r) => {
    const element = <RemoteScreen {...({ remote: r.remote, module: r.module, title: r.title } as Parameters<typeof RemoteScreen>[0])} />;
    return r.path === "" ? <Route key="index" index element={element} /> : <Route key={r.path} path={r.path} element={element} />;
  });
}

/**
 * The route table (docs/architecture.md, "Routes"), as route objects rendered by <AppRoutes> under
 * the browser's BlockingBrowserRouter and the server's StaticRouter alike, and matched by the
 * site map. Every address is SITE_PATHS' (shared-content); public pages come from the site map
 * (site-map.ts), the admin sections from admin-nav.ts. Admin sections end in /* so screens
 * may nest relative <Routes>. No route `lazy`: screens load in RemoteSlot.
 */
export const appRoutes: RouteObject[] = createRoutesFromElements(
  <>
    {REDIRECTS.map((r) => (
      <Route key={r.from} path={r.from} element={<Redirect />} />
    ))}
    <Route element={<HomeLayout />}>
      {publicRoutes("home")}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route element={<PlainLayout />}>
      <Route path={SITE_PATHS.login.path} element={<LazyLoginPage />} />
      <Route path={SITE_PATHS.resetPassword.path} element={<LazyResetPasswordPage />} />
    </Route>
    <Route element={<LazyAdminToolsLayout />}>
      <Route path={`${SITE_PATHS.dataTool.path}/*`} element={<RemoteScreen remote="remote_admin" module="CreateRealtimeData" title="Create realtime data" />} />
    </Route>
    <Route element={<BlogLayout />}>{publicRoutes("blog")}</Route>
    <Route
      element={
        <RequireAuth>
          <BlogLayout />
        </RequireAuth>
      }
    >
      {/* The post editor's draft preview: the admin's own browser hands the post over, shown at the public layout. */}
      <Route path={SITE_PATHS.postPreview.path} element={<RemoteScreen remote="remote_blog" module="BlogPostPreview" title="Post preview" />} />
    </Route>
    <Route
      path={SITE_PATHS.admin.path}
      element={
        <RequireAuth>
          <LazyAdminLayout />
        </RequireAuth>
      }
    >
      <Route index element={<RemoteScreen remote="remote_admin" module="AdminOverview" title="Admin panel" />} />
      {ADMIN_SECTIONS.map((s) => (
        <Route key={s.slug} path={`${s.to}/*`} element={<RemoteScreen remote="remote_admin" module={s.module} title={s.title} />} />
      ))}
      {/* The shell's own admin screen: it must work when a remote's release does not. */}
      <Route path={SITE_PATHS.adminReleases.path} element={<LazyReleasesPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>,
);

/** The page for the router's current location. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
