// Module Federation's versions are pinned once, in the root package.json's overrides; a workspace
// names them with "*". The renderer is the exception: Cloud Functions installs its package.json
// alone from the registry, so it repeats the pins, and this test holds them equal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./repo-root.ts";

type Manifest = { workspaces?: string[]; overrides?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const manifest = (dir: string) => JSON.parse(readFileSync(join(REPO_ROOT, dir, "package.json"), "utf8")) as Manifest;
const root = manifest(".");
const DEPLOYED_ALONE = "renderer";

describe("Module Federation's version pins", () => {
  const pins = Object.entries(root.overrides ?? {}).filter(([name]) => name.startsWith("@module-federation/"));

  it("are the root's overrides, exact versions", () => {
    expect(pins.map(([name]) => name).sort()).toEqual(["@module-federation/runtime", "@module-federation/vite"]);
    for (const [, version] of pins) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('are named "*" by every workspace but the renderer, which repeats them exactly', () => {
    const declared = (root.workspaces ?? []).flatMap((dir) => {
      const { dependencies = {}, devDependencies = {} } = manifest(dir);
      return Object.entries({ ...dependencies, ...devDependencies })
        .filter(([name]) => name.startsWith("@module-federation/"))
        .map(([name, range]) => ({ dir, name, range }));
    });
    expect(declared.length).toBeGreaterThan(0);
    for (const { dir, name, range } of declared) expect(range, `${dir}: ${name}`).toBe(dir === DEPLOYED_ALONE ? root.overrides?.[name] : "*");
  });
});
