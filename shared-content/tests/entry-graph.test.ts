// The public entry ships to every visitor: nothing in its static import graph may load the
// Firebase SDK (type-only imports and dynamic import() are fine: they are not downloaded with
// the page). Walks the real files, following shared-auth too.
import { existsSync, readFileSync } from "node:fs";
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
