// Judges a remote's build from its mf-manifest.json against what a host provides (federation-contract).
import { manifestVerdict, requirementsOf, type HostContract } from "federation-contract";
import type { RemoteGuard } from "./remote-registry";

/**
 * Reads the remote's manifest (the runtime reads it too) and judges it against `host`. A manifest
 * that cannot be read is allowed: loading that build fails by itself, and its slot says so.
 */
export function manifestGuard(host: HostContract, fetchManifest: (url: string) => Promise<Response> = (url) => fetch(url, { cache: "no-cache" })): RemoteGuard {
  return async (remote, manifestUrl) => {
    const response = await fetchManifest(manifestUrl);
    const manifest: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    return manifestVerdict(remote, manifest, host, { unreadable: "allow" });
  };
}

/** The release label a remote's manifest carries (its package version at build time). */
export async function releaseVersionOf(manifestUrl: string): Promise<string | null> {
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  return response.ok ? (requirementsOf(await response.json())?.version ?? null) : null;
}
