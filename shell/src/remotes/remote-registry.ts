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
 * RemoteLoadError), and why a remote's release was refused once that is known. The browser's
 * registry below is one; the renderer's prepared remotes are the other (renderer/src/federation.ts).
 */
export interface RemoteLoader {
  load(remote: string, module: string): Promise<RemoteModule>;
  /** The reason a remote's release cannot run here, once it is known (null: compatible or not yet judged). */
  incompatibility(remote: string): string | null;
}

export interface RemoteRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
}

/**
 * Judges a remote's current build: resolves to a one-line reason when it cannot run on this
 * host, null when it can (or when its manifest cannot be read: loading it then fails by itself).
 */
export type RemoteGuard = (remote: string, manifestUrl: string) => Promise<string | null>;

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

export function createRemoteRegistry(runtime: RemoteRuntime = defaultRuntime, guard?: RemoteGuard) {
  let entries: Record<string, string> = {};
  // Remotes whose last load failed: the runtime caches a remote's (failed) entry, so these are
  // registered again with force before the next attempt.
  const failed = new Set<string>();
  // remote -> the guard's verdict for its current entry (null: compatible), so it is asked once;
  // and the reasons once known, for what renders synchronously (the fallback's words).
  const verdicts = new Map<string, Promise<string | null>>();
  const reasons = new Map<string, string>();

  function verdictOf(remote: string, entry: string): Promise<string | null> {
    let verdict = verdicts.get(remote);
    if (!verdict) {
      verdict = guard ? guard(remote, entry).catch(() => null) : Promise.resolve(null);
      verdicts.set(remote, verdict);
    }
    return verdict;
  }

  return {
    register(remotes: Record<string, string>): void {
      for (const [name, entry] of Object.entries(remotes))
        if (entries[name] !== entry) {
          verdicts.delete(name);
          reasons.delete(name);
        }
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
    async load(remote: string, module: string): Promise<RemoteModule> {
      const entry = entries[remote];
      if (!entry) throw new RemoteLoadError(remote, module, new Error(`${remote} is not in config.json`));
      if (failed.has(remote)) {
        // A retry: judge the remote's build again (it may have been rolled back). The runtime
        // forgets a failed manifest or entry load by itself, so the remote is not registered again
        // (a forced registration drops what other slots of the same remote already loaded).
        verdicts.delete(remote);
        reasons.delete(remote);
      }
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
        const reason = await verdict;
        throw reason ? refuse(reason) : new RemoteLoadError(remote, module, error);
      }
      const reason = await verdict;
      if (reason) throw refuse(reason);
      try {
        const screen = screenIn(loaded, remote, module);
        failed.delete(remote);
        return screen;
      } catch (error) {
        failed.add(remote);
        throw error;
      }
    },
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
