import type { RuntimeConfig } from "shared-auth";

// The local stack's defaults (brief contract 1); the ports follow the same env vars as npm start.
const env = import.meta.env;
const authPort = env.VITE_AUTH_PORT ?? "9099";
const dbPort = Number(env.VITE_DATABASE_PORT ?? 9000);

export const devConfig: RuntimeConfig = {
  firebase: {
    apiKey: "demo-api-key",
    authDomain: "demo-portfolio.firebaseapp.com",
    projectId: "demo-portfolio",
    appId: "demo-app",
    databaseURL: `http://127.0.0.1:${dbPort}/?ns=demo-portfolio-default-rtdb`,
  },
  emulators: { auth: `http://127.0.0.1:${authPort}`, database: { host: "127.0.0.1", port: dbPort } },
  remotes: {},
};
