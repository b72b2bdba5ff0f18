import { StrictMode, type ReactNode } from "react";
import { RenderProvider, type RenderStore } from "shared-content";
import { SlotRenderContext, type SlotRenderState } from "./remotes/remote-slot";

/** What every page renders inside: the same providers in the browser and on the server. */
export function AppProviders({ store, slots, children }: { store: RenderStore; slots: SlotRenderState; children: ReactNode }) {
  return (
    <StrictMode>
      <RenderProvider store={store}>
        <SlotRenderContext value={slots}>{children}</SlotRenderContext>
      </RenderProvider>
    </StrictMode>
  );
}
