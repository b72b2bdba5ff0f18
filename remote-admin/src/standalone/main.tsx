// Development entry for running this remote alone (`npm run dev -w remote-admin`): not federated, so
// it initialises Firebase itself with the local-stack config and mounts shared-ui's standalone page.
import { initFirebase } from "shared-auth";
import { SiteNameProvider } from "shared-content/admin";
import { mountStandalone } from "shared-ui/standalone";
import { AuthBar } from "./auth-bar";
import { devConfig } from "./dev-config";
import { standaloneRoutes } from "./routes";

initFirebase(devConfig);
mountStandalone("remote-admin", standaloneRoutes, { toolbar: <AuthBar />, providers: SiteNameProvider });
