import { useEffect } from "react";
import { RouterProvider, createBrowserRouter } from "shared-router";
import type { RenderStore } from "shared-content";
import { AppProviders } from "./app-providers";
import { appRoutes } from "./app-routes";
import type { SlotRenderState } from "./remotes/remote-slot";

// One data router for the page's lifetime, created when this module is first loaded (after
// bootstrap). Created outside render so StrictMode does not make a second history listener.
const router = createBrowserRouter(appRoutes);

/** Marks <html data-interactive> once the app has hydrated or rendered: its buttons now respond. */
function useMarkInteractive(): void {
  useEffect(() => {
    document.documentElement.dataset.interactive = "true";
  }, []);
}

export function App({ store, slots }: { store: RenderStore; slots: SlotRenderState }) {
  useMarkInteractive();
  return (
    <AppProviders store={store} slots={slots}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
