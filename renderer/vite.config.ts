// Builds the renderer for Node: the shell's server rendering and the workspace packages are
// bundled in; npm packages stay external (installed beside it, as the Functions runtime does).
// The shell's built template, Vite manifest and stylesheets are copied next to it (dist/shell/).
import { cpSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { sharedModules } from "federation-kit/shared";
import { BUNDLED_WORKSPACES } from "./bundled-workspaces.ts";
import { shellAssets } from "./src/shell-assets.ts";

const here = dirname(fileURLToPath(import.meta.url));
const shellDist = join(here, "..", "shell", "dist");

// The stylesheets a page inlines come from here, never from a host a request names.
function copyShellTemplate(): Plugin {
  return {
    name: "renderer:copy-shell-template",
    writeBundle() {
      const manifest = join(shellDist, ".vite", "manifest.json");
      if (!existsSync(manifest)) throw new Error(`renderer: ${manifest} is missing; build the shell first`);
      const styles = shellAssets(JSON.parse(readFileSync(manifest, "utf8")) as Parameters<typeof shellAssets>[0]).css;
      for (const file of ["app.html", ".vite/manifest.json", ...styles.map((path) => path.replace(/^\/+/, ""))]) {
        const from = join(shellDist, file);
        if (!existsSync(from)) throw new Error(`renderer: ${from} is missing; build the shell first`);
        cpSync(from, join(here, "dist", "shell", file));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), copyShellTemplate()],
  define: {
    __SHARED_VERSIONS__: JSON.stringify(Object.fromEntries(Object.entries(sharedModules).map(([name, s]) => [name, s.version]))),
  },
  ssr: { noExternal: [...BUNDLED_WORKSPACES], target: "node" },
  build: {
    ssr: true,
    target: "node20",
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      input: { function: "src/function.ts", server: "src/server.ts", "scheduler-local": "src/scheduler-local.ts" },
      output: { format: "es", entryFileNames: "[name].js" },
    },
  },
});
