// The ONE list of Module Federation shared modules (docs/architecture.md, "Boundaries"), imported by every
// remote's vite config, by the shell's (the versions its page's federation instance offers: shell/src/remotes/federation-host.ts,
// whose test holds its copies to this list) and by the renderer (its server share scope). Each is a singleton, so a page holds
// exactly one React (a production build shares none of its subpaths: buildSharedModules below), one router, one Firebase and one auth store (with the zustand store inside it).
// A build provides its own `version` and requires `^version` (docs/releases.md): a remote built
// against shared-content 1.4.0 runs on any host providing 1.x from 1.4.0 on, and says so in its mf-manifest.json.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT as root } from "./repo-root.ts";

type Lock = { packages: Record<string, { version?: string }> };
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as Lock;

/** The workspace packages shared at run time: versioned with changesets (.changeset/README.md). */
export const SHARED_WORKSPACE_PACKAGES = ["shared-auth", "shared-content", "shared-router"] as const;

function versionOf(name: string): string {
  // A workspace package's version is its package.json's (the lock file may lag behind a bump).
  const workspace = join(root, name, "package.json");
  if ((SHARED_WORKSPACE_PACKAGES as readonly string[]).includes(name) && existsSync(workspace))
    return (JSON.parse(readFileSync(workspace, "utf8")) as { version: string }).version;
  const version = lock.packages[`node_modules/${name}`]?.version ?? lock.packages[name]?.version;
  if (!version) throw new Error(`federation-kit/shared: ${name} is not in package-lock.json`);
  return version;
}

const singleton = (name: string, pkg = name) => {
  const version = versionOf(pkg);
  return { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
};

export const sharedModules = {
  react: singleton("react"),
  "react-dom": singleton("react-dom"),
  // Not react-router-dom itself: a shared module ships whole, and react-router's whole is 69 KB
  // gzip (server rendering, sessions, RSC). shared-router re-exports only what the site uses
  // and is the only importer of react-router (lint enforces it), so this one share is tree-shaken.
  "shared-router": singleton("shared-router"),
  // No zustand: only shared-auth imports it (its auth store), and shared-auth is itself a singleton,
  // so the one copy inside it is the page's only one. A share of its own would cost every visitor a
  // wrapper in each remote.
  // No firebase/* here: shared-auth is the only module that imports the Firebase SDK (lint
  // enforces it; shared-content/admin gets the database SDK from it), always by dynamic import,
  // and shared-auth is itself a singleton served by the shell, so a page holds exactly one
  // Firebase app, Auth and Database. Listing them would cost visitors the SDK: a remote's
  // federation glue resolves every shared module it references when the remote starts.
  "shared-auth": singleton("shared-auth"),
  "shared-content": singleton("shared-content"),
};

// A workspace package whose entry file does not exist yet cannot be shared (the build would
// fail inside the federation plugin); say so loudly instead of failing with a cryptic error.
for (const name of SHARED_WORKSPACE_PACKAGES) {
  const pkg = JSON.parse(readFileSync(join(root, name, "package.json"), "utf8")) as { main?: string };
  if (!pkg.main || !existsSync(join(root, name, pkg.main))) {
    console.warn(`[federation-kit/shared] ${name}: entry ${pkg.main ?? "(none)"} is missing, so it is not shared in this build`);
    delete (sharedModules as Record<string, unknown>)[name];
  }
}

/**
 * The shares a remote's production build declares: sharedModules, with each package's subpaths
 * left out. Without an explicit `request`, the plugin also shares react/jsx-runtime and
 * react-dom/client, and each share costs every visitor a wrapper chunk in every remote (~1.3 KB
 * gzip each) for modules that need no single copy: React's production JSX runtime only builds
 * element objects (no state), and only the shell creates React roots. The dev servers keep the
 * plugin's defaults (the development JSX runtime reads React's internals).
 */
const buildSharedModules = Object.fromEntries(
  Object.entries(sharedModules).map(([name, share]) => [name, name === "react" || name === "react-dom" ? { ...share, request: name } : share]),
) as typeof sharedModules;

/**
 * The shares a remote's production build declares: buildSharedModules, consumed only
 * (`import: false`). A built remote runs only inside a host that provides every one of them (the
 * shell in browsers, the renderer on the server), so it carries no fallback copies and no glue to
 * load them: its share wrappers shrink from ~5 KB gzip to ~1 KB on every page. Its manifest still
 * states each required range, which the release check and the hosts' guards compare. The dev
 * servers keep their own copies, so a remote still runs alone for development.
 */
export const remoteBuildSharedModules = Object.fromEntries(
  Object.entries(buildSharedModules).map(([name, share]) => [name, { ...share, import: false as const }]),
) as { [name in keyof typeof buildSharedModules]: (typeof buildSharedModules)[name] & { import: false } };
