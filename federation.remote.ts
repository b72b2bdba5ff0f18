// The Vite + Module Federation settings every remote shares. A remote's vite.config.ts only
// names itself, its port and its exposed screens (src/exposes.json, the federation contract).
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { federation } from "@module-federation/vite";
import { sharedModules } from "./federation.shared.ts";

export function defineRemoteConfig({ name, port, exposes }: { name: string; port: number; exposes: Record<string, string> }) {
  return defineConfig(({ command }) => ({
    plugins: [
      federation({
        name,
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
}
