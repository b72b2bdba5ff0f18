// The shell's server rendering (imported by renderer/): the page's HTML for one URL, composed
// from the same route table, layouts and remote slots as in the browser. Each slot's screen comes
// from its remote's server entry through `loader`; the content comes from `store`, which reads
// as a visitor. Rendering waits for every remote and every read (prerender), so the HTML is whole.
import { PassThrough } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "shared-router/server";
import { PageHead, type PageMeta, type RenderStore } from "shared-content";
import { AppProviders } from "../app-providers";
import { AppRoutes } from "../app-routes";
import type { LinkPreview } from "release-protocol";
import { ReleaseBanners } from "../remotes/release-preview-banner";
import type { RemoteLoader } from "../remotes/remote-registry";
import { parseSlotKey, type SlotKey } from "../ssr/slot-key";

export { PUBLIC_ROUTES, CLIENT_ONLY, LAYOUT_READS, matchPublicRoute, type PublicRoute } from "../site-map";
export { slotKey, parseSlotKey, type SlotKey } from "../ssr/slot-key";
export { PAGE_DATA_ID, pageDataScript, type PageData } from "../ssr/page-data";
export { jsonForScript } from "../ssr/json-script";
export { RemoteLoadError, screenIn, type RemoteLoader, type RemoteModule } from "../remotes/remote-registry";
export { REMOTE_SCREENS } from "../remotes/screens";

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  meta: PageMeta;
  /** Every slot the page shows, and those whose remote could not be loaded (they show the fallback). */
  slots: SlotKey[];
  failedSlots: SlotKey[];
  /** Remote -> why its release cannot run on this site, for the remotes whose slots fell back for it. */
  incompatible: Record<string, string>;
  /** Remote -> the release whose server entry rendered the page's slots (the X-Remote-Releases header). */
  releases: Record<string, string>;
  /**
   * Errors thrown while rendering. React renders such a part again in the browser and sends its
   * Suspense fallback ("Loading…") in the HTML meanwhile, so the page is not whole.
   */
  errors: unknown[];
}

/**
 * The whole markup once everything is ready (every remote loaded, every read answered). Written
 * out only then, each boundary's content stands in place: a crawler or a browser without
 * JavaScript reads the page as it is, with no script needed to reveal streamed parts.
 */
function renderWhenReady(element: ReactNode, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const { pipe, abort } = renderToPipeableStream(element, {
      // Never outline a large boundary into a hidden segment revealed by script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => (html += chunk.toString("utf8")));
        sink.on("end", () => resolve(html));
        pipe(sink);
      },
      onShellError: reject,
      onError: (error) => {
        console.error("[renderer] render error", error);
        onError(error);
      },
    });
    setTimeout(() => abort(new Error("render timed out")), 15_000).unref();
  });
}

/** `preview`, `notice`: the shareable preview link this page renders, or why a link was refused (renderer/src/releases/selection.ts). */
export async function renderPage(
  path: string,
  { store, loader, preview = null, notice = null }: { store: RenderStore; loader: RemoteLoader; preview?: LinkPreview | null; notice?: string | null },
): Promise<RenderedPage> {
  const slots = { server: true, rendered: new Set<SlotKey>(), failed: new Set<SlotKey>() };
  const errors: unknown[] = [];
  const head = new PageHead();
  const html = await renderWhenReady(
    <AppProviders store={store} head={head} slots={slots} loader={loader}>
      <ReleaseBanners link={preview} notice={notice} />
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    (error) => errors.push(error),
  );
  const incompatible: Record<string, string> = {};
  for (const slot of slots.failed) {
    const remote = parseSlotKey(slot)?.remote ?? "";
    const reason = loader.incompatibility(remote);
    if (reason) incompatible[remote] = reason;
  }
  // The releases of the remotes whose screens the page shows (a slot that fell back used none).
  const releases: Record<string, string> = {};
  for (const slot of slots.rendered) {
    if (slots.failed.has(slot)) continue;
    const remote = parseSlotKey(slot)?.remote ?? "";
    const release = loader.release(remote);
    if (release) releases[remote] = release;
  }
  return { html, meta: head.meta, slots: [...slots.rendered], failedSlots: [...slots.failed], incompatible, releases, errors };
}
