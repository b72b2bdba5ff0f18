import { localStackConfig } from "runtime-config/local-stack";

// The local stack's ports follow the same variables as npm start (AUTH_PORT, DATABASE_PORT, STORAGE_PORT;
// federation-kit/remote-config passes them to the dev server's page).
const env = import.meta.env;
export const devConfig = localStackConfig({
  authPort: Number(env.AUTH_PORT ?? 9099),
  databasePort: Number(env.DATABASE_PORT ?? 9000),
  storagePort: Number(env.STORAGE_PORT ?? 9199),
});
