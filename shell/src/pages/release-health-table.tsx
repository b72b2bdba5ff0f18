// Views and error rates per live and canary release on the admin's Releases screen, and each
// canary's state: running (to what share of visitors, since when), or aborted automatically (when,
// why). The counts are what browsers reported (federation-contract's release-health.ts), counted
// by the renderer under releaseHealth in the database, which only admins may read.
import { useEffect, useState } from "react";
import { CANARY_THRESHOLD, formatRate, releaseOfKey, type CanaryAbort, type ReleaseCounts } from "federation-contract";
import { loadDatabase, loadDatabaseSdk, type RuntimeConfig } from "shared-auth";
import { PATHS, formatMoment } from "shared-content";
import { REMOTE_NAMES } from "../remotes/screens";
import styles from "./releases-page.module.css";

interface Health {
  /** Remote -> release -> counts. */
  counts: Record<string, Record<string, ReleaseCounts>>;
  /** Remote -> release -> its automatic abort. */
  aborts: Record<string, Record<string, CanaryAbort>>;
}

type HealthState = { status: "loading" } | { status: "failed" } | { status: "loaded"; health: Health };

const byRelease = <T,>(value: unknown): Record<string, Record<string, T>> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, Record<string, T>>).map(([remote, keyed]) => [
      remote,
      Object.fromEntries(Object.entries(keyed ?? {}).map(([key, v]) => [releaseOfKey(key), v])),
    ]),
  );

/** The release counts and aborts, live (they change with every report). */
function useReleaseHealth(): HealthState {
  const [state, setState] = useState<HealthState>({ status: "loading" });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let current = true;
    Promise.all([loadDatabase(), loadDatabaseSdk()])
      .then(([db, { ref, onValue }]) => {
        if (!current) return;
        stop = onValue(
          ref(db, PATHS.releaseHealth),
          (snapshot) => {
            const value = (snapshot.val() ?? {}) as { counts?: unknown; aborts?: unknown };
            const counts = byRelease<Partial<ReleaseCounts>>(value.counts);
            // A count never incremented is absent (a release with no failure has no `failed`).
            for (const byId of Object.values(counts)) for (const [id, c] of Object.entries(byId)) byId[id] = { views: c.views ?? 0, failed: c.failed ?? 0 };
            setState({ status: "loaded", health: { counts: counts as Health["counts"], aborts: byRelease<CanaryAbort>(value.aborts) } });
          },
          () => setState({ status: "failed" }),
        );
      })
      .catch(() => current && setState({ status: "failed" }));
    return () => {
      current = false;
      stop?.();
    };
  }, []);
  return state;
}

const NO_COUNTS: ReleaseCounts = { views: 0, failed: 0 };

/**
 * One row per live release and per canary: who gets it, its views, failures and error rate. Only
 * pages that show a remote under a canary report, so a remote without one has no counts.
 */
export function ReleaseHealthTable({ config, live }: { config: RuntimeConfig; live: Record<string, string> }) {
  const state = useReleaseHealth();
  if (state.status === "loading")
    return (
      <p role="status" aria-live="polite">
        Loading views and error rates…
      </p>
    );
  if (state.status === "failed")
    return (
      <p role="alert">
        Views and error rates could not be read. Reload the page to try again; <code>npm run releases -- &lt;remote&gt;</code> shows them too.
      </p>
    );
  const { counts, aborts } = state.health;
  const rows = REMOTE_NAMES.flatMap((remote) => {
    const canary = config.canaries?.[remote];
    const liveRelease = live[remote];
    const abort = canary ? aborts[remote]?.[canary.release] : undefined;
    const out = [];
    if (liveRelease)
      out.push({
        remote,
        kind: "Live",
        release: liveRelease,
        serves: canary && !abort ? `${100 - canary.percent} % of visitors` : "every visitor",
        abort: undefined,
      });
    if (canary)
      out.push({
        remote,
        kind: "Canary",
        release: canary.release,
        serves: abort ? "nobody: aborted automatically" : `${canary.percent} % of visitors since ${formatMoment(canary.startedAt)}`,
        abort,
      });
    return out.map((row) => ({ ...row, counts: counts[remote]?.[row.release] ?? NO_COUNTS }));
  });
  return (
    <>
      <table className={styles.table}>
        <caption>Views and error rates</caption>
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Serves</th>
            <th scope="col">Error rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.remote}-${row.kind}`}>
              <th scope="row">
                {row.remote}{" "}
                <span className={styles.releaseOfRow}>
                  {row.kind}: <code>{row.release}</code>
                </span>
              </th>
              <td>
                {row.serves}
                {row.abort ? (
                  <p className={styles.error}>
                    Aborted <time dateTime={new Date(row.abort.at).toISOString()}>{formatMoment(row.abort.at)}</time>: {row.abort.reason}.
                  </p>
                ) : null}
              </td>
              <td>
                {formatRate(row.counts)}
                <span className={styles.muted}>
                  {" "}
                  ({row.counts.failed} of {row.counts.views} {row.counts.views === 1 ? "view" : "views"} failed)
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>
        {Object.keys(config.canaries ?? {}).length === 0
          ? "No canary is running. Pages report only while a part of them is under a canary."
          : `A canary aborts by itself once its error rate is ${CANARY_THRESHOLD.points} points above the live release's after ${CANARY_THRESHOLD.minViews} views.`}{" "}
        Start one with <code>npm run release -- &lt;remote&gt; --canary &lt;percent&gt;</code>; <code>--promote</code> or <code>--abort</code> ends it.
      </p>
    </>
  );
}
