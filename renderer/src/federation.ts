// Loads the remotes' server entries the same way the browser loads their browser entries: from
// the manifest URL in the runtime config. The plugin's ssrEntryLoader fetches `remoteEntry.ssr.js`
// and its chunks over HTTP; the shared singletons come from this process (shared-modules.ts).
//
// Prepared ahead of requests: `refresh` reads every remote's manifest in parallel, judges each
// build against what this renderer provides (federation-contract: versions and the names it
// imports), loads the server-rendered screens of the compatible ones into a new federation
// instance, and only then swaps it in. A request waits only when there is nothing prepared for
// the URLs it needs (the first request, or a repointed remote that no refresh has seen yet);
// otherwise a stale view is refreshed in the background. An incompatible release is never run:
// its slots fall back and one line is logged (docs/architecture.md, "Releases").
import { fileURLToPath } from "node:url";
import { createInstance } from "@module-federation/runtime";
import ssrEntryLoaderPlugin, { revalidate } from "@module-federation/vite/ssrEntryLoader";
import { checkCompatibility, describeIncompatibility, requirementsOf } from "federation-contract";
import type { RemoteGuard, RemoteRuntime } from "shell/server";
import { NPM_SHARED, SERVER_SHARED, serverHost, sharedVersion } from "./shared-modules";

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
  /** The verdict on each remote's prepared build, for the page's registry. */
  guard: RemoteGuard;
  /**
   * Makes sure `remotes` (name -> manifest URL) are prepared. Waits only when a URL is not
   * prepared yet; a view older than `maxAgeMs` is refreshed in the background.
   */
  sync(remotes: Record<string, string>): Promise<void>;
  /** The browser files of one exposed screen (absolute URLs), from the remote's manifest. */
  assetsOf(remote: string, module: string): { css: string[]; js: string[] };
}

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

interface PreparedRemote {
  entry: string;
  /** The manifest's text, which changes with every build (the build's identity). */
  build: string;
  manifest: Manifest | null;
  /** Why this build cannot run here, or null. */
  incompatible: string | null;
}

interface Generation {
  instance: ReturnType<typeof createInstance>;
  remotes: Map<string, PreparedRemote>;
}

function parseManifest(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type PluginOf<T> = [T] extends [(infer P)[] | undefined] ? P : never;

export function createServerRemotes({
  maxAgeMs = 5000,
  warm = [],
  log = (line: string) => console.log(line),
}: {
  maxAgeMs?: number;
  /** "remote/Module" of the screens rendered on the server: loaded before a build is swapped in. */
  warm?: readonly { remote: string; module: string }[];
  log?: (line: string) => void;
} = {}): ServerRemotes {
  const shared = Object.fromEntries(
    Object.entries(SERVER_SHARED).map(([name, lib]) => {
      const version = sharedVersion(name);
      return [name, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } }];
    }),
  );
  const loaderPlugin = () =>
    // The plugin's declared return type is looser than the runtime's plugin type; it is one.
    ssrEntryLoaderPlugin({ resolvedShared: resolvedShared(), maxAgeMs: Number.POSITIVE_INFINITY, fetchTimeoutMs: 5000 }) as PluginOf<
      Parameters<typeof createInstance>[0]["plugins"]
    >;
  let generation = 0;
  let current: Generation | null = null;
  let checkedAt = 0;
  let refreshing: Promise<void> | null = null;
  // The verdicts already logged, so a bad release is reported once, not on every refresh.
  const reported = new Set<string>();

  async function manifestText(entry: string): Promise<string> {
    try {
      const response = await fetch(entry, { signal: AbortSignal.timeout(3000) });
      return response.ok ? await response.text() : `HTTP ${response.status}`;
    } catch {
      return "unreachable";
    }
  }

  function judge(name: string, entry: string, build: string): PreparedRemote {
    const raw = parseManifest(build);
    const requirements = requirementsOf(raw);
    const problems = requirements ? checkCompatibility({ ...requirements, name }, serverHost) : [];
    const incompatible = problems.length > 0 ? describeIncompatibility(name, requirements?.version ?? null, problems) : null;
    if (incompatible && !reported.has(`${entry}\n${build}`)) {
      reported.add(`${entry}\n${build}`);
      log(`[renderer] refusing ${entry}: ${incompatible}`);
    }
    return { entry, build, manifest: raw && typeof raw === "object" ? (raw as Manifest) : null, incompatible };
  }

  /** Reads every manifest; when anything changed, prepares a new instance and swaps it in. */
  async function refresh(remotes: Record<string, string>): Promise<void> {
    checkedAt = Date.now();
    const builds = await Promise.all(Object.entries(remotes).map(async ([name, entry]) => [name, entry, await manifestText(entry)] as const));
    const unchanged =
      current !== null &&
      current.remotes.size === builds.length &&
      builds.every(([name, entry, build]) => current?.remotes.get(name)?.entry === entry && current.remotes.get(name)?.build === build);
    if (unchanged) return;
    // The loader caches entries by URL: a new build at the same URL (a redeploy, or Hosting's
    // clone of a release to live) must not be served from the old one's cache.
    if (current) revalidate();
    generation += 1;
    const instance = createInstance({ name: `renderer_${generation}`, remotes: [], shared, plugins: [loaderPlugin()] });
    const prepared = new Map(builds.map(([name, entry, build]) => [name, judge(name, entry, build)]));
    instance.registerRemotes([...prepared].filter(([, r]) => !r.incompatible).map(([name, r]) => ({ name, entry: r.entry })));
    // Load what pages render before any request uses this instance (a failure here is the page's
    // fallback later, loaded again then).
    await Promise.all(
      warm
        .filter(({ remote }) => prepared.get(remote) && !prepared.get(remote)?.incompatible)
        .map(({ remote, module }) => instance.loadRemote(`${remote}/${module}`).catch(() => undefined)),
    );
    current = { instance, remotes: prepared };
  }

  function refreshOnce(remotes: Record<string, string>): Promise<void> {
    refreshing ??= refresh(remotes).finally(() => (refreshing = null));
    return refreshing;
  }

  return {
    runtime: {
      // The page's registry registers on every request; only its forced re-registration (a retry
      // after a failed load) reaches the instance. sync() does the rest.
      registerRemotes: (remotes, options) => {
        if (options?.force)
          current?.instance.registerRemotes(
            remotes.filter((r) => !current?.remotes.get(r.name)?.incompatible),
            options,
          );
      },
      loadRemote: (id) => {
        if (!current) return Promise.reject(new Error("the remotes are not prepared"));
        return current.instance.loadRemote(id);
      },
    },
    guard: async (remote) => current?.remotes.get(remote)?.incompatible ?? null,
    async sync(remotes) {
      const prepared = current !== null && Object.entries(remotes).every(([name, entry]) => current?.remotes.get(name)?.entry === entry);
      if (!prepared) {
        // A refresh already under way may be for other URLs: wait for it, then for ours.
        if (refreshing) await refreshing.catch(() => undefined);
        if (!Object.entries(remotes).every(([name, entry]) => current?.remotes.get(name)?.entry === entry)) await refreshOnce(remotes);
        return;
      }
      if (Date.now() - checkedAt >= maxAgeMs)
        void refreshOnce(remotes).catch((error: unknown) => log(`[renderer] refreshing the remotes failed: ${String(error)}`));
    },
    assetsOf(remote, module) {
      const info = current?.remotes.get(remote);
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
