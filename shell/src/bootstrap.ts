import { ensureAuth, initFirebase, useAuthStore } from "shared-auth";
import { type RuntimeConfig } from "runtime-config";
import { loadSiteConfig } from "./releases/site-config";
import { remoteRegistry } from "./remotes/app-registry";
import { endPreview, readPreview, type ReleasePreview } from "./remotes/release-preview";
import { CLIENT_ONLY } from "./site-map";
import { yieldToMain } from "./yield-to-main";

/** Whether the visitor is a signed-in admin, once the first auth state is known. */
async function isSignedInAdmin(): Promise<boolean> {
  await ensureAuth();
  return new Promise((resolve) => {
    const settled = () => {
      const { status, isAdmin } = useAuthStore.getState();
      if (status === "signedOut") return false;
      if (status === "signedIn" && isAdmin !== null) return isAdmin;
      return null;
    };
    const now = settled();
    if (now !== null) return resolve(now);
    const stop = useAuthStore.subscribe(() => {
      const result = settled();
      if (result === null) return;
      stop();
      resolve(result);
    });
  });
}

/**
 * `embedded`: the config a server-rendered page carries (saves fetching /config.json). Resolves
 * with the release preview this tab shows, if any (release-preview.ts): only for a signed-in admin.
 */
export async function bootstrap(embedded?: RuntimeConfig): Promise<{ preview: ReleasePreview | null }> {
  const config = embedded ?? (await loadSiteConfig());
  initFirebase(config);
  // The tab's storage is read from the browser's process on first use: a step of its own.
  await yieldToMain();
  let preview = readPreview(config);
  if (preview && !(await isSignedInAdmin().catch(() => false))) {
    endPreview();
    preview = null;
  }
  // Auth loads lazily (shared-auth); on a route that needs it, start the download now, in
  // parallel with the remotes, instead of when the guard first renders.
  if (CLIENT_ONLY.test(window.location.pathname)) ensureAuth().catch(() => undefined);
  remoteRegistry.register(preview ? { ...config.remotes, [preview.remote]: preview.manifestUrl } : config.remotes);
  return { preview };
}
