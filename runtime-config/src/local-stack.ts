// runtime-config/local-stack: what development pages and tests use to reach the local stack. An
// entry of its own, which no production code imports, so no production bundle carries a loopback address.
import type { RuntimeConfig } from "./index";

/**
 * The runtime config of the local stack (demo project, the emulators on 127.0.0.1), for a
 * remote running alone in development; the shell gets the same from the served config.json.
 */
export function localStackConfig({
  authPort = 9099,
  databasePort = 9000,
  storagePort = 9199,
}: { authPort?: number; databasePort?: number; storagePort?: number } = {}): RuntimeConfig {
  return {
    firebase: {
      apiKey: "demo-api-key",
      authDomain: "demo-portfolio.firebaseapp.com",
      projectId: "demo-portfolio",
      appId: "demo-app",
      databaseURL: `http://127.0.0.1:${databasePort}/?ns=demo-portfolio-default-rtdb`,
      storageBucket: "demo-portfolio.appspot.com",
    },
    emulators: {
      auth: `http://127.0.0.1:${authPort}`,
      database: { host: "127.0.0.1", port: databasePort },
      storage: { host: "127.0.0.1", port: storagePort },
    },
    remotes: {},
  };
}
