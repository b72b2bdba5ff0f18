// One lint config for every workspace. Besides the usual TypeScript checks it enforces the
// boundaries of DESIGN.md section 2: remotes never import each other, only the shared
// packages import firebase, only the shell creates a router, and routing comes from
// shared-router (the one tree-shaken, federation-shared module that imports react-router).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";

const remotes = ["remote-home", "remote-blog", "remote-admin"];
const firebaseBan = {
  group: ["firebase", "firebase/*", "@firebase/*"],
  message: "Only shared-auth and shared-content import the Firebase SDK (DESIGN.md section 2).",
};
const routerBan = {
  group: ["react-router", "react-router/*", "react-router-dom"],
  message: "Import routing from shared-router: sharing react-router whole ships 69 KB to every visitor.",
};
const routerFactories = {
  name: "shared-router",
  importNames: ["BrowserRouter", "HashRouter", "MemoryRouter", "RouterProvider", "createBrowserRouter", "createHashRouter", "createMemoryRouter"],
  message: "Only the shell creates a router (DESIGN.md section 2).",
};
const remoteImportBan = {
  group: remotes.flatMap((r) => [r, `${r}/*`]),
  message: "The shell loads remotes at run time through Module Federation, never by import.",
};
const otherRemotes = (self) => ({
  group: remotes.filter((r) => r !== self).flatMap((r) => [r, `${r}/*`, `**/${r}/**`]),
  message: "Remotes never import each other; link with a plain path instead (DESIGN.md section 2).",
});

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "**/test-results/**", "**/playwright-report/**", "**/.local-data/**", "**/.reports/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
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
    // Everything but the facade itself and tests (which may render a MemoryRouter).
    files: ["**/*.{ts,tsx}"],
    ignores: ["shared-router/**", "**/*.test.{ts,tsx}", "e2e/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routerBan] }] },
  },
  ...remotes.map((self) => ({
    files: [`${self}/**/*.{ts,tsx}`],
    ignores: [`${self}/**/*.test.{ts,tsx}`],
    rules: {
      "no-restricted-imports": ["error", { paths: [routerFactories], patterns: [firebaseBan, otherRemotes(self), routerBan] }],
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
    rules: { "no-restricted-imports": ["error", { patterns: [firebaseBan, routerBan, remoteImportBan] }] },
  },
  {
    files: ["shell/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [firebaseBan, remoteImportBan] }] },
  },
);
