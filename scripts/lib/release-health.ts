// What the renderer counted of browsers' release reports, and the canaries it aborted
// (docs/architecture.md, "Releases": canaries), read from the database named by the served config
// for `npm run release` and `npm run releases`. Locally the database is the stack's own server, read
// as its owner; the layout is shared-content's PATHS.releaseHealth, keys federation-contract's
// releaseKey.
import { formatRate, releaseKey as keyOf, type CanaryAbort, type ReleaseCounts } from "federation-contract";
import type { RuntimeConfig } from "shared-auth";

/** What the commands read of the renderer's record of a canary it aborted by itself. */
type ReleaseAbort = Pick<CanaryAbort, "at" | "reason">;

/**
 * The counts of `releases` of `remote` ({ views, failed }, absent ones as zero) and the aborts of
 * any of them, or null when the database cannot be read (the command says so and goes on).
 */
export async function readReleaseHealth(
  config: Pick<RuntimeConfig, "firebase">,
  remote: string,
  releases: string[],
): Promise<{ counts: Record<string, ReleaseCounts>; aborts: Record<string, ReleaseAbort> } | null> {
  const url = new URL(config.firebase.databaseURL);
  const read = async <T>(path: string): Promise<Record<string, T>> => {
    const at = new URL(`${url.origin}/${path}.json`);
    for (const [k, v] of url.searchParams) at.searchParams.set(k, v);
    const res = await fetch(at, { headers: { authorization: "Bearer owner" }, signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) ?? {};
  };
  try {
    const [counts, aborts] = await Promise.all([
      read<Partial<ReleaseCounts>>(`releaseHealth/counts/${remote}`),
      read<ReleaseAbort>(`releaseHealth/aborts/${remote}`),
    ]);
    return {
      counts: Object.fromEntries(releases.map((r) => [r, { views: counts[keyOf(r)]?.views ?? 0, failed: counts[keyOf(r)]?.failed ?? 0 }])),
      aborts: Object.fromEntries(releases.flatMap((r) => (aborts[keyOf(r)] ? [[r, aborts[keyOf(r)]!]] : []))),
    };
  } catch {
    return null;
  }
}

/** "3 of 40 views failed (7.5 %)" */
export const describeCounts = (counts: ReleaseCounts) => `${counts.failed} of ${counts.views} views failed (${formatRate(counts)})`;
