import { StrictMode, type ReactNode } from "react";
import { PageHeadProvider, RenderProvider, SiteNameProvider, type PageHead, type RenderStore } from "shared-content";
import type { RemoteLoader, RemoteRegistry } from "./remotes/remote-registry";
import { RemoteLoaderContext, RemoteRegistryContext, SlotRenderContext, type SlotRenderState } from "./remotes/remote-slot";

/**
 * What every page renders inside: the same providers in the browser and on the server (which
 * also passes the `head` that collects the page's metadata). `loader`: what the slots load remote
 * screens with; `registry`: the browser's registry (it is the loader there too), for the admin
 * parts that read its entries.
 */
export function AppProviders({
  store,
  head,
  slots,
  loader,
  registry,
  children,
}: {
  store: RenderStore;
  head?: PageHead;
  slots: SlotRenderState;
  loader: RemoteLoader;
  registry?: RemoteRegistry;
  children: ReactNode;
}) {
  const withRegistry = registry ? <RemoteRegistryContext value={registry}>{children}</RemoteRegistryContext> : children;
  return (
    <StrictMode>
      <RenderProvider store={store}>
        <PageHeadProvider head={head ?? null}>
          <SiteNameProvider>
            <RemoteLoaderContext value={loader}>
              <SlotRenderContext value={slots}>{withRegistry}</SlotRenderContext>
            </RemoteLoaderContext>
          </SiteNameProvider>
        </PageHeadProvider>
      </RenderProvider>
    </StrictMode>
  );
}
