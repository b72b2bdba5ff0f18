// POST /__releases/report: a browser's release report, counted, and a canary past its threshold
// aborted at once (releases/reports.ts says what is refused).
import type { IncomingMessage } from "node:http";
import { REPORT_LIMITS } from "release-protocol";
import { NOT_CACHED_RETRY, TEXT, type Send } from "../http";
import { clientOf, countReport, createRateLimiter, parseReport, readBody } from "../releases/reports";
import type { ServedConfig } from "../releases/served-config";
import type { ServerRemotes } from "../federation";

export function createReportRoute({ served, remotes, log }: { served: ServedConfig; remotes: ServerRemotes; log: (line: string) => void }) {
  const limiter = createRateLimiter();
  const noStore = { "Cache-Control": "no-store" };
  return async function receiveReport(req: IncomingMessage, send: Send): Promise<void> {
    if (req.method !== "POST") return send(405, TEXT, "Release reports are sent with POST.", { ...noStore, Allow: "POST" });
    if (!limiter.allow(clientOf(req)))
      return send(429, TEXT, "Too many release reports from this address. Try again in a minute.", {
        ...noStore,
        "Retry-After": String(limiter.retryAfterSeconds()),
      });
    const body = await readBody(req, REPORT_LIMITS.bytes);
    if (body === "too large") return send(413, TEXT, `A release report is at most ${REPORT_LIMITS.bytes} bytes.`, noStore);
    const parsed = parseReport(body);
    if ("refused" in parsed) return send(400, TEXT, parsed.refused, noStore);
    const config = await served.current().catch(() => null);
    if (!config) return send(503, TEXT, "The site's configuration could not be loaded.", NOT_CACHED_RETRY);
    const db = served.health(config);
    if (!db) return send(503, TEXT, "Release reports cannot be counted right now.", NOT_CACHED_RETRY);
    const canaries = config.canaries ?? {};
    // The live releases are what a report is compared with; a canary's release comes from the state.
    await remotes.sync(config.remotes);
    try {
      const { aborted } = await countReport(parsed.report, { live: (r) => remotes.loader.release(r), canary: (r) => canaries[r]?.release ?? null }, db);
      // The listener takes the canary out of the served state within moments.
      for (const [remote, { release, reason }] of Object.entries(aborted)) log(`[renderer] canary of ${remote} ${release} aborted: ${reason}`);
    } catch (error) {
      log(`[renderer] counting a release report failed: ${String(error)}`);
      return send(503, TEXT, "Release reports cannot be counted right now.", NOT_CACHED_RETRY);
    }
    return send(204, TEXT, "", noStore);
  };
}
