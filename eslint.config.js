// One lint config for every workspace. Besides the usual TypeScript checks it enforces the
// boundaries in docs/architecture.md ("Boundaries"): remotes never import each other, only shared-auth
// loads firebase (shared-content may import its types), only the shell creates a router, and routing comes from
// shared-router (the one tree-shaken, federation-shared module that imports react-router).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";

const root = import.meta.dirname;
const workspaces = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).workspaces;
// The remotes' folders (federation-kit's roster names them; this file cannot import TypeScript).
const remotes = workspaces.filter((w) => w.startsWith("remote-"));
const firebaseBan = {
  group: ["firebase", "firebase/*", "@firebase/*"],
  message: "Only shared-auth and shared-content import the Firebase SDK (docs/architecture.md, section Boundaries).",
};
const routerBan = {
  group: ["react-router", "react-router/*", "react-router-dom"],
  message: "Import routing from shared-router: sharing react-router whole ships 69 KB to every visitor.",
};
const firebaseTypesOnly = {
  ...firebaseBan,
  allowTypeImports: true,
  message: "Only shared-auth loads the Firebase SDK; use its loadDatabase()/loadDatabaseSdk() (types are fine).",
};
const adminEntryBan = {
  group: ["shared-content/admin", "**/admin", "**/admin/**"],
  message: "Admin code (SDK reads and writes) belongs to the shared-content/admin entry; visitors must not download it.",
};
const routerFactories = {
  name: "shared-router",
  importNames: [
    "BlockingBrowserRouter",
    "BrowserRouter",
    "HashRouter",
    "MemoryRouter",
    "StaticRouter",
    "RouterProvider",
    "createBrowserRouter",
    "createHashRouter",
    "createMemoryRouter",
  ],
  message: "Only the shell creates a router (docs/architecture.md, section Boundaries).",
};
const remoteImportBan = {
  group: remotes.flatMap((r) => [r, `${r}/*`]),
  message: "The shell loads remotes at run time through Module Federation, never by import.",
};
const otherRemotes = (self) => ({
  group: remotes.filter((r) => r !== self).flatMap((r) => [r, `${r}/*`, `**/${r}/**`]),
  message: "Remotes never import each other; link with a plain path instead (docs/architecture.md, section Boundaries).",
});

// A relative import that leaves its package reaches into another package's internals, where
// the boundaries above cannot see it: import the package by name (its entries are its API).
/** The workspace a file belongs to; null for the root's own files (shared build configuration). */
const packageOf = (file) => {
  const parts = relative(root, file).split(sep);
  if (parts.length === 1) return null;
  // A workspace may sit one level down (tooling/federation).
  return workspaces.find((w) => parts.slice(0, w.split("/").length).join("/") === w) ?? `the folder ${parts[0]}`;
};
const noCrossPackageRelative = {
  meta: {
    type: "problem",
    schema: [],
    messages: { cross: "{{source}} reaches into {{target}} from another package: import it by its package name (docs/architecture.md, section Boundaries)." },
  },
  create(context) {
    const check = (node) => {
      const source = node?.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const self = packageOf(context.filename);
      const target = packageOf(resolve(dirname(context.filename), source));
      if (target !== null && self !== target) context.report({ node: node.source, messageId: "cross", data: { source, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "**/test-results/**", "**/playwright-report/**", "**/.local-data/**", "**/.reports/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries: { rules: { "no-cross-package-relative": noCrossPackageRelative } } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "boundaries/no-cross-package-relative": "error",
    },
  },
  {
    files: ["**/*.tsx", "**/use-*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // Short enough to read whole: a function over 120 lines or a file over 400 is two. Lines are
    // counted as a reader sees them (blank lines and comments too). Tests are exempt: a test file
    // is a list of cases.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.spec.ts", "**/tests/**", "e2e/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: false, skipComments: false }],
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Over 400 lines, kept whole: the rules generator builds one rules document from one table of
    // paths that reads in order, and the seed generator is demo data.
    files: ["shared-content/src/rules/build-rules.ts", "shared-content/scripts/generate-seed.ts"],
    rules: { "max-lines": "off" },
  },
  {
    // Everything but the facade itself and tests (which may render a MemoryRouter).
    files: ["**/*.{ts,tsx}"],
    ignores: ["shared-router/**", "**/*.test.{ts,tsx}", "e2e/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routerBan] }] },
  },
  {
    // shared-content may name Firebase types, but only shared-auth loads the SDK (one copy, lazily).
    files: ["shared-content/src/admin/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [firebaseTypesOnly] }] },
  },
  {
    // The public entry (everything outside src/admin) is what visitors download: no admin code.
    files: ["shared-content/src/**/*.{ts,tsx}"],
    ignores: ["shared-content/src/admin/**", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [firebaseTypesOnly, adminEntryBan] }] },
  },
  ...remotes.map((self) => ({
    files: [`${self}/**/*.{ts,tsx}`],
    ignores: [`${self}/**/*.test.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [routerFactories],
          patterns: [firebaseBan, otherRemotes(self), routerBan, ...(self === "remote-admin" ? [] : [adminEntryBan])],
        },
      ],
    },
  })),
  {
    // Tests may create a MemoryRouter to render a screen in isolation; the other bans still hold.
    files: remotes.map((r) => `${r}/**/*.test.{ts,tsx}`),
    rules: {
      "no-restricted-imports": ["error", { patterns: [firebaseBan] }],
    },
  },
  {
    files: ["shell/**/*.{ts,tsx}"],
    ignores: ["shell/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [firebaseBan, routerBan, remoteImportBan, adminEntryBan] }] },
  },
  {
    files: ["shell/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [firebaseBan, remoteImportBan] }] },
  },
);
