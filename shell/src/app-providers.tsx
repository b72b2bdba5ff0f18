import { StrictMode, type ReactNode } from "react";
import { PageHeadProvider, RenderProvider, SiteNameProvider, type PageHead, type RenderStore } from "shared-content";
import type { RemoteRegistry } from "./remotes/remote-registry";
import { RemoteRegistryContext, SlotRenderContext, type SlotRenderState } from "./remotes/remote-slot";

/**
 * What every page renders inside: the same providers in the browser and on the server (which
 * also passes the `head` that collects the page's metadata).
 */
export function AppProviders({
  store,
  head,
  slots,
  registry,
  children,
}: {
  store: RenderStore;
  head?: PageHead;
  slots: SlotRenderState;
  registry: RemoteRegistry;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RenderProvider store={store}>
        <PageHeadProvider head={head ?? null}>
          <SiteNameProvider>
            <RemoteRegistryContext value={registry}>
              <SlotRenderContext value={slots}>{children}</SlotRenderContext>
            </RemoteRegistryContext>
          </SiteNameProvider>
        </PageHeadProvider>
      </RenderProvider>
    </StrictMode>
  );
}
