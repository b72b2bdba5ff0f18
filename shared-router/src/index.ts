// The routing API of this site, and the only module that imports react-router-dom.
// Why a facade: Module Federation shares a module whole, so sharing `react-router-dom` itself
// shipped all of it (server rendering, cookies, sessions, RSC: 69 KB gzip) to every visitor.
// Sharing this module instead lets the bundler keep only what is listed here (~14 KB), while
// the shell and every remote still get one router instance at run time (one context).
// Add a name here when a screen needs it; tests may import react-router-dom directly.
export {
  // Creating the router: the shell (and the remotes' standalone dev entries) only; lint enforces it.
  BrowserRouter,
  // Components
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  // Hooks
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  // Route helpers
  createRoutesFromElements,
  matchRoutes,
  // Kept for remotes built against 1.0 (their leave guard looks for a data router, finds none and
  // falls back to guarding link clicks); new code uses useNavigationBlocker.
  useBlocker,
  UNSAFE_DataRouterContext,
} from "react-router-dom";
export type { RouteObject, Location, NavigateFunction, Params, SetURLSearchParams } from "react-router-dom";
// No data router (createBrowserRouter, RouterProvider): nothing on the site uses loaders, actions
// or fetchers, and it cost every visitor ~16 KB gzip. Its one use, holding a navigation while a
// form has unsaved changes, is here.
export { BlockingBrowserRouter, useNavigationBlocker, type NavigationAttempt, type NavigationBlocker } from "./blocking-router";
