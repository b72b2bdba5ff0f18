// Judges a remote's build from its mf-manifest.json against what a host provides (federation-contract).
import { manifestVerdict, releaseOf, remoteEntryOf, type HostContract } from "federation-contract";
import type { RemoteGuard, RemoteVerdict } from "./remote-registry";

const readManifest = (url: string) => fetch(url, { cache: "no-cache" });

/**
 * Reads the remote's manifest, judges it against `host`, names the release it is and finds the
 * browser entry the runtime then loads. A manifest that cannot be read names no entry: the
 * registry reports the remote unavailable, and its slot says so.
 */
export function manifestGuard(
  host: HostContract,
  fetchManifest: (url: string) => Promise<Response> = readManifest,
  yieldBetweenSteps: () => Promise<void> = async () => undefined,
): RemoteGuard {
  return async (remote, manifestUrl): Promise<RemoteVerdict> => {
    const response = await fetchManifest(manifestUrl);
    const manifest: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    // In the browser, the verdict (whose first version checks compile the runtime's semver
    // patterns) is a step of its own (yield-to-main.ts).
    await yieldBetweenSteps();
    return {
      incompatible: manifestVerdict(remote, manifest, host, { unreadable: "allow" }),
      release: releaseOf(manifest),
      remoteEntry: remoteEntryOf(manifest, manifestUrl),
    };
  };
}

/** The release a remote's manifest names (its stamped release id, else its version). */
export async function releaseAt(manifestUrl: string, fetchManifest: (url: string) => Promise<Response> = readManifest): Promise<string | null> {
  const response = await fetchManifest(manifestUrl);
  return response.ok ? releaseOf(await response.json()) : null;
}
