import { join } from "node:path";
import { defineConfig, runnerImport, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { federation } from "@module-federation/vite";
import { exportNamesOf, publishHostContract, runtimeExportsOf, workspacePackage } from "federation-contract/build";
import { SHARED_WORKSPACE_PACKAGES, buildSharedModules, sharedModules } from "../federation.shared.ts";
import { REMOTE_SCREENS } from "./src/remotes/screens.ts";

const port = Number(process.env.SITE_PORT ?? 4173);

// The built page template is app.html, not index.html: Firebase Hosting serves an index.html
// for "/" before any rewrite, which would bypass the server renderer on the home page. The
// renderer (and, without it, the Hosting rewrite of last resort) serves app.html instead.
/**
 * provideExternalRuntime's plugin imports @module-federation/runtime's whole package.json (its
 * scripts, exports map, author...) to read one field, and every visitor downloaded it. Keep the
 * version only.
 */
function runtimePackageVersionOnly(): Plugin {
  return {
    name: "federation-runtime-package-version-only",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]@module-federation[\\/]runtime[\\/]package\.json$/.test(id)) return undefined;
      const { version } = JSON.parse(code) as { version: string };
      return { code: JSON.stringify({ version }), map: null };
    },
  };
}

/**
 * The modules each shared workspace package's entry imports statically, within the package: what
 * every page loads with it (its lazy parts, such as the markdown renderer or the account
 * actions, stay out). Known once the module graph is built, for the chunk groups below.
 */
function sharedPackagesVisitorModules(): Plugin & { has(id: string): boolean } {
  const modules = new Set<string>();
  return {
    name: "shell:shared-packages-visitor-modules",
    apply: "build",
    buildEnd() {
      modules.clear();
      for (const name of SHARED_WORKSPACE_PACKAGES) {
        const dir = join(import.meta.dirname, "..", name);
        const queue = [workspacePackage(dir).main];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (modules.has(id)) continue;
          modules.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (next.startsWith(dir + "/")) queue.push(next);
        }
      }
    },
    has: (id) => modules.has(id),
  };
}
const visitorModules = sharedPackagesVisitorModules();

/**
 * The shell's share wrappers (one per shared module: react, shared-auth, shared-content with
 * shared-router) in one chunk. The federation plugin names each wrapper that statically imports
 * its local copy (react's prebuild, shared-auth's code: they are singletons other shares depend
 * on) as a chunk of its own, in a chunk group above every user group, and each repeats the same
 * cache helpers. None has top-level await and every page loads them all, so one chunk lets gzip
 * see the helpers once. This wraps the plugin's naming function; the generated code is untouched.
 */
function shareWrappersInOneChunk(): Plugin {
  type Group = { name?: unknown };
  const LOAD_SHARE = "__loadShare__";
  const NAME = "shell:share-wrappers-in-one-chunk";
  return {
    name: NAME,
    apply: "build",
    config(config) {
      const output = config.build?.rolldownOptions?.output;
      const splitting = !Array.isArray(output) && output?.codeSplitting;
      const groups = (typeof splitting === "object" && splitting.groups) || [];
      let wrapped = 0;
      for (const group of groups as Group[]) {
        const named = group.name;
        if (typeof named !== "function") continue;
        wrapped += 1;
        group.name = (id: string, ...rest: unknown[]) => {
          const chunk = (named as (id: string, ...rest: unknown[]) => string | null | undefined)(id, ...rest);
          // Keep the plugin's markers in the name: its later steps find wrapper chunks by them.
          return typeof chunk === "string" && chunk.includes(LOAD_SHARE) ? `${chunk.slice(0, chunk.indexOf(LOAD_SHARE))}${LOAD_SHARE}all` : chunk;
        };
      }
      // This leans on @module-federation/vite's internals: say so at once when they change.
      if (!wrapped) throw new Error(`${NAME}: @module-federation/vite names no chunk group by a function any more; revisit this plugin`);
    },
    generateBundle(_options, bundle) {
      const wrappers = Object.keys(bundle).filter((file) => file.includes(LOAD_SHARE));
      if (wrappers.length !== 1 || !wrappers[0]!.includes(`${LOAD_SHARE}all`))
        this.error(`${NAME}: expected the share wrappers in one ${LOAD_SHARE}all chunk, got ${wrappers.join(", ") || "none"}; revisit this plugin`);
    },
  };
}

const reactRouterBuild = join(import.meta.dirname, "..", "node_modules", "react-router", "dist", "production");
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterBuild, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: join(reactRouterBuild, "dom-export.mjs") },
];

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

/** The versions of the shared modules this build provides, for the browser's remote guard (remotes/app-registry.ts). */
export const hostSharedVersions = {
  __HOST_SHARED_VERSIONS__: JSON.stringify(Object.fromEntries(Object.entries(sharedModules).map(([name, s]) => [name, s.version]))),
};

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
  define: hostSharedVersions,
  plugins: [
    federation({
      name: "shell",
      filename: "remoteEntry.js",
      manifest: true,
      dts: false,
      // No build-time remotes: they are registered at run time from /config.json.
      remotes: {},
      shared: command === "build" ? buildSharedModules : sharedModules,
      // Publishes the federation runtime on globalThis for the remotes, which are built with
      // experiments.externalRuntime and so do not ship their own copy.
      experiments: { provideExternalRuntime: true },
      // No manifest reader in the runtime (1.5 KB gzip for every visitor): the remote registry
      // reads each remote's mf-manifest.json itself (it judges the build from it anyway) and
      // registers the remoteEntry.js it names (src/remotes/remote-registry.ts).
      disableSnapshot: true,
    }),
    runtimePackageVersionOnly(),
    shareWrappersInOneChunk(),
    react(),
    templateAsAppHtml(),
    visitorModules,
    // The dev server's /config.json: the local emulators' ports, each remote from its dev server or its build.
    command === "serve" && (await importTs<typeof import("dev-tools/dev-config")>("dev-tools/dev-config")).serveDevConfig(),
    // host-contract.json: what this shell provides to remotes and what it loads from them, read by
    // the release command before a remote goes live (docs/architecture.md, "Releases").
    publishHostContract({
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
  // react-router's package exports only its development build (its dev warnings on); the
  // production build is the same code without them (0.5 KB gzip for every visitor).
  resolve: command === "build" ? { alias: reactRouterProduction } : undefined,
  server: { host: "127.0.0.1", port, strictPort: true },
  preview: { host: "127.0.0.1", port, strictPort: true },
  build: {
    target: "es2022",
    emptyOutDir: true,
    // Every browser the site supports (es2022) preloads modules natively; older ones only preload less.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger first-visit chunks compress better (gzip starts afresh in every file):
        // the federation runtime in one, and the libraries every page runs in another. Only
        // packages every public page loads belong here; a module named here leaves its lazy chunk.
        codeSplitting: {
          groups: [
            // The runtime with the glue that starts it: remoteEntry.js (its init registers this
            // host's shares), hostInit and pendingShares repeat the runtime's helpers, which
            // compress away in one file (2.4 KB gzip); remoteEntry.js and hostInit stay as
            // one-line files re-exporting from it, where the plugin's bootstrap imports them.
            {
              name: "federation",
              test: /node_modules[\\/]@module-federation[\\/]|virtual:mf-(localSharedImportMap|REMOTE_ENTRY_ID)|__H_A_I__hostAutoInit|__P_S__pendingShares/,
            },
            // With react-dom's prebuild: the re-export the federation's react-dom share loads
            // on every page (its own request before).
            {
              name: "libraries",
              test: (id: string) =>
                /node_modules[\\/](react-dom|scheduler|react-router|valibot|zustand)[\\/]|__prebuild__react_mf_2_dom__/.test(id) || visitorModules.has(id),
            },
          ],
        },
      },
    },
  },
}));
