// Registers the remotes named in the runtime config and loads their exposed screens. The URLs
// come from /config.json at run time, so a remote is moved or rolled back without a rebuild.
// Before a remote's screen is used, its build is judged against what this host provides
// (federation-contract): a release that cannot run here is refused with a reason, instead of
// failing inside its own code (docs/releases.md).
import type { ComponentType } from "react";

export type RemoteModule = { default: ComponentType };

/**
 * What a remote slot needs, in the browser and on the server: a screen loaded (or a
 * RemoteLoadError), why a remote's release was refused once that is known, and which release its
 * screens come from. The browser's registry below is one; the renderer's prepared remotes are the
 * other (renderer/src/federation.ts).
 */
export interface RemoteLoader {
  /** `retry`: the visitor pressed Retry after this remote failed to load. */
  load(remote: string, module: string, options?: { retry?: boolean }): Promise<RemoteModule>;
  /** The reason a remote's release cannot run here, once it is known (null: compatible or not yet judged). */
  incompatibility(remote: string): string | null;
  /** The release this loader's screens of `remote` come from (null: unknown, or none loaded yet). */
  release(remote: string): string | null;
}

export interface RemoteRuntime {
  registerRemotes: (remotes: { name: string; entry: string; type?: "module" }[], options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
  /**
   * Registers the build behind `remoteEntry` once more, under a new name and URLs this page never
   * requested (fresh-entry.ts), and resolves with that name: a browser may keep a failed module
   * fetch for the life of the page, so loading the same URLs again would fail without a request.
   * Null when the build cannot be given new URLs; rejects when its entry does not answer.
   */
  registerAfresh?: (remote: string, remoteEntry: string) => Promise<string | null>;
}

/**
 * What a host knows of a remote's current build from its manifest: `incompatible`, a one-line
 * reason when it cannot run on this host (null when it can, or when its manifest cannot be read);
 * `release`, which release it is (federation-contract's releaseOf), null when unknown;
 * `remoteEntry`, the browser entry (remoteEntry.js) the manifest names, which is what the runtime
 * loads: the shell's runtime is built without a manifest reader (federationRuntimeDefines in
 * shell/vite.config.ts). Null: the manifest could not be read or names no entry, so the remote
 * is unavailable.
 */
export interface RemoteVerdict {
  incompatible: string | null;
  release: string | null;
  remoteEntry: string | null;
}

/** Judges a remote's current build (its manifest at `manifestUrl`). */
export type RemoteGuard = (remote: string, manifestUrl: string) => Promise<RemoteVerdict>;

const UNREAD: RemoteVerdict = { incompatible: null, release: null, remoteEntry: null };

/**
 * The runtime of a registry given none: the slots' unconfigured default and tests, which register
 * no remote, so a load stops at "not in config.json" before reaching it. The browser's registry
 * is given the page's federation instance (app-registry.ts), the renderer its own loader.
 */
const noRuntime: RemoteRuntime = {
  registerRemotes: () => undefined,
  loadRemote: (id) => Promise.reject(new Error(`no federation runtime to load ${id}`)),
};

/**
 * Why a slot shows its fallback: the remote cannot be reached, its release cannot run on this
 * site, or it answers again but this page could not load its files even under new URLs (the page
 * is reloaded, keeping the visitor's place: kept-place.ts).
 */
export type RemoteFailure = "unavailable" | "incompatible" | "reload";

export class RemoteLoadError extends Error {
  override name = "RemoteLoadError";
  constructor(
    readonly remote: string,
    readonly module: string,
    cause?: unknown,
    readonly failure: RemoteFailure = "unavailable",
  ) {
    super(`Could not load ${module} from ${remote}`, { cause });
  }
}

export interface RegistryOptions {
  /** Lets the browser in between a manifest's verdict and the runtime's steps (yield-to-main.ts). */
  yieldBetweenSteps?: () => Promise<void>;
  /** Called with every remote's loaded release each time one loads (the browser records them on the page). */
  onReleases?: (releases: Record<string, string>) => void;
  /**
   * Where `remote` is now and which release that is (the browser reads /config.json and the
   * manifest again), or null when that cannot be read. Asked when a remote that loaded before
   * fails to load another screen: a release since this tab opened may have taken its files away.
   */
  locate?: (remote: string) => Promise<{ entry: string; release: string | null } | null>;
  /**
   * Loads the page again: for a release published at the URL this tab already loaded (the
   * browser keeps a module for its URL, so its code cannot be swapped in place). True when the
   * page is reloading (it reloads once per release, never in a loop).
   */
  reloadPage?: (remote: string, release: string) => boolean;
}

/** The guard's verdict on a remote's entry, asked once per entry. */
function verdictOf(guard: RemoteGuard | undefined, verdicts: Map<string, Promise<RemoteVerdict>>, remote: string, entry: string): Promise<RemoteVerdict> {
  let verdict = verdicts.get(remote);
  if (!verdict) {
    // Without a guard (unit tests; the slots' unconfigured default, which registers nothing) the
    // configured entry is taken to be the remoteEntry.js itself.
    verdict = guard ? guard(remote, entry).catch(() => UNREAD) : Promise.resolve({ incompatible: null, release: null, remoteEntry: entry });
    verdicts.set(remote, verdict);
  }
  return verdict;
}

/**
 * Gives the runtime the remote's browser entry, once per address: a new one (a release at a new
 * URL, a rollback) replaces the old registration, which drops what was loaded from it. Every
 * remote is built as an ES module: its remoteEntry.js is imported, not run as a script.
 */
function registerEntry(runtime: RemoteRuntime, registered: Map<string, string>, remote: string, remoteEntry: string): void {
  const had = registered.get(remote);
  if (had === remoteEntry) return;
  registered.set(remote, remoteEntry);
  runtime.registerRemotes([{ name: remote, entry: remoteEntry, type: "module" }], had === undefined ? undefined : { force: true });
}

/**
 * The name the runtime loads `remote`'s current entry under: on a Retry, a new registration of
 * the same build (the page's own preloads of its files may have failed too, not only a load);
 * `answered`: its entry answered that Retry.
 */
async function nameToLoad(
  runtime: RemoteRuntime,
  afresh: Map<string, { remoteEntry: string; name: string }>,
  remote: string,
  remoteEntry: string,
  retry: boolean,
): Promise<{ name: string; answered: boolean }> {
  if (retry && runtime.registerAfresh) {
    const name = await runtime.registerAfresh(remote, remoteEntry);
    if (name) afresh.set(remote, { remoteEntry, name });
    return { name: name ?? remote, answered: true };
  }
  const kept = afresh.get(remote);
  return { name: kept?.remoteEntry === remoteEntry ? kept.name : remote, answered: false };
}

export function createRemoteRegistry(runtime: RemoteRuntime = noRuntime, guard?: RemoteGuard, options: RegistryOptions = {}) {
  let entries: Record<string, string> = {};
  // Remotes whose last load failed: their build is judged again on the next attempt (a retry).
  const failed = new Set<string>();
  // remote -> the guard's verdict for its current entry, so it is asked once; and the reasons
  // once known, for what renders synchronously (the fallback's words).
  const verdicts = new Map<string, Promise<RemoteVerdict>>();
  const reasons = new Map<string, string>();
  // remote -> the release this registry loaded screens from (what an error is traced to).
  const loadedReleases = new Map<string, string>();
  // remote -> the entry the runtime has for it (its remoteEntry.js, read from its manifest).
  const registered = new Map<string, string>();
  // remote -> the registration a Retry loaded it under (new URLs, for the entry it was made for):
  // later screens of the remote come from it too, the first URLs may have failed in this page.
  const afresh = new Map<string, { remoteEntry: string; name: string }>();

  function forget(remote: string): void {
    verdicts.delete(remote);
    reasons.delete(remote);
  }

  /**
   * A screen of a remote this tab loaded before failed to load: if the remote has had a release
   * since, moves to it and says so (true); the caller loads again, once. A release at the same
   * URL reloads the page instead.
   */
  async function followRelease(remote: string): Promise<boolean> {
    const had = loadedReleases.get(remote);
    if (!had || !options.locate) return false;
    const now = await options.locate(remote).catch(() => null);
    if (!now?.release || now.release === had) return false;
    if (now.entry === entries[remote]) {
      // The slot keeps "Loading…" while the page reloads, rather than an error panel.
      if (options.reloadPage?.(remote, now.release)) await new Promise<never>(() => undefined);
      return false;
    }
    entries = { ...entries, [remote]: now.entry };
    forget(remote);
    failed.delete(remote);
    return true;
  }

  async function load(remote: string, module: string, retry = false, following = true): Promise<RemoteModule> {
    const entry = entries[remote];
    if (!entry) throw new RemoteLoadError(remote, module, new Error(`${remote} is not in config.json`));
    // A retry: read and judge the remote's manifest again (it may have been rolled back). The
    // runtime forgets a failed entry load by itself, so the remote is registered again only when
    // its entry moved (a forced registration drops what other slots of it already loaded).
    if (failed.has(remote)) forget(remote);
    const refuse = (reason: string) => {
      reasons.set(remote, reason);
      failed.add(remote);
      return new RemoteLoadError(remote, module, new Error(reason), "incompatible");
    };
    // A verdict already known (the server's, embedded in the page) refuses without loading;
    // otherwise the manifest is read first: it names the entry to load, and a release that
    // cannot run here is refused before any of its code runs.
    const knownReason = reasons.get(remote);
    if (knownReason) throw refuse(knownReason);
    const { incompatible, release, remoteEntry } = await verdictOf(guard, verdicts, remote, entry);
    if (incompatible) throw refuse(incompatible);
    // The runtime's own steps follow: in the browser, they start in a task of their own.
    await options.yieldBetweenSteps?.();
    let loaded: unknown;
    let answered = false;
    try {
      if (!remoteEntry) throw new Error(`${remote}'s manifest (${entry}) could not be read, or names no remoteEntry.js`);
      registerEntry(runtime, registered, remote, remoteEntry);
      const target = await nameToLoad(runtime, afresh, remote, remoteEntry, retry);
      answered = target.answered;
      loaded = await runtime.loadRemote(`${target.name}/${module}`);
    } catch (error) {
      failed.add(remote);
      if (following && (await followRelease(remote))) return load(remote, module, false, false);
      // Its entry answered this Retry, yet its code did not load even under new URLs: only a
      // new page can load it.
      throw new RemoteLoadError(remote, module, error, answered ? "reload" : "unavailable");
    }
    let screen: RemoteModule;
    try {
      screen = screenIn(loaded, remote, module);
    } catch (error) {
      failed.add(remote);
      throw error;
    }
    failed.delete(remote);
    if (release && loadedReleases.get(remote) !== release) {
      loadedReleases.set(remote, release);
      options.onReleases?.(Object.fromEntries(loadedReleases));
    }
    return screen;
  }

  return {
    /** Remote -> its manifest URL (/config.json's). The runtime learns each entry on the first load. */
    register(remotes: Record<string, string>): void {
      for (const [name, entry] of Object.entries(remotes)) if (entries[name] !== entry) forget(name);
      entries = { ...remotes };
    },
    entryOf(remote: string): string | undefined {
      return entries[remote];
    },
    /** Takes a verdict reached elsewhere (the server's, embedded in the page) for the current entry. */
    markIncompatible(remote: string, reason: string): void {
      reasons.set(remote, reason);
    },
    /** The reason a remote's release cannot run here, once it is known (null: compatible or not yet judged). */
    incompatibility(remote: string): string | null {
      return reasons.get(remote) ?? null;
    },
    release(remote: string): string | null {
      return loadedReleases.get(remote) ?? null;
    },
    /** Remote -> the release its loaded screens came from. */
    releases(): Record<string, string> {
      return Object.fromEntries(loadedReleases);
    },
    load: (remote: string, module: string, options?: { retry?: boolean }): Promise<RemoteModule> => load(remote, module, options?.retry === true),
  };
}

/** The screen a loaded exposed module holds (its default export), or a RemoteLoadError. */
export function screenIn(loaded: unknown, remote: string, module: string): RemoteModule {
  const component = (loaded as { default?: unknown } | null | undefined)?.default;
  if (typeof component !== "function" && (typeof component !== "object" || component === null))
    throw new RemoteLoadError(remote, module, new Error("the module has no default export"));
  return { default: component as ComponentType };
}

export type RemoteRegistry = ReturnType<typeof createRemoteRegistry>;
