// The canaries a request may be given (docs/releases.md): the release state's canaries, which the
// renderer follows (state-database.ts); an aborted canary leaves the state in the same
// write as its abort. selection.ts puts each visitor in or out by their cohort (cohort.ts).
import type { CanaryConfig } from "runtime-config";
import type { CanaryCandidate } from "./selection";

/** The running canaries as selection.ts takes them. */
export const canaryCandidates = (canaries: Record<string, CanaryConfig>): Record<string, CanaryCandidate> =>
  Object.fromEntries(Object.entries(canaries).map(([remote, c]) => [remote, { manifestUrl: c.entry, release: c.release, percent: c.percent }]));
