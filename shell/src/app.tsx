import { useEffect } from "react";
import { BlockingBrowserRouter } from "shared-router";
import type { RenderStore } from "shared-content";
import { AppProviders } from "./app-providers";
import { AppRoutes } from "./app-routes";
import { remoteRegistry } from "./remotes/app-registry";
import type { ReleasePreview } from "./remotes/release-preview";
import { ReleasePreviewBanner } from "./remotes/release-preview-banner";
import type { SlotRenderState } from "./remotes/remote-slot";

/** `onMounted`: the app's root has hydrated or rendered (see ssr/interactive.ts). `preview`: a release this tab previews. */
export function App({
  store,
  slots,
  preview,
  onMounted,
}: {
  store: RenderStore;
  slots: SlotRenderState;
  preview?: ReleasePreview | null;
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <AppProviders store={store} slots={slots} loader={remoteRegistry} registry={remoteRegistry}>
      {/* Exactly one child when not previewing, as on the server: a sibling would change every useId and so break hydration. */}
      {preview ? (
        <>
          <ReleasePreviewBanner preview={preview} />
          <BlockingBrowserRouter>
            <AppRoutes />
          </BlockingBrowserRouter>
        </>
      ) : (
        <BlockingBrowserRouter>
          <AppRoutes />
        </BlockingBrowserRouter>
      )}
    </AppProviders>
  );
}
