// Registers the remotes named in the runtime config and loads their exposed screens. The URLs
// come from /config.json at run time, so a remote is moved or rolled back without a rebuild.
import type { ComponentType } from "react";
import { loadRemote, registerRemotes } from "@module-federation/runtime";

export type RemoteModule = { default: ComponentType };

export interface RemoteRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
}

const defaultRuntime: RemoteRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};

export class RemoteLoadError extends Error {
  override name = "RemoteLoadError";
  constructor(
    readonly remote: string,
    readonly module: string,
    cause?: unknown,
  ) {
    super(`Could not load ${module} from ${remote}`, { cause });
  }
}

export function createRemoteRegistry(runtime: RemoteRuntime = defaultRuntime) {
  let entries: Record<string, string> = {};
  // Remotes whose last load failed: the runtime caches a remote's (failed) entry, so these are
  // registered again with force before the next attempt.
  const failed = new Set<string>();

  return {
    register(remotes: Record<string, string>): void {
      entries = { ...remotes };
      runtime.registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
    },
    entryOf(remote: string): string | undefined {
      return entries[remote];
    },
    async load(remote: string, module: string): Promise<RemoteModule> {
      const entry = entries[remote];
      if (!entry) throw new RemoteLoadError(remote, module, new Error(`${remote} is not in config.json`));
      if (failed.has(remote)) runtime.registerRemotes([{ name: remote, entry }], { force: true });
      let loaded: unknown;
      try {
        loaded = await runtime.loadRemote(`${remote}/${module}`);
      } catch (error) {
        failed.add(remote);
        throw new RemoteLoadError(remote, module, error);
      }
      const component = (loaded as { default?: unknown } | null | undefined)?.default;
      if (typeof component !== "function" && (typeof component !== "object" || component === null)) {
        failed.add(remote);
        throw new RemoteLoadError(remote, module, new Error("the module has no default export"));
      }
      failed.delete(remote);
      return { default: component as ComponentType };
    },
  };
}

export type RemoteRegistry = ReturnType<typeof createRemoteRegistry>;

/** The app's registry (tests build their own with a fake runtime). */
export const remoteRegistry = createRemoteRegistry();
