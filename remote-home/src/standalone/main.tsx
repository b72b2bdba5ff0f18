// Development entry for running this remote alone (`npm run dev -w remote-home`): not federated, so
// it initialises Firebase itself with the local-stack config and mounts shared-ui's standalone page.
import { initFirebase } from "shared-auth";
import { SiteNameProvider } from "shared-content";
import { mountStandalone } from "shared-ui/standalone";
import { devConfig } from "./dev-config";
import { standaloneRoutes } from "./routes";

initFirebase(devConfig);
mountStandalone("remote-home", standaloneRoutes, { providers: SiteNameProvider });
