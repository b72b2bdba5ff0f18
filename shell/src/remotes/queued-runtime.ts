// For the registry's and the slot's tests: a federation runtime whose loads answer in turn.
import { vi } from "vitest";
import type { RemoteRuntime } from "./remote-registry";

/** A runtime whose loadRemote answers with `loads` in order: a module, or an Error it throws. */
export function queuedRuntime(loads: unknown[]) {
  return {
    registerRemotes: vi.fn<RemoteRuntime["registerRemotes"]>(),
    loadRemote: vi.fn<RemoteRuntime["loadRemote"]>(async () => {
      const next = loads.shift();
      if (next instanceof Error) throw next;
      return next;
    }),
  };
}
