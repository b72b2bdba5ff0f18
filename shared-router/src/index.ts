// The routing API of this site, and the only module that imports react-router-dom.
// Why a facade: Module Federation shares a module whole, so sharing `react-router-dom` itself
// shipped all of it (server rendering, cookies, sessions, RSC: 69 KB gzip) to every visitor.
// Sharing this module instead lets the bundler keep only what is listed here (~35 KB), while
// the shell and every remote still get one router instance at run time (one context).
// Add a name here when a screen needs it; tests may import react-router-dom directly.
export {
  // Creating routers: the shell (and the remotes' standalone dev entries) only; lint enforces it.
  createBrowserRouter,
  BrowserRouter,
  // Components
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  // Hooks
  useBlocker,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  // Route helpers
  createRoutesFromElements,
  matchRoutes,
  // The data router's context: the admin's leave guard checks it to use useBlocker safely.
  UNSAFE_DataRouterContext,
  // The DOM RouterProvider (it flushes updates synchronously with react-dom).
  RouterProvider,
} from "react-router-dom";
export type { RouteObject, Location, NavigateFunction, Params, SetURLSearchParams } from "react-router-dom";
