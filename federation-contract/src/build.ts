// Build-time side of the federation contract (Node only, used by the Vite configs): a remote's
// build records the names its code imports from each shared module into its mf-manifest.json,
// and the shell's build publishes host-contract.json, what it provides (versions and exports of
// each shared module) and which screens it loads from each remote.
import { readFileSync } from "node:fs";
import ts from "typescript";
import type { Plugin } from "vite";
import { CONTRACT_FIELD, HOST_CONTRACT_FILE, type HostContract } from "./index.ts";

type NamesByModule = Map<string, Set<string>>;

/**
 * The names `code` imports (or re-exports) from the modules in `shared`, by module: `default`
 * for a default import, `*` for a namespace import or a dynamic import (any name may be used).
 * Type-only imports are left out: they do not exist at run time.
 */
export function sharedImportsOf(code: string, fileName: string, shared: readonly string[], into: NamesByModule = new Map()): NamesByModule {
  if (!shared.some((name) => code.includes(name))) return into;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const add = (module: string, name: string) => {
    if (!shared.includes(module)) return;
    let names = into.get(module);
    if (!names) into.set(module, (names = new Set()));
    names.add(name);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) add(module, "default");
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add(module, "*");
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) if (!element.isTypeOnly) add(module, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const module = node.moduleSpecifier.text;
      if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) add(module, "*");
      else for (const element of node.exportClause.elements) if (!element.isTypeOnly) add(module, (element.propertyName ?? element.name).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) add(arg.text, "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return into;
}

/** The value names (not types) a TypeScript entry file exports, re-exports included. */
export function exportNamesOf(entryFile: string): string[] {
  const program = ts.createProgram([entryFile], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowJs: false,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entryFile);
  const symbol = file && checker.getSymbolAtLocation(file);
  if (!symbol) throw new Error(`federation-contract: cannot read the exports of ${entryFile}`);
  return checker
    .getExportsOfModule(symbol)
    .filter((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((s) => s.name)
    .sort();
}

const toRecord = (names: NamesByModule) =>
  Object.fromEntries([...names].sort(([a], [b]) => a.localeCompare(b)).map(([module, set]) => [module, [...set].sort()]));

/**
 * A remote's build: adds `contract: { version, sharedImports }` to its mf-manifest.json, from
 * the remote's own source and the bundled workspace packages. `skipDirs` are left out: the shared
 * packages' own files (the host's copies replace them) and the remote's standalone development
 * page (never loaded by a host); but files under `recordDirs` are read even there: a shared
 * package's second entries (`shared-content/admin`...) are bundled into the remote, and what
 * they import from the shared modules is the remote's requirement on the host. A `*` (a
 * namespace import, `export *`, a dynamic import) stands for every name the module exported
 * when the remote was built (`exportsOf`): any of them may be used.
 */
export function recordSharedImports({
  shared,
  version,
  skipDirs,
  recordDirs = [],
  exportsOf = () => undefined,
}: {
  shared: readonly string[];
  version: string;
  skipDirs: string[];
  recordDirs?: string[];
  exportsOf?: (module: string) => string[] | undefined;
}): Plugin {
  const names: NamesByModule = new Map();
  return {
    name: "federation-contract:record-shared-imports",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes("/node_modules/") || file.includes("\0")) return null;
      if (skipDirs.some((dir) => file.startsWith(dir)) && !recordDirs.some((dir) => file.startsWith(dir))) return null;
      sharedImportsOf(code, file, shared, names);
      return null;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const manifest = bundle["mf-manifest.json"];
        if (!manifest || manifest.type !== "asset") return;
        const data = JSON.parse(String(manifest.source)) as Record<string, unknown>;
        data[CONTRACT_FIELD] = { version, sharedImports: toRecord(expandStars(names, exportsOf)) };
        manifest.source = JSON.stringify(data);
      },
    },
  };
}

/** `*` replaced by the module's export names (kept when they are not known). */
export function expandStars(names: NamesByModule, exportsOf: (module: string) => string[] | undefined): NamesByModule {
  const expanded: NamesByModule = new Map();
  for (const [module, set] of names) {
    const all = set.has("*") ? exportsOf(module) : undefined;
    expanded.set(module, all ? new Set([...set].filter((n) => n !== "*").concat(all)) : new Set(set));
  }
  return expanded;
}

/**
 * The scopes of a workspace package's entries other than its main one, for `recordDirs`: an
 * entry that is a folder's index file covers its folder, any other entry its own file.
 */
export function secondEntryScopes(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, "utf8")) as { exports?: Record<string, string> };
  return Object.entries(pkg.exports ?? {})
    .filter(([entry]) => entry !== ".")
    .map(([, file]) => `${dir}/${file.replace(/^\.\//, "")}`)
    .map((file) => (/\/index\.[cm]?[jt]sx?$/.test(file) ? file.replace(/index\.[cm]?[jt]sx?$/, "") : file));
}

/**
 * The shell's build: host-contract.json, what this shell provides (each shared module's version,
 * as its page's federation instance offers it, and its exports) and the screens it loads from each
 * remote. `exportsOf` names the exports of a shared module (workspace packages: their TypeScript
 * entry; npm packages: the module loaded in Node).
 */
export function publishHostContract({
  shared,
  screens,
  routes,
  exportsOf,
}: {
  /** Shared module name -> the version this shell provides. */
  shared: Record<string, string>;
  screens: HostContract["screens"];
  routes: HostContract["routes"];
  exportsOf: (name: string) => Promise<string[] | undefined>;
}): Plugin {
  return {
    name: "federation-contract:publish-host-contract",
    apply: "build",
    async generateBundle() {
      const contract: HostContract = { shared: {}, screens, routes };
      for (const [name, version] of Object.entries(shared)) {
        const exports = await exportsOf(name);
        contract.shared[name] = exports ? { version, exports } : { version };
      }
      this.emitFile({ type: "asset", fileName: HOST_CONTRACT_FILE, source: `${JSON.stringify(contract, null, 1)}\n` });
    },
  };
}

/** The names an npm package exports when loaded in Node (for react, react-dom, zustand). */
export async function runtimeExportsOf(name: string): Promise<string[]> {
  const module = (await import(name)) as Record<string, unknown>;
  return Object.keys(module)
    .filter((key) => key !== "module.exports")
    .sort();
}

/** A workspace package's version and entry file. */
export function workspacePackage(dir: string): { version: string; main: string } {
  const pkg = JSON.parse(readFileSync(`${dir}/package.json`, "utf8")) as { version: string; main: string };
  return { version: pkg.version, main: `${dir}/${pkg.main.replace(/^\.\//, "")}` };
}
