// Start-up, after the libraries (main.tsx): read the runtime config (embedded in a server-rendered
// page, else /config.json), initialise Firebase once (shared-auth), register the remotes, then
// hydrate the server's HTML or render from scratch (the signed-in area, or a page served without
// the renderer). Each step ends with a yield to the browser, so none makes a long task.
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RenderStore } from "shared-content";
import { applyTheme, preferredTheme } from "./theme/theme";
import { bootstrap } from "./bootstrap";
import { remoteRegistry } from "./remotes/app-registry";
import { startReleaseReports } from "./remotes/release-reports";
import { interactiveMarker } from "./ssr/interactive";
import { readPageData, type PageData } from "./ssr/page-data";
import { showStartFailure } from "./start-failure";
import { yieldToMain } from "./yield-to-main";

/** Each rendered slot's HTML as the server sent it, kept readable if its remote then fails to load here (not a fallback). */
function serverSlotHtml(pageData: PageData | null) {
  const slots = new Map<string, string>();
  const failed = new Set<string>(pageData?.failedSlots ?? []);
  for (const el of document.querySelectorAll<HTMLElement>("[data-remote][data-module]")) {
    const slot = `${el.dataset.remote}/${el.dataset.module}`;
    if (!failed.has(slot)) slots.set(slot, el.innerHTML);
  }
  return { path: location.pathname + location.search, slots };
}

export async function start(): Promise<void> {
  applyTheme(preferredTheme());
  const rootElement = document.getElementById("root");
  if (!rootElement) throw new Error("index.html has no #root");
  const pageData = readPageData();
  // The remotes the server put under a canary on this page: which release ran, and whether it failed.
  startReleaseReports({ watched: pageData?.watched ?? [], entries: pageData?.config.remotes ?? {}, serverReleases: pageData?.releases ?? {} });
  await yieldToMain();

  let preview: Awaited<ReturnType<typeof bootstrap>>["preview"];
  try {
    ({ preview } = await bootstrap(pageData?.config));
  } catch (error) {
    console.error("[shell] start-up failed", error);
    // A server-rendered page stays readable as it is; an empty one says what happened.
    if (!pageData) showStartFailure(rootElement, "its configuration");
    return;
  }
  // The server's verdicts on the remotes' releases hold for this page (the same fallback hydrates).
  for (const [remote, reason] of Object.entries(pageData?.incompatible ?? {})) if (remote !== preview?.remote) remoteRegistry.markIncompatible(remote, reason);
  await yieldToMain();
  // The page's remote screens start loading alongside the app's own code.
  for (const slot of pageData?.slots ?? []) {
    const [remote = "", module = ""] = slot.split("/");
    remoteRegistry.load(remote, module).catch(() => undefined);
  }
  const { App } = await import("./app");
  await yieldToMain();
  const store = new RenderStore(pageData?.content);
  const interactive = interactiveMarker(pageData?.slots ?? []);
  const serverHtml = pageData ? serverSlotHtml(pageData) : undefined;
  const slots = {
    server: false,
    rendered: new Set<string>(),
    failed: new Set(pageData?.failedSlots),
    hydrated: interactive.slotHydrated,
    serverHtml,
    // A release preview renders afresh (below), so nothing hydrates then.
    hydrating: preview ? undefined : new Set(serverHtml?.slots.keys()),
  };
  const app = (
    <App store={store} slots={slots} preview={preview} linkPreview={pageData?.preview} notice={pageData?.notice} onMounted={interactive.appMounted} />
  );
  await yieldToMain();
  // A mismatch means the browser re-rendered part of the page: say so loudly (e2e checks it).
  // A tab's release preview renders afresh: the server rendered the live release, not the
  // candidate. A shared link's preview hydrates: the server rendered the candidate, and the
  // page data's config names the same manifest for the browser.
  // Hydrating in a transition lets React work in slices of a few milliseconds and yield between
  // them (an ordinary hydrateRoot runs as one task): the page already shows the server's HTML,
  // so nothing is waiting on it, and a phone's main thread stays free for the visitor's input.
  if (pageData && !preview)
    startTransition(() => {
      hydrateRoot(rootElement, app, { onRecoverableError: (error) => console.error("[shell] hydration mismatch", error) });
    });
  else {
    rootElement.innerHTML = "";
    createRoot(rootElement).render(app);
  }
}
