// What the shell's build relies on inside @module-federation/vite, @module-federation/runtime and
// react-router beyond their documented APIs: the one list. The shell is a federation host through
// the runtime's API rather than the plugin (docs/architecture.md, "Boundaries"), which saves every
// visitor the plugin's host glue but leans on these. An upgrade that changes one would not break
// the page, only make it heavier, silently: hostInternals() fails the shell's build instead
// (the checks: host-internals-checks.ts), naming what changed and what to do.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import {
  EXTERNAL_RUNTIME_CORE_PLUGIN,
  type Exports,
  definesStillRead,
  externalRuntimePluginFits,
  noDevelopmentRouter,
  reactRouterProductionFits,
  versionOnlyRead,
} from "./host-internals-checks.ts";
import { REPO_ROOT } from "./repo-root.ts";

/**
 * The federation runtime's build-time switches (what @module-federation/vite sets for a build it
 * makes): a browser runtime, and no manifest reader, since the remote registry reads each
 * remote's manifest itself and registers the remoteEntry.js it names
 * (shell/src/remotes/remote-registry.ts). Checked: the runtime's bundled modules still read each.
 */
export const federationRuntimeDefines = {
  ENV_TARGET: JSON.stringify("web"),
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: "true",
};

// EXTERNAL_RUNTIME_CORE_PLUGIN (host-internals-checks.ts): the plugin's runtime plugin that publishes the host's federation
// runtime for the remotes built with `experiments.externalRuntime` (shell/src/remotes/federation-host.ts
// imports it). A deep import, and its declared hook types are looser than the runtime's plugin
// type, so the shell casts it. Checked: the subpath exists, its plugin's hooks are hooks the
// runtime calls, and it publishes the global the remotes' external-runtime shim reads.

/** The module the external-runtime plugin imports whole to read one field. */
const RUNTIME_PACKAGE_JSON = /[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;

/**
 * The external-runtime plugin imports @module-federation/runtime's whole package.json (its
 * scripts, exports map, author...) to read one field, and every visitor downloaded it. Keep the
 * version only. Checked: the plugin still imports that file, and reads nothing else from it.
 */
function runtimePackageVersionOnly(onTransform: () => void): Plugin {
  return {
    name: "federation-runtime-package-version-only",
    enforce: "pre",
    transform(code, id) {
      if (!RUNTIME_PACKAGE_JSON.test(id)) return undefined;
      onTransform();
      const { version } = JSON.parse(code) as { version: string };
      return { code: JSON.stringify({ version }), map: null };
    },
  };
}

/** react-router's production build, beside the development build its package exports. */
const REACT_ROUTER_BUILD = join(REPO_ROOT, "node_modules", "react-router", "dist", "production");

/**
 * react-router's package exports only its development build (its dev warnings on); the
 * production build is the same code without them (0.5 KB gzip for every visitor): the shell's
 * build aliases each entry to it. Checked: the package still exports the development twin of each
 * file, the file exists, and the bundle holds no development module.
 */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(REACT_ROUTER_BUILD, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: join(REACT_ROUTER_BUILD, "dom-export.mjs") },
];

/** The package entry each alias above stands in for (react-router's exports keys). */
const REACT_ROUTER_ENTRIES = { ".": "index.mjs", "./dom": "dom-export.mjs" } as const;

const FEDERATION_MODULE = /node_modules[\\/]@module-federation[\\/]/;
const HERE = "tooling/federation/src/host-internals.ts";

/** The hooks a runtime plugin may have: every lifecycle of a federation instance of this runtime. */
async function runtimeHookNames(): Promise<string[]> {
  const { ModuleFederation } = await import("@module-federation/runtime/core");
  const instance = new ModuleFederation({ name: "host-internals-check", remotes: [] });
  const systems = [
    instance.hooks,
    instance.remoteHandler.hooks,
    instance.sharedHandler.hooks,
    instance.snapshotHandler.hooks,
    instance.loaderHook,
    instance.bridgeHook,
  ];
  return systems.flatMap((system) => Object.keys(system.lifecycle));
}

const fileOf = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

/** What changed in the internals read before the build: the installed packages themselves. */
async function installedProblems(): Promise<string[]> {
  const pluginCode = readFileSync(fileOf(EXTERNAL_RUNTIME_CORE_PLUGIN), "utf8");
  const shimCode = readFileSync(fileOf("@module-federation/vite"), "utf8");
  const plugin: unknown = ((await import(EXTERNAL_RUNTIME_CORE_PLUGIN)) as { default: () => unknown }).default();
  const router = JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", "react-router", "package.json"), "utf8")) as { exports: Exports };
  return [
    ...versionOnlyRead(pluginCode),
    ...externalRuntimePluginFits(plugin, await runtimeHookNames(), pluginCode, shimCode),
    ...reactRouterProductionFits(router.exports, REACT_ROUTER_ENTRIES, REACT_ROUTER_BUILD, existsSync),
  ];
}

const fail = (problems: string[]) => `the shell's build relies on internals that changed:\n- ${problems.join("\n- ")}`;

/**
 * The shell's plugins for the internals: runtimePackageVersionOnly, and a build-only plugin that
 * checks every internal of host-internals.ts, failing the build with what changed.
 */
export function hostInternals(): Plugin[] {
  let versionOnlyApplied = false;
  const check: Plugin = {
    name: "federation-kit:host-internals-checked",
    apply: "build",
    async buildStart() {
      versionOnlyApplied = false;
      const problems = await installedProblems();
      if (problems.length) this.error(fail(problems));
    },
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const sources = ids.filter((id) => FEDERATION_MODULE.test(id) && existsSync(id)).map((id) => ({ id, code: readFileSync(id, "utf8") }));
      const problems = [...definesStillRead(federationRuntimeDefines, sources), ...noDevelopmentRouter(ids)];
      if (!versionOnlyApplied)
        problems.push(
          `runtimePackageVersionOnly: the build bundled no @module-federation/runtime/package.json, so the plugin no longer applies; remove it or match what ${EXTERNAL_RUNTIME_CORE_PLUGIN} imports now (${HERE})`,
        );
      if (problems.length) this.error(fail(problems));
    },
  };
  return [runtimePackageVersionOnly(() => (versionOnlyApplied = true)), check];
}
