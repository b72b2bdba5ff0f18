// The renderer's workspace dependencies are declared once (bundled-workspaces.ts); this checks
// the places that must agree with it: the imports of the renderer and of what it bundles, and
// turbo.json's build order.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BUNDLED_WORKSPACES } from "../bundled-workspaces";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as Record<string, unknown>;

/** Workspace package name -> its folder. */
const workspaces = new Map(
  (readJson("package.json").workspaces as string[]).map((dir) => [(readJson(join(dir, "package.json")) as { name: string }).name, dir]),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "standalone" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The workspace packages the non-test source under `dir` imports (type-only imports included: harmless). */
function workspaceImports(dir: string): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(join(root, dir))) {
    for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^".][^"]*)"/g)) {
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
      if (workspaces.has(name)) found.add(name);
    }
  }
  return found;
}

describe("the renderer's workspace dependencies", () => {
  it("its package.json, which Cloud Functions installs from the npm registry, names no workspace", () => {
    const pkg = readJson("renderer/package.json") as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {}).filter((name) => workspaces.has(name))).toEqual([]);
  });

  it("every workspace package the renderer imports is bundled", () => {
    expect([...workspaceImports("renderer/src")].filter((name) => !(BUNDLED_WORKSPACES as readonly string[]).includes(name))).toEqual([]);
  });

  it("every workspace package a bundled one imports is bundled too", () => {
    for (const name of BUNDLED_WORKSPACES) {
      const dir = workspaces.get(name);
      expect(dir, name).toBeDefined();
      const missing = [...workspaceImports(join(dir!, "src"))].filter((dep) => !(BUNDLED_WORKSPACES as readonly string[]).includes(dep));
      expect(missing, `imported by ${name}`).toEqual([]);
    }
  });

  it("turbo.json builds exactly the bundled packages before the renderer", () => {
    const tasks = (readJson("turbo.json") as { tasks: Record<string, { dependsOn?: string[] }> }).tasks;
    expect(new Set(tasks["renderer#build"]?.dependsOn)).toEqual(new Set(BUNDLED_WORKSPACES.map((name) => `${name}#build`)));
    const bundledBuilds = new Set<string>(BUNDLED_WORKSPACES.map((name) => `${name}#build`));
    for (const task of ["renderer#typecheck", "renderer#test"]) {
      // Those tasks may also need what the tests start or load (the database server; the remotes'
      // builds, served by tests/federation.test.ts and tests/cache-headers.test.ts), never a package
      // the renderer does not bundle.
      const fixtures = ["rtdb-emulator#build", "remote-home#build", "remote-blog#build", "remote-admin#build"];
      const others = (tasks[task]?.dependsOn ?? []).filter((dep) => !bundledBuilds.has(dep) && !fixtures.includes(dep));
      expect(others, task).toEqual([]);
    }
  });
});
