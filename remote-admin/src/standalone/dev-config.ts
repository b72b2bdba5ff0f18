import { localStackConfig } from "shared-auth";

// The local stack's ports follow the same env vars as npm start.
const env = import.meta.env;
export const devConfig = localStackConfig({
  authPort: Number(env.VITE_AUTH_PORT ?? 9099),
  databasePort: Number(env.VITE_DATABASE_PORT ?? 9000),
});
