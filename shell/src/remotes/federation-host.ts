// The shell is a Module Federation host through the runtime's own API, not a build plugin: it
// creates the page's federation instance with its copies of the shared modules, the way the
// renderer does on the server (renderer/src/federation.ts). The remotes are built with
// @module-federation/vite; a built remote consumes these singletons (import: false) and reuses this
// runtime (experiments.externalRuntime), published below. The plugin's generated host glue (a
// remoteEntry.js init, share wrappers, a bootstrap) cost every visitor ~13 KB gzip for cases this
// site never has: webpack hosts, tree-shaken shares, live rebinding (docs/architecture.md, "Boundaries").
import { init, registerGlobalPlugins } from "@module-federation/runtime";
import { offeredShares } from "federation-contract";
import injectExternalRuntimeCore from "@module-federation/vite/injectExternalRuntimeCorePlugin";
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as sharedAuth from "shared-auth";
import * as sharedContent from "shared-content";
import * as sharedRouter from "shared-router";
import { yieldToMain } from "../yield-to-main";

type RuntimePlugin = NonNullable<Parameters<typeof init>[0]["plugins"]>[number];

/** The versions of the shared modules this build provides (from federation-kit/shared, set by the build). */
declare const __HOST_SHARED_VERSIONS__: Record<string, string>;
export const HOST_SHARED_VERSIONS = __HOST_SHARED_VERSIONS__;

/** federation-kit/shared's singletons, by name: shell/src/remotes/federation-host.test.ts fails when the two lists differ. */
export const HOST_SHARED: Record<string, object> = {
  react: React,
  "react-dom": ReactDOM,
  "shared-auth": sharedAuth,
  "shared-content": sharedContent,
  "shared-router": sharedRouter,
};

/** The share scope this page offers: each module at this build's version (federation-contract's offeredShares). */
export const hostShares = (versions: Record<string, string> = HOST_SHARED_VERSIONS) => offeredShares(HOST_SHARED, versions);

/** Registration name -> how its entry loads, for the remotes a Retry registered afresh (registerAfresh). */
const entriesLoadedAfresh = new Map<string, () => Promise<unknown>>();

/** Gives the runtime the entry of a remote registered afresh, which it could not import itself: it is a chunk, not a remoteEntry.js. */
const afreshEntries: RuntimePlugin = {
  name: "shell:afresh-entries",
  loadEntry: ({ remoteInfo }) => entriesLoadedAfresh.get(remoteInfo.name)?.() as ReturnType<NonNullable<RuntimePlugin["loadEntry"]>>,
};

/**
 * A yield to the browser between the runtime's steps for a remote (its entry loaded, its share
 * scope set up, its init run, each shared module it takes, its module fetched, its module run):
 * without them the steps after each download ran as one chain of promise callbacks, one task of
 * 25-40 ms on this kind of host, which a phone runs 4x slower (main.tsx says why that matters).
 * Registered for every instance, since each remote's entry makes its own (sharing this runtime).
 */
const yieldBetweenSteps: RuntimePlugin = {
  name: "shell:yield-between-steps",
  beforeInitRemote: () => yieldToMain(),
  beforeInitContainer: async (args) => (await yieldToMain(), args),
  initContainer: async (args) => (await yieldToMain(), args),
  beforeGetExpose: () => yieldToMain(),
  beforeExecuteFactory: () => yieldToMain(),
  beforeLoadShare: async (args) => (await yieldToMain(), args),
};
registerGlobalPlugins([yieldBetweenSteps]);

/** The page's one federation instance; registerRemotes and loadRemote of @module-federation/runtime use it. */
export const federationHost = init({
  name: "shell",
  remotes: [],
  shared: hostShares(),
  shareStrategy: "version-first",
  // The plugin's declared hook types are looser than the runtime's plugin type; it is one, and
  // the build fails when that stops holding (federation-kit's host-internals.ts).
  plugins: [injectExternalRuntimeCore() as unknown as RuntimePlugin, afreshEntries],
});

let afreshAttempts = 0;

/**
 * The remote's build behind `remoteEntry` registered once more under a new name, its code under
 * URLs this page never requested (fresh-entry.ts, loaded only now); the new name, or null when
 * the build cannot be given new URLs. Each call is a new attempt, with new URLs.
 */
export async function registerAfresh(remote: string, remoteEntry: string): Promise<string | null> {
  const { freshEntry } = await import("./fresh-entry");
  const attempt = ++afreshAttempts;
  const fresh = await freshEntry(remoteEntry, attempt);
  if (!fresh) return null;
  const name = `${remote}_afresh_${attempt}`;
  entriesLoadedAfresh.set(name, fresh.load);
  federationHost.registerRemotes([{ name, entry: fresh.url, type: "module" }]);
  return name;
}
