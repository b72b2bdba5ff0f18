// The public entry ships to every visitor: nothing in its static import graph may load the
// Firebase SDK (type-only imports and dynamic import() are fine: they are not downloaded with
// the page). Walks the real files, following shared-auth too.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const WORKSPACES: Record<string, string> = {
  "shared-content": join(root, "shared-content/src/index.ts"),
  "shared-auth": join(root, "shared-auth/src/index.ts"),
};
// Static value imports and re-exports (not `import type` / `export type`), and bare imports.
const STATIC = /^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
// Every import of any kind: value, type-only, bare, dynamic.
const ANY_IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function resolveFile(from: string, spec: string): string | null {
  if (spec in WORKSPACES) return WORKSPACES[spec] ?? null;
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every file reached by static imports from `entry`, and the bare packages they import. */
function staticGraph(entry: string): { files: string[]; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(STATIC)) {
      const spec = (m[1] ?? m[2]) as string;
      const target = resolveFile(file, spec);
      if (target) queue.push(target);
      else if (!spec.startsWith(".")) packages.add(spec);
    }
  }
  return { files: [...seen].map((f) => relative(root, f)).sort(), packages };
}

const firebaseOf = (packages: Set<string>) => [...packages].filter((p) => p === "firebase" || p.startsWith("firebase/"));

describe("static import graphs", () => {
  it("the public entry (and shared-auth) import no firebase/* module and none of src/admin", () => {
    const { files, packages } = staticGraph(WORKSPACES["shared-content"] as string);
    expect(files).toContain("shared-content/src/live/rest-stream.ts");
    expect(files).toEqual(expect.arrayContaining(["shared-auth/src/sdk.ts", "shared-auth/src/session.ts"]));
    expect(files.filter((f) => f.startsWith("shared-content/src/admin/"))).toEqual([]);
    expect(firebaseOf(packages)).toEqual([]);
  });
  it("the admin entry reaches the SDK only at run time, through shared-auth", () => {
    const { files, packages } = staticGraph(join(root, "shared-content/src/admin/index.ts"));
    expect(files).toContain("shared-content/src/admin/writes.ts");
    expect(firebaseOf(packages)).toEqual([]);
  });
  it("the walk does see a static firebase import (this test file's neighbour has some)", () => {
    expect(firebaseOf(staticGraph(join(here, "emulator.test.ts")).packages)).toEqual(expect.arrayContaining(["firebase/app", "firebase/database"]));
  });
});

// The package's layers, lowest first: the live sources, the snapshot a server render hands to the
// browser, the hooks and the markdown component that start from it, and the page (metadata, the
// site's name) built on the hooks, beside the picture component (which shows URLs through markdown's safe-url). A folder imports only from layers below its own.
const LAYERS: Record<string, number> = { live: 0, snapshot: 1, hooks: 2, markdown: 2, page: 3, picture: 3 };
const src = join(root, "shared-content/src");

/** Each source file of shared-content (tests excepted: they may wire layers together) -> the files it imports. */
function packageGraph(): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => join(src, f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, "utf8").matchAll(ANY_IMPORT)].map((m) => resolveFile(file, (m[1] ?? m[2] ?? m[3]) as string));
    graph.set(
      relative(src, file),
      targets.filter((t): t is string => t !== null && t.startsWith(src)).map((t) => relative(src, t)),
    );
  }
  return graph;
}

/** One import cycle as a list of files (the first repeated at the end), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

const layerOf = (file: string): number | undefined => LAYERS[file.split(/[\\/]/)[0] ?? ""];

/** Imports from a layer to one at its own rank in another folder, or above it. */
function upwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = layerOf(file);
    if (from === undefined) return [];
    return targets
      .filter((target) => {
        const to = layerOf(target);
        return to !== undefined && (to > from || (to === from && target.split(/[\\/]/)[0] !== file.split(/[\\/]/)[0]));
      })
      .map((target) => `${file} -> ${target}`);
  });
}

describe("shared-content's own import graph", () => {
  const graph = packageGraph();
  it("has no cycle, type-only and dynamic imports included", () => {
    expect(graph.get("page/page-meta.ts")).toContain("page/site-name.tsx");
    expect(findCycle(graph)).toBeNull();
  });
  it("imports between live, snapshot, hooks, markdown and page only point down", () => {
    expect(upwardImports(graph)).toEqual([]);
  });
  it("the checks see a cycle and an upward import when there is one", () => {
    const knotted = new Map([
      ["hooks/a.ts", ["snapshot/b.ts"]],
      ["snapshot/b.ts", ["hooks/a.ts"]],
      ["markdown/c.tsx", ["hooks/a.ts"]],
    ]);
    expect(findCycle(knotted)).toEqual(["hooks/a.ts", "snapshot/b.ts", "hooks/a.ts"]);
    expect(upwardImports(knotted)).toEqual(["snapshot/b.ts -> hooks/a.ts", "markdown/c.tsx -> hooks/a.ts"]);
  });
});
