// The canaries a request may be given (docs/architecture.md, "Releases": canaries): the config's
// `canaries` (a candidate per remote and the share of visitors who get it), less those the
// renderer aborted (their record under releaseHealth/aborts), which serve nobody.
// release-selection.ts then puts each visitor in or out by their cohort (cohort.ts).
import type { CanaryConfig, RuntimeConfig } from "shared-auth";
import type { CanaryCandidate } from "./release-selection";

/** The canaries still running: the config's, less the ones aborted. */
export function activeCanaries(config: RuntimeConfig, aborted: Readonly<Record<string, readonly string[]>>): Record<string, CanaryConfig> {
  return Object.fromEntries(
    Object.entries(config.canaries ?? {}).filter(([remote, c]) => remote in config.remotes && !(aborted[remote] ?? []).includes(c.release)),
  );
}

/** The running canaries as release-selection.ts takes them. */
export const canaryCandidates = (canaries: Record<string, CanaryConfig>): Record<string, CanaryCandidate> =>
  Object.fromEntries(Object.entries(canaries).map(([remote, c]) => [remote, { manifestUrl: c.entry, release: c.release, percent: c.percent }]));

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
