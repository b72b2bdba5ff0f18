// The page's release reports (docs/releases.md: canaries), as the rest of the shell
// sees them: calls that do nothing on a page without a canaried remote (nearly every page), so
// the reporter itself (release-reporter.ts) is fetched only on a page that has one. What happens
// while it loads is kept and replayed.
import type { ReleaseReporter, ReporterOptions } from "./release-reporter";

type Call = (reporter: ReleaseReporter) => void;

/** "off" on pages without a canary; the calls made while the reporter loads; then the reporter. */
let state: "off" | Call[] | ReleaseReporter = "off";

function forward(call: Call): void {
  if (state === "off") return;
  if (Array.isArray(state)) state.push(call);
  else call(state);
}

/** The page's reporter: a no-op until startReleaseReports, and on pages without a canary. */
export const releaseReports: ReleaseReporter = {
  ran: (releases) => forward((reporter) => reporter.ran(releases)),
  failed: (remote) => forward((reporter) => reporter.failed(remote)),
  flush: () => forward((reporter) => reporter.flush()),
};

/** Starts reporting for this page: on pages with watched remotes only. */
export function startReleaseReports(options: ReporterOptions): void {
  if (options.watched.length === 0 || state !== "off") return;
  const pending: Call[] = [];
  state = pending;
  void import("./release-reporter").then(({ startReporter }) => {
    const reporter = startReporter(options);
    state = reporter;
    for (const call of pending) call(reporter);
  });
}
