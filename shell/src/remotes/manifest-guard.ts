// Judges a remote's build from its mf-manifest.json against what a host provides (federation-contract).
import { checkCompatibility, describeIncompatibility, releaseOf, requirementsOf, type HostContract } from "federation-contract";
import type { RemoteGuard, RemoteVerdict } from "./remote-registry";

const readManifest = (url: string) => fetch(url, { cache: "no-cache" });

/** Reads the remote's manifest (the runtime reads it too) and judges it against `host`. */
export function manifestGuard(host: HostContract, fetchManifest: (url: string) => Promise<Response> = readManifest): RemoteGuard {
  return async (remote, manifestUrl): Promise<RemoteVerdict> => {
    const response = await fetchManifest(manifestUrl);
    if (!response.ok) return { incompatible: null, release: null };
    const manifest: unknown = await response.json();
    const release = releaseOf(manifest);
    const requirements = requirementsOf(manifest);
    if (!requirements) return { incompatible: null, release };
    const problems = checkCompatibility({ ...requirements, name: remote }, host);
    return { incompatible: problems.length > 0 ? describeIncompatibility(remote, requirements.version, problems) : null, release };
  };
}

/** The release a remote's manifest names (its stamped release id, else its version). */
export async function releaseAt(manifestUrl: string, fetchManifest: (url: string) => Promise<Response> = readManifest): Promise<string | null> {
  const response = await fetchManifest(manifestUrl);
  return response.ok ? releaseOf(await response.json()) : null;
}
