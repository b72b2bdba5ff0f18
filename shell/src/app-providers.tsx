import { StrictMode, type ReactNode } from "react";
import { RenderProvider, type RenderStore } from "shared-content";
import type { RemoteRegistry } from "./remotes/remote-registry";
import { RemoteRegistryContext, SlotRenderContext, type SlotRenderState } from "./remotes/remote-slot";

/** What every page renders inside: the same providers in the browser and on the server. */
export function AppProviders({
  store,
  slots,
  registry,
  children,
}: {
  store: RenderStore;
  slots: SlotRenderState;
  registry: RemoteRegistry;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RenderProvider store={store}>
        <RemoteRegistryContext value={registry}>
          <SlotRenderContext value={slots}>{children}</SlotRenderContext>
        </RemoteRegistryContext>
      </RenderProvider>
    </StrictMode>
  );
}
