// The browser app's remote registry: the federation runtime, with each remote's build judged by
// federation-contract against the shared versions this shell provides before its screens are used.
import type { HostContract } from "federation-contract";
import { HOST_SHARED_VERSIONS, federationHost, registerAfresh } from "./federation-host";
import { manifestGuard } from "./manifest-guard";
import { createRemoteRegistry } from "./remote-registry";
import { releaseTracking } from "./release-tracking";
import { REMOTE_SCREENS } from "./screens";
import { yieldToMain } from "../yield-to-main";

/**
 * What this shell provides, as the browser knows it: versions only. The export names are checked
 * where they cost visitors nothing: by the release command and by the renderer.
 */
export const browserHost: HostContract = {
  shared: Object.fromEntries(Object.entries(HOST_SHARED_VERSIONS).map(([name, version]) => [name, { version }])),
  screens: REMOTE_SCREENS,
};

export const remoteRegistry = createRemoteRegistry(
  {
    registerRemotes: (remotes, options) => federationHost.registerRemotes(remotes, options),
    loadRemote: (id) => federationHost.loadRemote(id),
    registerAfresh,
  },
  manifestGuard(browserHost, undefined, yieldToMain),
  { ...releaseTracking, yieldBetweenSteps: yieldToMain },
);
