import { StrictMode } from "react";
import { RouterProvider, createBrowserRouter } from "shared-router";
import { appRoutes } from "./app-routes";

// One data router for the page's lifetime, created when this module is first loaded (after
// bootstrap). Created outside render so StrictMode does not make a second history listener.
const router = createBrowserRouter(appRoutes);

export function App() {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
