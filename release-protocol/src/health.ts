// How each release of a remote fares in visitors' browsers, and when a canary stops itself
// (docs/releases.md: canaries). Browsers report which release of each watched
// remote they ran and whether it failed (shell/src/remotes/release-reports.ts); the renderer
// validates and counts the reports per release in the database (renderer/src/releases/reports.ts)
// and aborts a canary whose error rate passes the threshold; the admin's Releases screen shows the
// same counts and rates.

/** Where browsers send their reports: a route of the site's own renderer, locally and in production. */
export const RELEASE_REPORT_PATH = "/__releases/report";

/** What one page view tells about the releases it ran. */
export interface ReleaseReport {
  v: 1;
  runs: ReleaseRun[];
}

/** One remote's release in one page view: `view` counts the view (false: a failure seen after the view was reported). */
export interface ReleaseRun {
  remote: string;
  release: string;
  view: boolean;
  failed: boolean;
}

/** What the endpoint accepts: a report's size and its number of runs (one per remote a page can show). */
export const REPORT_LIMITS = { bytes: 2048, runs: 8 } as const;

/** Page views of a release, and how many of them failed (a load error, a render error, an unhandled rejection). */
export interface ReleaseCounts {
  views: number;
  failed: number;
}

/** The default automatic abort: after `minViews` views of the canary, an error rate `points` percentage points above the live release's. */
export const CANARY_THRESHOLD = { minViews: 10, points: 20 } as const;
export type CanaryThreshold = { minViews: number; points: number };

/** The share of views that failed, 0..1 (0 without views). */
export const errorRate = (c: ReleaseCounts | null | undefined): number => (c && c.views > 0 ? Math.min(c.failed, c.views) / c.views : 0);

/** "12.5 %" */
export const formatRate = (c: ReleaseCounts | null | undefined): string => `${Math.round(errorRate(c) * 1000) / 10} %`;

/**
 * Why a canary must be aborted, in plain words, or null while it may go on: once it has at least
 * `minViews` views, its error rate is `points` or more percentage points above the live release's.
 */
export function canaryAbortReason(canary: ReleaseCounts, live: ReleaseCounts | null, threshold: CanaryThreshold = CANARY_THRESHOLD): string | null {
  if (canary.views < threshold.minViews) return null;
  // Rounded to a millionth, so 25 % against 5 % is 20 points, not 19.999…
  const points = Math.round((errorRate(canary) - errorRate(live)) * 100 * 1e6) / 1e6;
  if (points < threshold.points) return null;
  return `its error rate, ${formatRate(canary)} of ${canary.views} views, is ${Math.round(points)} points above the live release's ${formatRate(live)} (the limit: ${threshold.points} points after ${threshold.minViews} views)`;
}

/** A release id as a database key (keys cannot hold "."): "1.0.1-3f2a" -> "1,0,1-3f2a". */
export const releaseKey = (release: string): string => release.replaceAll(".", ",");
/** The release id a database key stands for. */
export const releaseOfKey = (key: string): string => key.replaceAll(",", ".");

/** A canary aborted automatically, as the renderer records it in the database. */
export interface CanaryAbort {
  /** When (ms since the epoch). */
  at: number;
  reason: string;
  canary: ReleaseCounts;
  live: ReleaseCounts;
}
