// What a page tells the site about the releases it ran (docs/releases.md:
// canaries). Only for the remotes the server names as under a canary (the page data's `watched`):
// which release of each this page loaded and whether it failed here — a load error, an error thrown
// while rendering (the slot's error boundary), or an unhandled rejection from the remote's code.
// This file loads only on a page with a canaried remote (release-reports.ts imports it lazily).
// One report per page, sent with sendBeacon when the page is hidden or left (a second one only for
// a failure that came after it), to the site's own renderer (federation-contract's
// RELEASE_REPORT_PATH). It carries no identity: the only cookie sent is the cohort's `__session`.
import { RELEASE_REPORT_PATH, REPORT_LIMITS, type ReleaseReport, type ReleaseRun } from "release-protocol";

interface Run {
  release: string | null;
  viewSent: boolean;
  failed: boolean;
  failedSent: boolean;
}

export interface ReleaseReporter {
  /** The releases this page loaded (the registry's onReleases). */
  ran(releases: Record<string, string>): void;
  /** A remote failed in this page. */
  failed(remote: string): void;
  /** Sends what has not been sent (also run when the page is hidden or left). */
  flush(): void;
}

export interface ReporterOptions {
  /** The remotes under a canary on this page (the page data's `watched`). */
  watched: readonly string[];
  /** Remote -> the manifest this page loads it from: an unhandled rejection is traced to a remote by its code's URL. */
  entries: Readonly<Record<string, string>>;
  /** Remote -> the release the server rendered (a remote that failed to load here ran that one). */
  serverReleases: Readonly<Record<string, string>>;
  send?: (body: string) => void;
}

export function createReleaseReporter({ watched, serverReleases, send = beacon }: Omit<ReporterOptions, "entries">): ReleaseReporter {
  const runs = new Map<string, Run>();
  const runOf = (remote: string): Run | null => {
    if (!watched.includes(remote)) return null;
    let run = runs.get(remote);
    if (!run) runs.set(remote, (run = { release: serverReleases[remote] ?? null, viewSent: false, failed: false, failedSent: false }));
    return run;
  };
  return {
    ran(releases) {
      for (const [remote, release] of Object.entries(releases)) {
        const run = runOf(remote);
        if (run && !run.viewSent) run.release = release;
      }
    },
    failed(remote) {
      const run = runOf(remote);
      if (run) run.failed = true;
    },
    flush() {
      const due: ReleaseRun[] = [];
      for (const [remote, run] of runs) {
        if (!run.release || (run.viewSent && (!run.failed || run.failedSent))) continue;
        due.push({ remote, release: run.release, view: !run.viewSent, failed: run.failed && !run.failedSent });
        run.viewSent = true;
        run.failedSent = run.failed;
      }
      if (due.length === 0) return;
      const report: ReleaseReport = { v: 1, runs: due.slice(0, REPORT_LIMITS.runs) };
      send(JSON.stringify(report));
    },
  };
}

/** Which watched remote's code a stack trace runs through (the longest matching base URL), or null. */
export function remoteInStack(stack: string, entries: Readonly<Record<string, string>>, watched: readonly string[]): string | null {
  let found: { remote: string; base: string } | null = null;
  for (const remote of watched) {
    const entry = entries[remote];
    if (!entry) continue;
    const base = new URL(".", new URL(entry, location.href)).href;
    if (stack.includes(base) && (!found || base.length > found.base.length)) found = { remote, base };
  }
  return found?.remote ?? null;
}

function beacon(body: string): void {
  // text/plain: a "simple" request, so no preflight; the endpoint parses the JSON itself.
  navigator.sendBeacon?.(RELEASE_REPORT_PATH, new Blob([body], { type: "text/plain;charset=UTF-8" }));
}

/** Reports for this page's watched remotes, until it is left: the reporter release-reports.ts starts. */
export function startReporter(options: ReporterOptions): ReleaseReporter {
  const reporter = createReleaseReporter(options);
  addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const stack = reason instanceof Error ? (reason.stack ?? "") : "";
    const remote = remoteInStack(stack, options.entries, options.watched);
    if (remote) reporter.failed(remote);
  });
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") reporter.flush();
  });
  addEventListener("pagehide", () => reporter.flush());
  return reporter;
}
