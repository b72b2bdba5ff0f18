import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { federation } from "@module-federation/vite";
import { sharedModules } from "../federation.shared.ts";
// The exposed screens are the federation contract, kept in one JSON file the contract test reads too.
import exposes from "./src/exposes.json" with { type: "json" };

const port = Number(process.env.REMOTE_ADMIN_PORT ?? 4176);

export default defineConfig(({ command }) => ({
  plugins: [
    federation({
      name: "remote_admin",
      filename: "remoteEntry.js",
      manifest: true,
      dts: false,
      exposes,
      shared: sharedModules,
      // The built remote reuses the shell's federation runtime (published by the shell, see its
      // config) instead of shipping its own (~18 KB gzip per remote on every page). The dev server
      // keeps its own runtime so the remote still runs alone for development.
      experiments: command === "build" ? { externalRuntime: true } : undefined,
      dev: { remoteHmr: true },
    }),
    react(),
  ],
  // Served from its own origin: the shell loads it cross-origin, so CORS must be on.
  server: { host: "127.0.0.1", port, strictPort: true, origin: `http://127.0.0.1:${port}`, cors: true },
  preview: { host: "127.0.0.1", port, strictPort: true, cors: true },
  build: { target: "es2022", emptyOutDir: true },
}));
