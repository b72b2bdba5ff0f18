import { useEffect } from "react";
import type { LinkPreview } from "release-protocol";
import { BlockingBrowserRouter } from "shared-router";
import type { RenderStore } from "shared-content";
import { AppProviders } from "./app-providers";
import { AppRoutes } from "./app-routes";
import { remoteRegistry } from "./remotes/app-registry";
import type { ReleasePreview } from "./remotes/release-preview";
import { ReleaseBanners } from "./remotes/release-preview-banner";
import type { SlotRenderState } from "./remotes/remote-slot";

/**
 * `onMounted`: the app's root has hydrated or rendered (see ssr/interactive.ts). `preview`: a
 * release this tab previews; `linkPreview`, `notice`: the shareable preview link the server
 * rendered the page with, or why a link was refused (the page data's).
 */
export function App({
  store,
  slots,
  preview,
  linkPreview,
  notice,
  onMounted,
}: {
  store: RenderStore;
  slots: SlotRenderState;
  preview?: ReleasePreview | null;
  linkPreview?: LinkPreview | null;
  notice?: string | null;
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <AppProviders store={store} slots={slots} loader={remoteRegistry} registry={remoteRegistry}>
      {/* The same two children as on the server (server/render-page.tsx), so every useId hydrates. */}
      <ReleaseBanners tab={preview} link={linkPreview} notice={notice} />
      <BlockingBrowserRouter>
        <AppRoutes />
      </BlockingBrowserRouter>
    </AppProviders>
  );
}
