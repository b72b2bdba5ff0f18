import { join } from "node:path";
import { defineConfig, runnerImport, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { exportNamesOf, publishHostContract, runtimeExportsOf, workspacePackage } from "federation-contract/build";
import { eagerCommonJs } from "federation-kit/eager-commonjs";
import { federationRuntimeDefines, hostInternals, reactRouterProduction } from "federation-kit/host-internals";
import { SHARED_WORKSPACE_PACKAGES, sharedModules } from "federation-kit/shared";
import { REMOTE_SCREENS } from "./src/remotes/screens.ts";

const port = Number(process.env.SITE_PORT ?? 4173);

// The built page template is app.html, not index.html: Firebase Hosting serves an index.html
// for "/" before any rewrite, which would bypass the server renderer on the home page. The
// renderer (and, without it, the Hosting rewrite of last resort) serves app.html instead.
/**
 * The modules each of `entries` imports statically, within its folder: what every page loads with
 * it (its lazy parts, such as the markdown renderer or the account actions, stay out). Known once
 * the module graph is built, for the chunk groups below.
 */
function staticModules(name: string, entries: () => { entry: string; dir: string }[], exclude: (id: string) => boolean = () => false) {
  const modules = new Set<string>();
  const plugin: Plugin & { has(id: string): boolean } = {
    name: `shell:static-modules-${name}`,
    apply: "build",
    buildEnd() {
      modules.clear();
      for (const { entry, dir } of entries()) {
        const queue = [entry];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (modules.has(id) || exclude(id)) continue;
          modules.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (next.startsWith(dir + "/")) queue.push(next);
        }
      }
    },
    has: (id) => modules.has(id),
  };
  return plugin;
}
/** The shared workspace packages' modules every page runs. */
const visitorModules = staticModules("shared-packages", () =>
  SHARED_WORKSPACE_PACKAGES.map((name) => {
    const dir = join(import.meta.dirname, "..", name);
    return { entry: workspacePackage(dir).main, dir };
  }),
);
/**
 * The shell's own start-up and layouts, which every page runs after the libraries (src/main.tsx):
 * one chunk, not the dozen small ones its two dynamic imports would otherwise make. The yield the
 * entry itself needs stays out, or the entry would evaluate all of this in its first task.
 */
const shellStartModules = staticModules(
  "shell-start",
  () => ["start.tsx", "app.tsx"].map((file) => ({ entry: join(import.meta.dirname, "src", file), dir: join(import.meta.dirname, "src") })),
  (id) => /\/(yield-to-main|start-failure)\.ts$/.test(id),
);

/** The chunks every page runs at start-up (the chunk groups below). */
const START_UP_CHUNKS = new Set(["react", "router", "libraries", "shell"]);

function templateAsAppHtml(): Plugin {
  return {
    name: "shell:template-as-app-html",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const page = bundle["index.html"];
      if (page) page.fileName = "app.html";
    },
  };
}

/** The version of each shared module this build provides (federation-kit/shared's). */
const providedVersions = Object.fromEntries(Object.entries(sharedModules).map(([name, share]) => [name, share.version]));

/** The same, for the page's federation instance and the browser's remote guard (src/remotes/). */
export const hostSharedVersions = { __HOST_SHARED_VERSIONS__: JSON.stringify(providedVersions) };

/**
 * A module of workspace TypeScript, through Vite's module runner: a config's bare imports are
 * otherwise loaded by Node, which runs no TypeScript (the dev config reads the roster of remotes).
 * `shared-content` is narrowed to its pure entry, the site's addresses: what the public pages read
 * of it (their browser copy reads the same module through the shared singleton).
 */
async function importTs<T>(id: string): Promise<T> {
  const pureContent = { find: /^shared-content$/, replacement: "shared-content/site-urls" };
  return (await runnerImport<T>(id, { configFile: false, root: import.meta.dirname, logLevel: "silent", resolve: { alias: [pureContent] } })).module;
}

export default defineConfig(async ({ command }) => ({
  define: { ...hostSharedVersions, ...federationRuntimeDefines },
  plugins: [
    // The runtime's package.json trimmed to its version, and the checks that fail this build when
    // an upgrade changes an internal it relies on (federation-kit's host-internals.ts).
    ...hostInternals(),
    react(),
    // The libraries' CommonJS wrappers compiled off the main thread (federation-kit's eager-commonjs.ts).
    eagerCommonJs(),
    templateAsAppHtml(),
    visitorModules,
    shellStartModules,
    // The dev server's /config.json: the local emulators' ports, each remote from its dev server or its build.
    command === "serve" && (await importTs<typeof import("dev-tools/dev-config")>("dev-tools/dev-config")).serveDevConfig(),
    // host-contract.json: what this shell provides to remotes and what it loads from them, read by
    // the release command before a remote goes live (docs/releases.md).
    publishHostContract({
      shared: providedVersions,
      screens: REMOTE_SCREENS,
      routes: (await importTs<typeof import("./src/public-pages.ts")>(join(import.meta.dirname, "src", "public-pages.ts"))).PUBLIC_PAGES.map(
        ({ path, remote, module }) => ({ path: `/${path}`, remote, module }),
      ),
      exportsOf: async (name) =>
        (SHARED_WORKSPACE_PACKAGES as readonly string[]).includes(name)
          ? exportNamesOf(workspacePackage(join(import.meta.dirname, "..", name)).main)
          : runtimeExportsOf(name).catch(() => undefined),
    }),
  ],
  // react-router's production build (federation-kit's host-internals.ts says why).
  resolve: command === "build" ? { alias: reactRouterProduction } : undefined,
  server: { host: "127.0.0.1", port, strictPort: true },
  preview: { host: "127.0.0.1", port, strictPort: true },
  build: {
    target: "es2022",
    emptyOutDir: true,
    // .vite/manifest.json: the renderer's build reads the page's entry chunk and its preloads from it.
    manifest: true,
    // Every browser the site supports (es2022) preloads modules natively; older ones only preload less.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // V8's explicit compile hint on the chunks every page runs at start-up: each is compiled
        // whole while it streams in, off the main thread, so the first call of each function during
        // start-up and hydration does not compile it on the main thread (a task each, on a phone).
        postBanner: (chunk: { name: string }) => (START_UP_CHUNKS.has(chunk.name) ? "//# allFunctionsCalledOnLoad" : ""),
        // Few first-visit chunks compress better (gzip starts afresh in every file): the
        // federation runtime in one, and the libraries every page runs in three, which main.tsx
        // evaluates one task at a time (one chunk of them all was one long task on a phone). Only
        // packages every public page loads belong here; a module named here leaves its lazy chunk.
        codeSplitting: {
          groups: [
            // What the entry needs before any library (src/main.tsx): Vite's helper for dynamic
            // imports, the yield between steps and the start-up failure message. Elsewhere, the entry's first task would
            // evaluate the chunk they landed in, and all that chunk imports.
            { name: "entry-helpers", test: /vite[\\/]preload-helper|[\\/]shell[\\/]src[\\/](yield-to-main|start-failure)\.ts$/ },
            // The runtime, and the plugin that publishes it for the remotes (src/remotes/federation-host.ts).
            { name: "federation", test: /node_modules[\\/]@module-federation[\\/]/ },
            // React, the router and the shared packages' code every page runs: the modules the
            // page's federation instance offers the remotes (src/remotes/federation-host.ts).
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "router",
              test: (id: string) => /node_modules[\\/]react-router[\\/]/.test(id) || (visitorModules.has(id) && /[\\/]shared-router[\\/]/.test(id)),
            },
            {
              name: "libraries",
              test: (id: string) => /node_modules[\\/](valibot|zustand)[\\/]/.test(id) || visitorModules.has(id),
            },
            { name: "shell", test: (id: string) => shellStartModules.has(id) },
          ],
        },
      },
    },
  },
}));
