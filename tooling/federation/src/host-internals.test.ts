// Each check of the shell's couplings to the plugin's and runtime's internals passes on the
// installed versions and fails, naming the internal, on what an upgrade could change.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import injectExternalRuntimeCore from "@module-federation/vite/injectExternalRuntimeCorePlugin";
import {
  EXTERNAL_RUNTIME_CORE_PLUGIN,
  RUNTIME_CORE_GLOBAL,
  definesStillRead,
  externalRuntimePluginFits,
  noDevelopmentRouter,
  reactRouterProductionFits,
  versionOnlyRead,
} from "./host-internals-checks.ts";
import { federationRuntimeDefines, reactRouterProduction } from "./host-internals.ts";

const require = createRequire(import.meta.url);
const read = (specifier: string) => readFileSync(require.resolve(specifier), "utf8");
const pluginCode = read(EXTERNAL_RUNTIME_CORE_PLUGIN);
const shimCode = read("@module-federation/vite");
const HOOKS = ["beforeInit", "init", "loadEntry"];

describe("federationRuntimeDefines", () => {
  const runtime = [join("@module-federation", "runtime-core", "dist", "core.js"), join("@module-federation", "sdk", "dist", "env.js")].map((file) => {
    const path = require.resolve(join("..", "..", "..", "node_modules", file));
    return { id: path, code: readFileSync(path, "utf8") };
  });

  it("holds while the installed runtime reads every switch", () => {
    expect(definesStillRead(federationRuntimeDefines, runtime)).toEqual([]);
  });

  it("fails, naming the switch, when the runtime stops reading it", () => {
    const renamed = runtime.map(({ id, code }) => ({ id, code: code.replaceAll("FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN", "FEDERATION_NO_SNAPSHOT") }));
    expect(definesStillRead(federationRuntimeDefines, renamed)).toEqual([
      expect.stringMatching(/^federationRuntimeDefines: .*FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN/),
    ]);
    expect(definesStillRead(federationRuntimeDefines, [])).toEqual([expect.stringMatching(/no @module-federation module/)]);
  });
});

describe("runtimePackageVersionOnly", () => {
  it("holds while the external-runtime plugin reads only the runtime's version", () => {
    expect(versionOnlyRead(pluginCode)).toEqual([]);
  });

  it("fails when the plugin reads another field, or no longer imports the file", () => {
    const reads = `${pluginCode}\nconst AUTHOR = runtimePackage.author;`;
    expect(versionOnlyRead(reads)).toEqual([expect.stringMatching(/^runtimePackageVersionOnly: .*runtimePackage\.author/)]);
    const inlined = pluginCode.replace(/import runtimePackage from .*\n/, 'const runtimePackage = { version: "9.9.9" };\n');
    expect(versionOnlyRead(inlined)).toEqual([expect.stringMatching(/^runtimePackageVersionOnly: .*no longer imports/)]);
  });
});

describe("injectExternalRuntimeCorePlugin", () => {
  it("holds for the installed plugin: runtime hooks only, and the global the remotes' shim reads", () => {
    expect(pluginCode).toContain(RUNTIME_CORE_GLOBAL);
    expect(externalRuntimePluginFits(injectExternalRuntimeCore(), HOOKS, pluginCode, shimCode)).toEqual([]);
  });

  it("fails when its hooks are not the runtime's, when it is no plugin, or when the global moved", () => {
    const renamedHook = { name: "inject-external-runtime-core-plugin", beforeFederationInit: () => {} };
    expect(externalRuntimePluginFits(renamedHook, HOOKS, pluginCode, shimCode)).toEqual([
      expect.stringMatching(/^injectExternalRuntimeCorePlugin: .*beforeFederationInit/),
    ]);
    expect(externalRuntimePluginFits(() => {}, HOOKS, pluginCode, shimCode)).toEqual([expect.stringMatching(/no longer returns a runtime plugin/)]);
    const movedGlobal = shimCode.replaceAll(`globalThis.${RUNTIME_CORE_GLOBAL}`, "globalThis.__MF_RUNTIME__");
    expect(externalRuntimePluginFits(injectExternalRuntimeCore(), HOOKS, pluginCode, movedGlobal)).toEqual([
      expect.stringMatching(/no longer meet at globalThis\._FEDERATION_RUNTIME_CORE/),
    ]);
  });
});

describe("reactRouterProduction", () => {
  const router = JSON.parse(read("react-router/package.json")) as { exports: Parameters<typeof reactRouterProductionFits>[0] };
  const entries = { ".": "index.mjs", "./dom": "dom-export.mjs" };
  const buildDir = join(reactRouterProduction[0]!.replacement, "..");

  it("holds while react-router exports its development build beside the production files the alias names", () => {
    expect(reactRouterProductionFits(router.exports, entries, buildDir, existsSync)).toEqual([]);
    expect(noDevelopmentRouter([join(buildDir, "index.mjs")])).toEqual([]);
  });

  it("fails when the exports change, a production file is gone, or a development module is bundled", () => {
    const exportsProduction = { ...router.exports, ".": { import: { default: "./dist/production/index.mjs" } } };
    expect(reactRouterProductionFits(exportsProduction, entries, buildDir, existsSync)).toEqual([
      expect.stringMatching(/^reactRouterProduction: react-router's "\." export/),
    ]);
    expect(reactRouterProductionFits(router.exports, entries, buildDir, () => false)).toHaveLength(2);
    expect(noDevelopmentRouter(["/repo/node_modules/react-router/dist/development/index.mjs"])).toEqual([
      expect.stringMatching(/^reactRouterProduction: the build bundled/),
    ]);
  });
});
