// Registers the remotes named in the runtime config and loads their exposed screens. The URLs
// come from /config.json at run time, so a remote is moved or rolled back without a rebuild.
// Before a remote's screen is used, its build is judged against what this host provides
// (federation-contract): a release that cannot run here is refused with a reason, instead of
// failing inside its own code (docs/architecture.md, "Releases").
import type { ComponentType } from "react";
import { loadRemote, registerRemotes } from "@module-federation/runtime";

export type RemoteModule = { default: ComponentType };

/**
 * What a remote slot needs, in the browser and on the server: a screen loaded (or a
 * RemoteLoadError), why a remote's release was refused once that is known, and which release its
 * screens come from. The browser's registry below is one; the renderer's prepared remotes are the
 * other (renderer/src/federation.ts).
 */
export interface RemoteLoader {
  load(remote: string, module: string): Promise<RemoteModule>;
  /** The reason a remote's release cannot run here, once it is known (null: compatible or not yet judged). */
  incompatibility(remote: string): string | null;
  /** The release this loader's screens of `remote` come from (null: unknown, or none loaded yet). */
  release(remote: string): string | null;
}

export interface RemoteRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
}

/**
 * What a host knows of a remote's current build from its manifest: `incompatible`, a one-line
 * reason when it cannot run on this host (null when it can, or when its manifest cannot be read:
 * loading it then fails by itself); `release`, which release it is (federation-contract's
 * releaseOf), null when unknown.
 */
export interface RemoteVerdict {
  incompatible: string | null;
  release: string | null;
}

/** Judges a remote's current build (its manifest at `manifestUrl`). */
export type RemoteGuard = (remote: string, manifestUrl: string) => Promise<RemoteVerdict>;

const UNJUDGED: RemoteVerdict = { incompatible: null, release: null };

const defaultRuntime: RemoteRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};

/** Why a slot shows its fallback: the remote cannot be reached, or its release cannot run on this site. */
export type RemoteFailure = "unavailable" | "incompatible";

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

export function createRemoteRegistry(runtime: RemoteRuntime = defaultRuntime, guard?: RemoteGuard, options: RegistryOptions = {}) {
  let entries: Record<string, string> = {};
  // Remotes whose last load failed: their build is judged again on the next attempt (a retry).
  const failed = new Set<string>();
  // remote -> the guard's verdict for its current entry, so it is asked once; and the reasons
  // once known, for what renders synchronously (the fallback's words).
  const verdicts = new Map<string, Promise<RemoteVerdict>>();
  const reasons = new Map<string, string>();
  // remote -> the release this registry loaded screens from (what an error is traced to).
  const loadedReleases = new Map<string, string>();

  function verdictOf(remote: string, entry: string): Promise<RemoteVerdict> {
    let verdict = verdicts.get(remote);
    if (!verdict) {
      verdict = guard ? guard(remote, entry).catch(() => UNJUDGED) : Promise.resolve(UNJUDGED);
      verdicts.set(remote, verdict);
    }
    return verdict;
  }

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
    runtime.registerRemotes([{ name: remote, entry: now.entry }], { force: true });
    return true;
  }

  async function load(remote: string, module: string, following = true): Promise<RemoteModule> {
    const entry = entries[remote];
    if (!entry) throw new RemoteLoadError(remote, module, new Error(`${remote} is not in config.json`));
    // A retry: judge the remote's build again (it may have been rolled back). The runtime
    // forgets a failed manifest or entry load by itself, so the remote is not registered again
    // (a forced registration drops what other slots of the same remote already loaded).
    if (failed.has(remote)) forget(remote);
    const refuse = (reason: string) => {
      reasons.set(remote, reason);
      failed.add(remote);
      return new RemoteLoadError(remote, module, new Error(reason), "incompatible");
    };
    // A verdict already known (the server's, embedded in the page) refuses without loading;
    // otherwise it is judged in parallel with the load (both read the manifest) and decided
    // before the screen is used.
    const knownReason = reasons.get(remote);
    if (knownReason) throw refuse(knownReason);
    const verdict = verdictOf(remote, entry);
    let loaded: unknown;
    try {
      loaded = await runtime.loadRemote(`${remote}/${module}`);
    } catch (error) {
      failed.add(remote);
      const { incompatible } = await verdict;
      if (incompatible) throw refuse(incompatible);
      if (following && (await followRelease(remote))) return load(remote, module, false);
      throw new RemoteLoadError(remote, module, error);
    }
    const { incompatible, release } = await verdict;
    if (incompatible) throw refuse(incompatible);
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
    register(remotes: Record<string, string>): void {
      for (const [name, entry] of Object.entries(remotes)) if (entries[name] !== entry) forget(name);
      entries = { ...remotes };
      runtime.registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
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
    load: (remote: string, module: string): Promise<RemoteModule> => load(remote, module),
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
