import { ensureAuth, initFirebase, loadRuntimeConfig, type RuntimeConfig } from "shared-auth";
import { remoteRegistry } from "./remotes/app-registry";
import { CLIENT_ONLY } from "./site-map";

/** `embedded`: the config a server-rendered page carries (saves fetching /config.json). */
export async function bootstrap(embedded?: RuntimeConfig): Promise<void> {
  const config = embedded ?? (await loadRuntimeConfig("/config.json"));
  initFirebase(config);
  // Auth loads lazily (shared-auth); on a route that needs it, start the download now, in
  // parallel with the remotes, instead of when the guard first renders.
  if (CLIENT_ONLY.test(window.location.pathname)) ensureAuth().catch(() => undefined);
  remoteRegistry.register(config.remotes);
}
