// Loads the remotes' server entries at request time, the same way the browser loads their
// browser entries: from the manifest URL in the runtime config. The plugin's ssrEntryLoader
// fetches `remoteEntry.ssr.js` and its chunks over HTTP; the shared singletons (React, the router
// facade, shared-content, shared-auth, zustand) come from this process, so a remote's screen
// reads the page's render store and router. A redeploy of a remote (same URL, new manifest) or a
// repointed URL in config.json is picked up within `maxAgeMs`, without rebuilding anything here.
import { fileURLToPath } from "node:url";
import { createInstance } from "@module-federation/runtime";
import ssrEntryLoaderPlugin, { revalidate } from "@module-federation/vite/ssrEntryLoader";
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as zustand from "zustand";
import * as sharedAuth from "shared-auth";
import * as sharedContent from "shared-content";
import * as sharedRouter from "shared-router";
import type { RemoteRuntime } from "shell/server";

declare const __SHARED_VERSIONS__: Record<string, string>;

const LIBS: Record<string, unknown> = {
  react: React,
  "react-dom": ReactDOM,
  zustand,
  "shared-auth": sharedAuth,
  "shared-content": sharedContent,
  "shared-router": sharedRouter,
};

// npm packages a remote's server chunks import directly: resolved to this process's copies.
const NPM_SHARED = [
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-dom/client",
  "zustand",
  "react-router-dom",
  "valibot",
  "marked",
  "dompurify",
  "@module-federation/runtime",
];

function resolvedShared(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of NPM_SHARED) {
    try {
      out[name] = fileURLToPath(import.meta.resolve(name));
    } catch {
      // not installed: the remote's chunk resolves it from the working directory, or fails to load
    }
  }
  return out;
}

export interface ServerRemotes {
  runtime: RemoteRuntime;
  /** Points the remotes at `remotes` (name -> manifest URL); reloads those whose URL or build changed. */
  sync(remotes: Record<string, string>): Promise<void>;
  /** The browser files of one exposed screen (absolute URLs), from the remote's manifest. */
  assetsOf(remote: string, module: string): { css: string[]; js: string[] };
}

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

function parseManifest(text: string): Manifest | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Manifest) : null;
  } catch {
    return null;
  }
}

export function createServerRemotes({ maxAgeMs = 5000 }: { maxAgeMs?: number } = {}): ServerRemotes {
  const shared = Object.fromEntries(
    Object.entries(LIBS).map(([name, lib]) => {
      const version = __SHARED_VERSIONS__[name] ?? "0.0.0";
      return [name, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: version } }];
    }),
  );
  const instance = createInstance({
    name: "renderer",
    remotes: [],
    shared,
    // The plugin's declared return type is looser than the runtime's plugin type; it is one.
    plugins: [
      ssrEntryLoaderPlugin({ resolvedShared: resolvedShared(), maxAgeMs, fetchTimeoutMs: 5000 }) as Parameters<typeof createInstance>[0]["plugins"] extends
        | (infer P)[]
        | undefined
        ? P
        : never,
    ],
  });
  // name -> the entry URL and build the instance has loaded
  const known = new Map<string, { entry: string; build: string; manifest: Manifest | null }>();
  let checkedAt = 0;

  async function buildOf(entry: string): Promise<string> {
    try {
      const response = await fetch(entry, { signal: AbortSignal.timeout(3000) });
      return response.ok ? await response.text() : `HTTP ${response.status}`;
    } catch {
      return "unreachable";
    }
  }

  return {
    runtime: {
      // The page's registry registers on every request; only its forced re-registration (a retry
      // after a failed load) reaches the instance. sync() does the rest.
      registerRemotes: (remotes, options) => {
        if (options?.force) instance.registerRemotes(remotes, options);
      },
      loadRemote: (id) => instance.loadRemote(id),
    },
    async sync(remotes) {
      const now = Date.now();
      const urlChanged = Object.entries(remotes).some(([name, entry]) => known.get(name)?.entry !== entry);
      if (!urlChanged && now - checkedAt < maxAgeMs) return;
      checkedAt = now;
      await Promise.all(
        Object.entries(remotes).map(async ([name, entry]) => {
          const build = await buildOf(entry);
          const before = known.get(name);
          if (before?.entry === entry && before.build === build) return;
          // A new URL or a new build: forget the old container (re-registering removes it and its
          // loading entry, so this comes first), then everything the loader cached (its entry
          // resolution is keyed by the remote entry's URL, not the manifest's, so a scoped
          // revalidate would leave a redeploy at the same URL serving the old build).
          instance.registerRemotes([{ name, entry }], { force: before !== undefined });
          if (before) revalidate();
          known.set(name, { entry, build, manifest: parseManifest(build) });
        }),
      );
    },
    assetsOf(remote, module) {
      const info = known.get(remote);
      const expose = info?.manifest?.exposes?.find((e) => e.name === module);
      if (!info || !expose) return { css: [], js: [] };
      const publicPath = info.manifest?.metaData?.publicPath;
      const base = publicPath && publicPath !== "auto" ? publicPath : new URL(".", info.entry).href;
      const at = (file: string) => new URL(file, base).href;
      return {
        css: [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])].map(at),
        js: (expose.assets?.js?.sync ?? []).map(at),
      };
    },
  };
}
