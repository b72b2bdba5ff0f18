// Judges a remote's build from its mf-manifest.json against what a host provides (federation-contract).
import { checkCompatibility, describeIncompatibility, requirementsOf, type HostContract } from "federation-contract";
import type { RemoteGuard } from "./remote-registry";

/** Reads the remote's manifest (the runtime reads it too) and judges it against `host`. */
export function manifestGuard(host: HostContract, fetchManifest: (url: string) => Promise<Response> = (url) => fetch(url, { cache: "no-cache" })): RemoteGuard {
  return async (remote, manifestUrl) => {
    const response = await fetchManifest(manifestUrl);
    if (!response.ok) return null;
    const requirements = requirementsOf(await response.json());
    if (!requirements) return null;
    const problems = checkCompatibility({ ...requirements, name: remote }, host);
    return problems.length > 0 ? describeIncompatibility(remote, requirements.version, problems) : null;
  };
}

/** The release label a remote's manifest carries (its package version at build time). */
export async function releaseVersionOf(manifestUrl: string): Promise<string | null> {
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  return response.ok ? (requirementsOf(await response.json())?.version ?? null) : null;
}
