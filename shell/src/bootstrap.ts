import { ensureAuth, initFirebase, loadRuntimeConfig } from "shared-auth";
import { remoteRegistry } from "./remotes/remote-registry";

const AUTH_ROUTES = /^\/(admin-panel|login|create-realtime-data)(\/|$)/;

export async function bootstrap(): Promise<void> {
  const config = await loadRuntimeConfig("/config.json");
  initFirebase(config);
  // Auth loads lazily (shared-auth); on a route that needs it, start the download now, in
  // parallel with the remotes, instead of when the guard first renders.
  if (AUTH_ROUTES.test(window.location.pathname)) ensureAuth().catch(() => undefined);
  remoteRegistry.register(config.remotes);
}
