import { Navigate, Route, createRoutesFromElements, type RouteObject } from "shared-router";
import { RequireAuth } from "./auth/require-auth";
import { AdminLayout, AdminToolsLayout } from "./layouts/admin-layout";
import { ADMIN_SECTIONS } from "./layouts/admin-nav";
import { BlogLayout } from "./layouts/blog-layout";
import { HomeLayout } from "./layouts/home-layout";
import { PlainLayout } from "./layouts/plain-layout";
import { LazyLoginPage } from "./pages/lazy-login-page";
import { NotFoundPage } from "./pages/not-found-page";
import { RemoteScreen } from "./remotes/remote-screen";

/**
 * The route table of DESIGN section 4, as route objects for the shell's data router (a data
 * router lets remotes use `useBlocker`, which also guards browser Back/Forward). Admin sections
 * end in /* so screens may nest relative <Routes>. No route `lazy`: screens load in RemoteSlot.
 */
export const appRoutes: RouteObject[] = createRoutesFromElements(
  <>
    <Route element={<HomeLayout />}>
      <Route index element={<RemoteScreen remote="remote_home" module="HomePage" title="Home" />} />
      <Route path="write-recommendation" element={<RemoteScreen remote="remote_home" module="WriteRecommendationPage" title="Write a recommendation" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route element={<PlainLayout />}>
      <Route path="login" element={<LazyLoginPage />} />
    </Route>
    <Route element={<AdminToolsLayout />}>
      <Route path="create-realtime-data/*" element={<RemoteScreen remote="remote_admin" module="CreateRealtimeData" title="Create realtime data" />} />
    </Route>
    <Route element={<BlogLayout />}>
      <Route path="blogs">
        <Route index element={<Navigate to="/blogs/list" replace />} />
        <Route path="list" element={<RemoteScreen remote="remote_blog" module="BlogListPage" title="Blog" />} />
        <Route path=":id" element={<RemoteScreen remote="remote_blog" module="BlogPostPage" title="Blog post" />} />
      </Route>
      <Route path="favorite-quotes/:id?" element={<RemoteScreen remote="remote_blog" module="FavoriteQuotesPage" title="Favourite quotes" />} />
      <Route path="list-of-seen-films" element={<RemoteScreen remote="remote_blog" module="SeenFilmsPage" title="Seen films" />} />
    </Route>
    <Route
      path="admin-panel"
      element={
        <RequireAuth>
          <AdminLayout />
        </RequireAuth>
      }
    >
      <Route index element={<RemoteScreen remote="remote_admin" module="AdminOverview" title="Admin panel" />} />
      {ADMIN_SECTIONS.map((s) => (
        <Route key={s.slug} path={`${s.slug}/*`} element={<RemoteScreen remote="remote_admin" module={s.module} title={s.title} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>,
);
