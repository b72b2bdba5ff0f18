// The checks behind host-internals.ts: each returns what changed in one internal (empty when
// nothing did), worded with what to do; hostInternals() runs them all in the shell's build and
// fails it when any says something. Pure, so a test can show each one failing.
import { join } from "node:path";

const HERE = "tooling/federation/src/host-internals.ts";
const DEVELOPMENT_ROUTER = /node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/;

/** The deep import the shell makes, and the global it publishes for the remotes. */
export const EXTERNAL_RUNTIME_CORE_PLUGIN = "@module-federation/vite/injectExternalRuntimeCorePlugin";
export const RUNTIME_CORE_GLOBAL = "_FEDERATION_RUNTIME_CORE";

/** Each define some bundled federation module still reads (`typeof NAME`), else what to do. */
export function definesStillRead(defines: Record<string, string>, sources: readonly { id: string; code: string }[]): string[] {
  if (!sources.length)
    return ["federationRuntimeDefines: the build bundled no @module-federation module; the shell no longer uses the runtime, so drop the defines"];
  return Object.keys(defines)
    .filter((name) => !sources.some(({ code }) => new RegExp(`\\btypeof ${name}\\b`).test(code)))
    .map(
      (name) =>
        `federationRuntimeDefines: no @module-federation module in the build reads ${name} any more; see which switches @module-federation/vite now defines for a build it makes (applyBuildTimeRuntimeDefines in its lib/index.js) and update federationRuntimeDefines in ${HERE}`,
    );
}

/** The external-runtime plugin still imports the runtime's package.json, and reads only its version. */
export function versionOnlyRead(pluginCode: string): string[] {
  const binding = /import\s+(\w+)\s+from\s+["']@module-federation\/runtime\/package\.json["']/.exec(pluginCode)?.[1];
  if (!binding)
    return [
      `runtimePackageVersionOnly: ${EXTERNAL_RUNTIME_CORE_PLUGIN} no longer imports @module-federation/runtime/package.json by default import; if it no longer ships that file, remove runtimePackageVersionOnly from ${HERE}, else make it match the new import`,
    ];
  const uses = [...pluginCode.matchAll(new RegExp(`\\b${binding}\\b(\\s*\\.\\s*\\w+)?`, "g"))].slice(1);
  const others = [...new Set(uses.filter((use) => !/^\w+\s*\.\s*version$/.test(use[0])).map((use) => use[0]))];
  return others.length
    ? [
        `runtimePackageVersionOnly: ${EXTERNAL_RUNTIME_CORE_PLUGIN} reads more than the version from the runtime's package.json (${others.join(", ")}); keep those fields too in runtimePackageVersionOnly (${HERE})`,
      ]
    : [];
}

/** The external-runtime plugin is a runtime plugin the runtime can call, publishing the global the remotes read. */
export function externalRuntimePluginFits(plugin: unknown, runtimeHooks: readonly string[], pluginCode: string, shimCode: string): string[] {
  const cast = `the cast in shell/src/remotes/federation-host.ts hides it`;
  if (typeof plugin !== "object" || plugin === null || typeof (plugin as { name?: unknown }).name !== "string")
    return [
      `injectExternalRuntimeCorePlugin: its default export no longer returns a runtime plugin (an object with a name); ${cast}: see what ${EXTERNAL_RUNTIME_CORE_PLUGIN} exports now`,
    ];
  const hooks = Object.entries(plugin)
    .filter(([, value]) => typeof value === "function")
    .map(([key]) => key);
  const unknown = hooks.filter((hook) => !runtimeHooks.includes(hook));
  const problems: string[] = [];
  if (!hooks.length || unknown.length)
    problems.push(
      `injectExternalRuntimeCorePlugin: its hooks (${hooks.join(", ") || "none"}) are not all hooks @module-federation/runtime calls (${unknown.join(", ") || "none at all"}); ${cast}: compare its type with the runtime's plugin type`,
    );
  if (!pluginCode.includes(RUNTIME_CORE_GLOBAL) || !shimCode.includes(`globalThis.${RUNTIME_CORE_GLOBAL}`))
    problems.push(
      `injectExternalRuntimeCorePlugin: the host's plugin and the remotes' external-runtime shim no longer meet at globalThis.${RUNTIME_CORE_GLOBAL}; built remotes would find no runtime: see how @module-federation/vite now provides the external runtime and update ${HERE}`,
    );
  return problems;
}

export type Exports = Record<string, Record<string, string | Record<string, string>> | undefined>;

/** react-router still exports the development twin of each production file the shell aliases to, and that file exists. */
export function reactRouterProductionFits(exportsMap: Exports, entries: Record<string, string>, buildDir: string, exists: (file: string) => boolean): string[] {
  return Object.entries(entries).flatMap(([entry, file]) => {
    const target = exportsMap[entry]?.import;
    const exported = typeof target === "string" ? target : target?.default;
    const problems: string[] = [];
    if (exported !== `./dist/development/${file}`)
      problems.push(
        `reactRouterProduction: react-router's "${entry}" export (import) is ${exported ?? "gone"}, no longer ./dist/development/${file}; if the package now exports a production build, drop the alias, else point it at the new layout (${HERE})`,
      );
    if (!exists(join(buildDir, file)))
      problems.push(`reactRouterProduction: ${join(buildDir, file)} is missing; point the alias at react-router's production build (${HERE})`);
    return problems;
  });
}

/** The bundle holds none of react-router's development build (the alias took effect). */
export const noDevelopmentRouter = (moduleIds: readonly string[]): string[] =>
  moduleIds
    .filter((id) => DEVELOPMENT_ROUTER.test(id))
    .map((id) => `reactRouterProduction: the build bundled ${id}, a development module the alias should have replaced (${HERE})`);
