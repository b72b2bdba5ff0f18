import { initFirebase, loadRuntimeConfig } from "shared-auth";
import { remoteRegistry } from "./remotes/remote-registry";

export async function bootstrap(): Promise<void> {
  const config = await loadRuntimeConfig("/config.json");
  initFirebase(config);
  remoteRegistry.register(config.remotes);
}
