// Which release of each remote one request gets (docs/architecture.md, "Releases": canaries). The
// config's `canaries` name a candidate per remote and the share of visitors who get it; the
// visitor's cohort (cohort.ts) decides, and a canary the renderer aborted (its record under
// releaseHealth/aborts) serves nobody. The chosen manifests go into the page data, so the browser
// loads exactly what the server rendered.
import type { CanaryConfig, RuntimeConfig } from "shared-auth";
import { inCanary } from "./cohort";

/** The canaries still running: the config's, less the ones aborted. */
export function activeCanaries(config: RuntimeConfig, aborted: Readonly<Record<string, readonly string[]>>): Record<string, CanaryConfig> {
  return Object.fromEntries(
    Object.entries(config.canaries ?? {}).filter(([remote, c]) => remote in config.remotes && !(aborted[remote] ?? []).includes(c.release)),
  );
}

export interface Selection {
  /** Remote -> the manifest this request renders (and the browser loads). */
  remotes: Record<string, string>;
  /** The remotes this request gets the candidate of. */
  candidates: Set<string>;
}

/** The visitor's releases: each active canary's candidate when the visitor is in its cohort, else the live release. */
export function selectReleases(config: RuntimeConfig, canaries: Record<string, CanaryConfig>, visitorId: string): Selection {
  const remotes = { ...config.remotes };
  const candidates = new Set<string>();
  for (const [remote, canary] of Object.entries(canaries)) {
    if (!inCanary(canary.release, canary.percent, visitorId)) continue;
    remotes[remote] = canary.entry;
    candidates.add(remote);
  }
  return { remotes, candidates };
}

/**
 * The aborts as last read, re-read in the background when older than `maxAgeMs`; the first call
 * waits for the first read (at most `firstWaitMs`), so an aborted canary is not served at start.
 */
export function abortsReader(read: () => Promise<Record<string, string[]>>, log: (line: string) => void, maxAgeMs = 5000, firstWaitMs = 1500) {
  let known: Record<string, string[]> = {};
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const refresh = () =>
    (reading ??= read()
      .then((value) => {
        known = value;
        readAt = Date.now();
      })
      .catch((error: unknown) => log(`[renderer] reading the canaries' aborts failed: ${String(error)}`))
      .finally(() => (reading = null)));
  return {
    async current(): Promise<Record<string, string[]>> {
      if (readAt === 0) await Promise.race([refresh(), new Promise((done) => setTimeout(done, firstWaitMs).unref())]);
      else if (Date.now() - readAt >= maxAgeMs) void refresh();
      return known;
    },
    /** An abort this instance just recorded, known at once. */
    add(remote: string, release: string): void {
      known = { ...known, [remote]: [...(known[remote] ?? []), release] };
    },
  };
}
