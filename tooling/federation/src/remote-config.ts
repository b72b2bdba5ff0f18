// The Vite + Module Federation settings every remote shares. A remote's vite.config.ts only
// names itself and its exposed screens (src/exposes.json, the federation contract); its folder,
// dev port and server entry come from the roster (remotes.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { federation } from "@module-federation/vite";
import { exportNamesOf, recordSharedImports, secondEntryScopes, workspacePackage } from "federation-contract/build";
import { eagerCommonJs } from "./eager-commonjs.ts";
import { REMOTES, type RemoteName } from "./remotes.ts";
import { REPO_ROOT as root } from "./repo-root.ts";
import { SHARED_WORKSPACE_PACKAGES, remoteBuildSharedModules, sharedModules } from "./shared.ts";

/** The runtime plugin every remote's dev server loads, served from source (dev-refresh.ts). */
const DEV_REFRESH_PLUGIN = join(import.meta.dirname, "..", "src", "dev-refresh.ts");

/**
 * @module-federation/vite's generated modules a remote's page loads, by their ids (1.23.0's
 * names): its remoteEntry.js code, the share map it reads and the share wrappers. The "entry"
 * chunk group below holds them, with the runtime's entry points.
 */
const FEDERATION_GLUE = [/virtual:mf-REMOTE_ENTRY_ID/, /virtual:mf-localSharedImportMap/, /__loadShare__/];
const FEDERATION_RUNTIME = /node_modules[\\/]@module-federation[\\/]runtime[\\/]/;

/**
 * A plugin upgrade that renamed the glue would leave the "entry" group matching none of it, or
 * some of it in chunks of its own, and every visitor would download more, silently: the build
 * fails instead.
 */
function entryGroupHoldsTheGlue(): Plugin {
  const NAME = "remote:entry-group-holds-the-glue";
  return {
    name: NAME,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const entry = chunks.find((chunk) => chunk.name === "entry");
      const missing = FEDERATION_GLUE.filter((glue) => !entry?.moduleIds.some((id) => glue.test(id)));
      const strays = chunks
        .filter((chunk) => chunk !== entry)
        .flatMap((chunk) => chunk.moduleIds.filter((id) => FEDERATION_GLUE.some((glue) => glue.test(id))).map((id) => `${id} in ${chunk.fileName}`));
      if (missing.length || strays.length)
        this.error(
          `${NAME}: ${[...missing.map((glue) => `the "entry" chunk holds no module matching ${glue}`), ...strays.map((stray) => `glue outside the "entry" chunk: ${stray}`)].join("; ")}; revisit the chunk groups in federation-kit's remote-config.ts`,
        );
    },
  };
}

/**
 * A remote whose roster entry is `serverRendered` also ships a server entry (`remoteEntry.ssr.js`,
 * advertised in its mf-manifest.json as `ssrRemoteEntry`) that the renderer loads over HTTP at
 * request time, so a redeploy of this remote alone changes the server-rendered pages
 * (docs/rendering.md). Its chunks go to dist/server/ beside the browser build;
 * shared singletons come from the renderer's share scope, npm dependencies stay external.
 */
export function defineRemoteConfig(name: RemoteName, exposes: Record<string, string>) {
  const { dir, devPort, serverRendered } = REMOTES[name];
  const port = Number(process.env[devPort.env] || devPort.default);
  const version = (JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { version: string }).version;
  return defineConfig(({ command }) => ({
    plugins: [
      federation({
        name,
        filename: "remoteEntry.js",
        manifest: true,
        dts: false,
        exposes,
        shared: command === "build" ? remoteBuildSharedModules : sharedModules,
        // The built remote reuses the shell's federation runtime (published by the shell, see its
        // config) instead of shipping its own (~18 KB gzip per remote on every page). The dev server
        // keeps its own runtime so the remote still runs alone for development.
        experiments: command === "build" ? { externalRuntime: true } : undefined,
        dev: { remoteHmr: true },
        // The dev server's screens, compiled for React Fast Refresh, also run in a host page
        // without a refresh preamble: the built shell previewing this dev server (dev-refresh.ts).
        runtimePlugins: command === "serve" ? [DEV_REFRESH_PLUGIN] : [],
      }),
      react(),
      // Its CommonJS wrappers compiled off the main thread, as the shell's (eager-commonjs.ts).
      eagerCommonJs(),
      entryGroupHoldsTheGlue(),
      // The names this remote imports from each shared module, in its manifest: what the release
      // check and the hosts' guards compare with the host's copies (docs/releases.md).
      recordSharedImports({
        shared: Object.keys(sharedModules),
        version,
        skipDirs: [...SHARED_WORKSPACE_PACKAGES.map((name) => join(root, name) + "/"), join(root, dir, "src", "standalone") + "/"],
        // A shared package's second entries (shared-content/admin...) are bundled into the remote:
        // what they import from the host's shared modules is this remote's requirement too.
        recordDirs: SHARED_WORKSPACE_PACKAGES.flatMap((name) => secondEntryScopes(join(root, name))),
        exportsOf: (module) =>
          (SHARED_WORKSPACE_PACKAGES as readonly string[]).includes(module) ? exportNamesOf(workspacePackage(join(root, module)).main) : undefined,
      }),
    ],
    // Served from its own origin: the shell loads it cross-origin, so CORS must be on.
    server: { host: "127.0.0.1", port, strictPort: true, origin: `http://127.0.0.1:${port}`, cors: true },
    preview: { host: "127.0.0.1", port, strictPort: true, cors: true },
    // The production build is the federated entry only: the standalone page (index.html) is for
    // development and would ship the local stack's addresses to the remote's site.
    build: {
      target: "es2022",
      emptyOutDir: true,
      rolldownOptions: {
        input: {},
        // Fewer, larger first-visit chunks (gzip starts afresh in every file): remoteEntry.js's
        // code with the runtime's entry points, the share map it reads and the share wrappers
        // (consume-only, so deferred glue with no top-level await: each repeats the entry's
        // cache code) in one chunk (remoteEntry.js re-exports it), shared-ui's panels in another. Not one: a chunk the
        // entry imports statically gets no CSS loaded for it, and shared-ui's is loaded with
        // each exposed screen.
        output: {
          codeSplitting: {
            groups: [
              { name: "entry", test: (id: string) => FEDERATION_RUNTIME.test(id) || FEDERATION_GLUE.some((glue) => glue.test(id)) },
              { name: "common", test: /shared-ui[\\/]src[\\/]/ },
            ],
          },
        },
      },
    },
    // The standalone page reaches the local stack on the ports npm start uses (src/standalone/dev-config.ts).
    envPrefix: ["VITE_", "AUTH_PORT", "DATABASE_PORT", "STORAGE_PORT"],
    // `vite build --app` builds the browser environment first (emptying dist/), then this one.
    ...(serverRendered
      ? {
          builder: {},
          environments: {
            ssr: { build: { outDir: "dist", emptyOutDir: false, assetsDir: "server", target: "node20", rolldownOptions: { input: {} } } },
          },
        }
      : {}),
  }));
}
