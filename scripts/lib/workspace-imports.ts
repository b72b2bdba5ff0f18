// Every dependency between workspaces is declared in the importer's package.json
// (docs/architecture.md, "Boundaries"): what lint's no-cross-package-relative rule cannot see,
// since a bare import resolves through the root node_modules whether declared or not. The one
// exception is the renderer, whose package.json is what Cloud Functions installs from the npm
// registry, so it can name no workspace: it bundles the workspaces its bundled-workspaces.ts lists,
// its tests use the local tools (LOCAL_TOOLS), and its Vite config and unit tests read the
// federation kit (BUILD_TOOLS).
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import ts from "typescript";

const SOURCE = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const SKIPPED = new Set(["node_modules", "dist", ".turbo", ".reports", "test-results", "playwright-report", ".local-data"]);

/** An import of a workspace its importer does not declare. */
export interface UndeclaredImport {
  /** The importing file, relative to the repository's root. */
  file: string;
  workspace: string;
  imported: string;
}

interface PackageJson {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The workspaces that exist for the local stack and tests only (docs/architecture.md, the table). */
export const LOCAL_TOOLS = ["dev-tools", "rtdb-emulator", "storage-emulator"];

/** The build kit the renderer's Vite config and tests read (the shared modules' list), never its bundle. */
export const BUILD_TOOLS = ["federation-kit"];

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as PackageJson;

/** The package a bare specifier names ("@scope/name/x" -> "@scope/name"), or null for a relative or built-in one. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.isFile() && SOURCE.has(extname(entry.name))) yield path;
  }
}

/** The renderer's bundled workspaces, as its bundled-workspaces.ts lists them (a build file of a workspace this one cannot declare). */
function rendererBundle(root: string): string[] {
  const file = join(root, "renderer", "bundled-workspaces.ts");
  const list = /BUNDLED_WORKSPACES\s*=\s*\[([^\]]*)\]/.exec(readFileSync(file, "utf8"))?.[1];
  if (list === undefined) throw new Error(`${file} lists no BUNDLED_WORKSPACES`);
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/** What a workspace may import without declaring it: the renderer's documented exception. */
function undeclaredAllowed(root: string, bundle: readonly string[], workspace: string, file: string): string[] {
  if (workspace !== "renderer") return [];
  const path = relative(join(root, "renderer"), file);
  const inTests = path.startsWith("tests");
  const atBuild = inTests || path === "vite.config.ts" || /\.test\.tsx?$/.test(path);
  return [...bundle, ...(inTests ? LOCAL_TOOLS : []), ...(atBuild ? BUILD_TOOLS : [])];
}

/** Every import, in every workspace of the repository at `root`, of another workspace its package.json does not declare. */
export function undeclaredWorkspaceImports(root: string): UndeclaredImport[] {
  const folders = readJson(join(root, "package.json")).workspaces ?? [];
  const names = new Map(folders.map((folder) => [readJson(join(root, folder, "package.json")).name, folder]));
  const bundle = folders.includes("renderer") ? rendererBundle(root) : [];
  const found: UndeclaredImport[] = [];
  for (const folder of folders) {
    const pkg = readJson(join(root, folder, "package.json"));
    const declared = new Set(
      [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies, pkg.optionalDependencies].flatMap((deps) => Object.keys(deps ?? {})),
    );
    for (const file of sourceFiles(join(root, folder))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      for (const { fileName } of importedFiles) {
        const imported = packageOf(fileName);
        if (imported === null || imported === pkg.name || !names.has(imported) || declared.has(imported)) continue;
        if (undeclaredAllowed(root, bundle, folder, file).includes(imported)) continue;
        found.push({ file: relative(root, file), workspace: pkg.name, imported });
      }
    }
  }
  return found;
}
