// dev-refresh.ts, the runtime plugin every remote's dev server loads so its screens also run in
// the built shell (a dev server previewed inside `npm start`).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as devRefresh from "./dev-refresh.ts";
import {
  LOCAL_REFRESH_RUNTIME_PATH,
  RELOAD_REASON,
  createSignatureFunctionForTransform,
  refreshRuntimeToInstall,
  validateRefreshBoundaryAndEnqueueUpdate,
} from "./dev-refresh.ts";

const MODULE_URL = "http://127.0.0.1:4175/@fs/repo/tooling/federation/src/dev-refresh.ts";

describe("the dev server's React Refresh preamble", () => {
  it("installs the remote's own runtime on a page without a preamble (the built shell)", () => {
    expect(refreshRuntimeToInstall({}, MODULE_URL)).toBe("http://127.0.0.1:4175/@mf-react-refresh-local");
  });

  it("leaves a page alone whose Vite host installed one (the shell's dev server, the standalone page)", () => {
    expect(refreshRuntimeToInstall({ $RefreshReg$: () => {} }, MODULE_URL)).toBeNull();
  });

  it("refuses every hot update with a reason, so Vite reloads the page instead", () => {
    expect(validateRefreshBoundaryAndEnqueueUpdate()).toBe(RELOAD_REASON);
    expect(RELOAD_REASON).toMatch(/reloading/);
  });

  it("still gives compiled modules a signature function before a runtime is installed", () => {
    const signature = createSignatureFunctionForTransform() as (type: unknown) => unknown;
    const component = () => null;
    expect(signature(component)).toBe(component);
  });

  it("relies on names @module-federation/vite still uses: its local runtime's path and the host runtime's global", () => {
    // Private to the plugin, so an upgrade that renames them must fail here, not in a contributor's tab.
    const plugin = readFileSync(createRequire(import.meta.url).resolve("@module-federation/vite"), "utf8");
    expect(plugin).toContain(`LOCAL_REACT_REFRESH_PATH = "${LOCAL_REFRESH_RUNTIME_PATH}"`);
    expect(plugin).toContain(`HOST_REACT_REFRESH_URL = "__MF_REACT_REFRESH_URL__"`);
  });

  it("exports every name the plugin's /@react-refresh proxy reads from the runtime", () => {
    const plugin = readFileSync(createRequire(import.meta.url).resolve("@module-federation/vite"), "utf8");
    const read = [...new Set([...plugin.matchAll(/__rt\.(\w+)/g)].map((m) => m[1]!))];
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((name) => typeof (devRefresh as Record<string, unknown>)[name] !== "function")).toEqual([]);
  });
});
