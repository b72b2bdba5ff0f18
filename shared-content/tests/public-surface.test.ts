// The public entry is a federation singleton: every name it exports is shipped to every visitor
// and listed in every remote's federation glue. So each one must be used by visitors' code: the
// shell, the public remotes' screens, shared-ui, or the server side of the same pages (the
// renderer, shared-content/server). A name only the admin panel, a script or a test uses belongs
// to the admin entry (shared-content/admin imports it relatively) or stays internal.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REMOTE_LIST } from "federation-kit/remotes";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Visitors' code: the public remotes are the server-rendered ones (the roster says which). */
const VISITOR_CODE = [
  "shell/src",
  ...REMOTE_LIST.filter((r) => r.serverRendered).map((r) => `${r.dir}/src`),
  "shared-ui/src",
  "renderer/src",
  "shared-content/src/server",
];
/** Not shipped to visitors: tests, and a remote's standalone development page. */
const NOT_SHIPPED = /\.test\.[jt]sx?$|[\\/]standalone[\\/]/;

/** The value names an entry file exports (re-exports followed), as the federation contract reads them. */
function valueExports(entry: string): string[] {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker
    .getExportsOfModule(symbol)
    .filter((s) => ((s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value) !== 0)
    .map((s) => s.name);
}

function sourceFiles(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(m?[jt]sx?)$/.test(name) ? [path] : [];
  });
}

/** Names imported or re-exported by name from shared-content or its admin entry. */
function usedNames(files: string[]): Set<string> {
  const used = new Set<string>();
  const pattern = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']shared-content(?:\/admin)?["']/g;
  for (const file of files)
    for (const match of readFileSync(file, "utf8").matchAll(pattern))
      for (const part of (match[1] ?? "").split(",")) {
        const name = part
          .replace(/^\s*type\s+/, "")
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) used.add(name);
      }
  return used;
}

describe("shared-content's public entry", () => {
  const exported = valueExports(join(root, "shared-content/src/index.ts"));
  const used = usedNames(VISITOR_CODE.flatMap((dir) => sourceFiles(join(root, dir))).filter((file) => !NOT_SHIPPED.test(file)));

  it("exports no value that nothing outside it uses", () => {
    expect(exported.length).toBeGreaterThan(50);
    expect(exported.filter((name) => !used.has(name))).toEqual([]);
  });

  it("the check tells a used name from an unused one", () => {
    expect(["useAbout", "notAnExportOfSharedContent"].filter((name) => !used.has(name))).toEqual(["notAnExportOfSharedContent"]);
  });
});
