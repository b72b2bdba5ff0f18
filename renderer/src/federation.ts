// Loads the remotes' server entries the same way the browser loads their browser entries: from
// the manifest URL in the runtime config. The plugin's ssrEntryLoader fetches `remoteEntry.ssr.js`
// and its chunks over HTTP; the shared singletons come from this process (shared-modules.ts).
//
// Prepared ahead of requests: `refresh` reads every remote's manifest in parallel, judges each
// build against what this renderer provides (federation-contract: versions and the names it
// imports), registers the compatible new builds and loads their server-rendered screens at once.
// A request waits only when there is nothing prepared for the URLs it needs (the first request,
// or a repointed remote that no refresh has seen yet); otherwise a stale view is refreshed in the
// background. An incompatible release is never run: its loads are refused before the runtime
// sees them, its slots fall back and one line is logged (docs/releases.md).
import { fileURLToPath } from "node:url";
import { createInstance } from "@module-federation/runtime";
import ssrEntryLoaderPlugin, { revalidate } from "@module-federation/vite/ssrEntryLoader";
import { manifestVerdict, offeredShares, releaseOf } from "federation-contract";
import { RemoteLoadError, screenIn, type RemoteLoader } from "shell/server";
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
  /** What a page's slots load screens with: the prepared builds, a refused one refused with its reason. */
  loader: RemoteLoader;
  /**
   * Makes sure `remotes` (name -> manifest URL) are prepared. Waits only when a URL is not
   * prepared yet; a view older than `maxAgeMs` is refreshed in the background.
   */
  sync(remotes: Record<string, string>): Promise<void>;
  /** The browser files of one exposed screen (absolute URLs), from the remote's manifest. */
  assetsOf(remote: string, module: string): { css: string[]; js: string[] };
  /** Changes whenever another build is swapped in: what was rendered with the earlier ones is not reused. */
  generation(): string;
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
  /** Which release this build is (federation-contract's releaseOf), or null. */
  release: string | null;
}

function parseManifest(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type PluginOf<T> = [T] extends [(infer P)[] | undefined] ? P : never;

/** This process's singletons, offered to every remote at the version this renderer was built with. */
const sharedModules = () => offeredShares(SERVER_SHARED, Object.fromEntries(Object.keys(SERVER_SHARED).map((name) => [name, sharedVersion(name)])));

type FederationInstance = ReturnType<typeof createInstance>;

function createFederationInstance(name: string): FederationInstance {
  return createInstance({
    name,
    remotes: [],
    shared: sharedModules(),
    // The plugin's declared return type is looser than the runtime's plugin type; it is one.
    plugins: [
      ssrEntryLoaderPlugin({ resolvedShared: resolvedShared(), maxAgeMs: Number.POSITIVE_INFINITY, fetchTimeoutMs: 5000 }) as PluginOf<
        Parameters<typeof createInstance>[0]["plugins"]
      >,
    ],
  });
}

/** The manifest's text, or a stand-in that is never a manifest (so an unreachable remote is judged, and recorded, as a build of its own). */
async function manifestText(entry: string): Promise<string> {
  try {
    const response = await fetch(entry, { signal: AbortSignal.timeout(3000) });
    return response.ok ? await response.text() : `HTTP ${response.status}`;
  } catch {
    return "unreachable";
  }
}

type Build = readonly [name: string, entry: string, build: string];

async function readBuilds(remotes: Record<string, string>): Promise<Build[]> {
  return Promise.all(Object.entries(remotes).map(async ([name, entry]) => [name, entry, await manifestText(entry)] as const));
}

/** The builds that are not the ones prepared: a new URL, or a new build at the same URL. */
function changedBuilds(prepared: ReadonlyMap<string, PreparedRemote>, builds: Build[]): Build[] {
  return builds.filter(([name, entry, build]) => prepared.get(name)?.entry !== entry || prepared.get(name)?.build !== build);
}

/**
 * A build judged against what this renderer provides (versions and the names it imports). An
 * unreadable manifest is allowed: the runtime cannot load that build, so its slots fall back.
 */
function judge(name: string, entry: string, build: string): PreparedRemote {
  const raw = parseManifest(build);
  const incompatible = manifestVerdict(name, raw, serverHost, { unreadable: "allow" });
  return { entry, build, manifest: raw && typeof raw === "object" ? (raw as Manifest) : null, incompatible, release: releaseOf(raw) };
}

/** Logs each refused build once, not on every refresh. */
function refusalReporter(log: (line: string) => void) {
  const reported = new Set<string>();
  return ({ entry, build, incompatible }: PreparedRemote) => {
    if (!incompatible || reported.has(`${entry}\n${build}`)) return;
    reported.add(`${entry}\n${build}`);
    log(`[renderer] refusing ${entry}: ${incompatible}`);
  };
}

/** Forgets everything the loader cached, and lets revalidate()'s asynchronous clearing of its module runners land before loading. */
async function revalidateLoader(): Promise<void> {
  revalidate();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const runnable = (remote: PreparedRemote | undefined) => remote?.incompatible === null;

/**
 * The loader a page's slots use: a prepared build's screen, from the instance sync() keeps; a
 * refused build is refused with its reason before the runtime fetches or runs anything of it.
 */
function preparedLoader(instance: FederationInstance, preparedOf: (name: string) => PreparedRemote | undefined): RemoteLoader {
  return {
    async load(remote, module) {
      const prepared = preparedOf(remote);
      if (!prepared) throw new RemoteLoadError(remote, module, new Error(`${remote} is not prepared`));
      if (prepared.incompatible) throw new RemoteLoadError(remote, module, new Error(prepared.incompatible), "incompatible");
      let loaded: unknown;
      try {
        loaded = await instance.loadRemote(`${remote}/${module}`);
      } catch (error) {
        throw new RemoteLoadError(remote, module, error);
      }
      return screenIn(loaded, remote, module);
    },
    incompatibility: (remote) => preparedOf(remote)?.incompatible ?? null,
    release: (remote) => preparedOf(remote)?.release ?? null,
  };
}

/** The browser files of one exposed screen, as absolute URLs (relative to the manifest's publicPath, else to the manifest). */
function assetsIn(remote: PreparedRemote | undefined, module: string): { css: string[]; js: string[] } {
  const expose = remote?.manifest?.exposes?.find((e) => e.name === module);
  if (!remote || !expose) return { css: [], js: [] };
  const publicPath = remote.manifest?.metaData?.publicPath;
  const base = publicPath && publicPath !== "auto" ? publicPath : new URL(".", remote.entry).href;
  const at = (file: string) => new URL(file, base).href;
  return {
    css: [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])].map(at),
    js: (expose.assets?.js?.sync ?? []).map(at),
  };
}

export interface ServerRemotesOptions {
  maxAgeMs?: number;
  /** "remote/Module" of the screens rendered on the server: loaded before a build is swapped in. */
  warm?: readonly { remote: string; module: string }[];
  log?: (line: string) => void;
  /** The federation instance's name (each instance of the process has its own). */
  instanceName?: string;
}

export function createServerRemotes({
  maxAgeMs = 5000,
  warm = [],
  log = (line: string) => console.log(line),
  instanceName = "renderer",
}: ServerRemotesOptions = {}): ServerRemotes {
  const instance = createFederationInstance(instanceName);
  const reportRefusal = refusalReporter(log);
  // name -> the build registered (or refused) for it
  let prepared = new Map<string, PreparedRemote>();
  let checkedAt = 0;
  let refreshing: Promise<void> | null = null;
  let swaps = 0;

  /** Reads every manifest; registers what changed, judged, and loads its server-rendered screens. */
  async function refresh(remotes: Record<string, string>): Promise<void> {
    checkedAt = Date.now();
    const changed = changedBuilds(prepared, await readBuilds(remotes));
    if (changed.length === 0) return;
    const next = new Map(prepared);
    let reload = false;
    for (const [name, entry, build] of changed) {
      const before = prepared.get(name);
      const judged = judge(name, entry, build);
      reportRefusal(judged);
      next.set(name, judged);
      if (judged.incompatible) continue;
      // A new URL or a new build: forget the old container (re-registering with force removes it
      // and the runtime's loading entry), then everything the loader cached (it keys its caches
      // by URL, so a new build at the same URL, a redeploy or Hosting's clone of a release to
      // live, must not be served from the old one's).
      instance.registerRemotes([{ name, entry }], { force: before !== undefined });
      if (before) reload = true;
    }
    if (reload) await revalidateLoader();
    prepared = next;
    swaps += 1;
    // Load what pages render now, before requests ask (a failure here is the page's fallback
    // later, loaded again then).
    const names = new Set(changed.map(([name]) => name));
    await Promise.all(
      warm
        .filter(({ remote }) => names.has(remote) && runnable(prepared.get(remote)))
        .map(({ remote, module }) => instance.loadRemote(`${remote}/${module}`).catch(() => undefined)),
    );
  }

  function refreshOnce(remotes: Record<string, string>): Promise<void> {
    refreshing ??= refresh(remotes).finally(() => (refreshing = null));
    return refreshing;
  }

  async function sync(remotes: Record<string, string>): Promise<void> {
    const isPrepared = () => Object.entries(remotes).every(([name, entry]) => prepared.get(name)?.entry === entry);
    if (!isPrepared()) {
      // A refresh already under way may be for other URLs: wait for it, then for ours.
      if (refreshing) await refreshing.catch(() => undefined);
      if (!isPrepared()) await refreshOnce(remotes);
      return;
    }
    if (Date.now() - checkedAt >= maxAgeMs)
      void refreshOnce(remotes).catch((error: unknown) => log(`[renderer] refreshing the remotes failed: ${String(error)}`));
  }

  return {
    loader: preparedLoader(instance, (name) => prepared.get(name)),
    sync,
    assetsOf: (remote, module) => assetsIn(prepared.get(remote), module),
    generation: () => `${instanceName}:${swaps}`,
  };
}

/**
 * Candidate builds (a preview link's, a canary's: releases/selection.ts), each prepared in a
 * federation instance of its own, so serving a candidate to one request never changes what the
 * live instance has registered for everyone else. The `capacity` most recently used candidates
 * are kept; an older one is prepared again when a request asks for it.
 */
export interface CandidateRemotes {
  /**
   * What one request renders with: `remotes` (name -> manifest URL, as release-selection chose),
   * its candidates (the URLs that are not `live`'s) from their own instances, the rest from `live`.
   */
  forRequest(live: ServerRemotes, liveRemotes: Record<string, string>, remotes: Record<string, string>): ServerRemotes;
}

export function createCandidateRemotes({ capacity = 4, ...options }: ServerRemotesOptions & { capacity?: number } = {}): CandidateRemotes {
  const instances = new Map<string, ServerRemotes>();
  let made = 0;

  function instanceFor(name: string, entry: string): ServerRemotes {
    const key = `${name}\n${entry}`;
    let remotes = instances.get(key);
    if (remotes)
      instances.delete(key); // re-inserted below: the newest last
    else remotes = createServerRemotes({ ...options, warm: options.warm?.filter((w) => w.remote === name), instanceName: `renderer-candidate-${++made}` });
    instances.set(key, remotes);
    while (instances.size > capacity) instances.delete(instances.keys().next().value as string);
    return remotes;
  }

  return {
    forRequest(live, liveRemotes, remotes) {
      const candidates = Object.entries(remotes).filter(([name, entry]) => liveRemotes[name] !== entry);
      if (candidates.length === 0) return live;
      const byName = new Map(candidates.map(([name, entry]) => [name, { entry, remotes: instanceFor(name, entry) }]));
      const of = (remote: string) => byName.get(remote)?.remotes ?? live;
      return {
        loader: {
          load: (remote, module) => of(remote).loader.load(remote, module),
          incompatibility: (remote) => of(remote).loader.incompatibility(remote),
          release: (remote) => of(remote).loader.release(remote),
        },
        async sync() {
          await Promise.all([live.sync(liveRemotes), ...[...byName].map(([name, c]) => c.remotes.sync({ [name]: c.entry }))]);
        },
        assetsOf: (remote, module) => of(remote).assetsOf(remote, module),
        generation: () => [live, ...[...byName.values()].map((c) => c.remotes)].map((r) => r.generation()).join(","),
      };
    },
  };
}
