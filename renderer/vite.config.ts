// Builds the renderer for Node: the shell's server rendering and the workspace packages are
// bundled in; npm packages stay external (installed beside it, as the Functions runtime does).
// The shell's built template and Vite manifest are copied next to it (dist/shell/).
import { cpSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { sharedModules } from "../federation.shared.ts";

const here = dirname(fileURLToPath(import.meta.url));
const shellDist = join(here, "..", "shell", "dist");

function copyShellTemplate(): Plugin {
  return {
    name: "renderer:copy-shell-template",
    writeBundle() {
      for (const file of ["app.html", ".vite/manifest.json"]) {
        const from = join(shellDist, file);
        if (!existsSync(from)) throw new Error(`renderer: ${from} is missing; build the shell first`);
        cpSync(from, join(here, "dist", "shell", file));
      }
    },
  };
}

const WORKSPACE = ["shell", "shared-auth", "shared-content", "shared-router", "shared-ui", "federation-contract"];

export default defineConfig({
  plugins: [react(), copyShellTemplate()],
  define: {
    __SHARED_VERSIONS__: JSON.stringify(Object.fromEntries(Object.entries(sharedModules).map(([name, s]) => [name, s.version]))),
  },
  ssr: { noExternal: WORKSPACE, target: "node" },
  build: {
    ssr: true,
    target: "node20",
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      input: { function: "src/function.ts", server: "src/server.ts" },
      output: { format: "es", entryFileNames: "[name].js" },
    },
  },
});
