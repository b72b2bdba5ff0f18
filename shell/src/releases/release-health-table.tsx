// Views and error rates per live and canary release on the admin's Releases screen, and each
// canary's state: running (to what share of visitors, since when), or aborted automatically (when,
// why). The counts are what browsers reported (release-protocol's health.ts), counted
// by the renderer under `releases/health` in the database; the canaries are the release state's
// (`releases/canary`). Only admins (and the release tools) may read either.
import { useEffect, useState } from "react";
import { CANARY_THRESHOLD, formatRate, parseServedReleases, releaseOfKey, type CanaryAbort, type CanaryState, type ReleaseCounts } from "release-protocol";
import { loadDatabase, loadDatabaseSdk } from "shared-auth";
import { PATHS, formatMoment } from "shared-content";
import { REMOTE_NAMES } from "../remotes/screens";
import styles from "./releases-page.module.css";
import { ReleasesTable } from "./releases-table";

interface Health {
  /** Remote -> release -> counts. */
  counts: Record<string, Record<string, ReleaseCounts>>;
  /** Remote -> release -> its automatic abort. */
  aborts: Record<string, Record<string, CanaryAbort>>;
  /** Remote -> its running canary. */
  canaries: Record<string, CanaryState>;
}

type HealthState = { status: "loading" } | { status: "failed" } | { status: "loaded"; health: Health };

const byRelease = <T,>(value: unknown): Record<string, Record<string, T>> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, Record<string, T>>).map(([remote, keyed]) => [
      remote,
      Object.fromEntries(Object.entries(keyed ?? {}).map(([key, v]) => [releaseOfKey(key), v])),
    ]),
  );

/** The release counts, aborts and canaries, live (they change with every report and release). */
function useReleaseHealth(): HealthState {
  const [state, setState] = useState<HealthState>({ status: "loading" });
  useEffect(() => {
    const stops: (() => void)[] = [];
    let current = true;
    const parts: { health?: { counts?: unknown; aborts?: unknown }; canary?: unknown } = {};
    const show = () => {
      if (!current || !("health" in parts) || !("canary" in parts)) return;
      const counts = byRelease<Partial<ReleaseCounts>>(parts.health?.counts);
      // A count never incremented is absent (a release with no failure has no `failed`).
      for (const byId of Object.values(counts)) for (const [id, c] of Object.entries(byId)) byId[id] = { views: c.views ?? 0, failed: c.failed ?? 0 };
      const canaries = parseServedReleases({ canary: parts.canary }).canary;
      setState({ status: "loaded", health: { counts: counts as Health["counts"], aborts: byRelease<CanaryAbort>(parts.health?.aborts), canaries } });
    };
    Promise.all([loadDatabase(), loadDatabaseSdk()])
      .then(([db, { ref, onValue }]) => {
        if (!current) return;
        for (const part of ["health", "canary"] as const)
          stops.push(
            onValue(
              ref(db, `${PATHS.releases}/${part}`),
              (snapshot) => {
                parts[part] = snapshot.val() ?? {};
                show();
              },
              () => current && setState({ status: "failed" }),
            ),
          );
      })
      .catch(() => current && setState({ status: "failed" }));
    return () => {
      current = false;
      for (const stop of stops) stop();
    };
  }, []);
  return state;
}

/** The newest automatic abort of a remote, if any. */
const latestAbort = (aborts: Record<string, CanaryAbort> | undefined) => Object.entries(aborts ?? {}).sort(([, a], [, b]) => b.at - a.at)[0];

const NO_COUNTS: ReleaseCounts = { views: 0, failed: 0 };

/**
 * One row per live release and per canary: who gets it, its views, failures and error rate. Only
 * pages that show a remote under a canary report, so a remote without one has no counts.
 */
export function ReleaseHealthTable({ live }: { live: Record<string, string> }) {
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
  const { counts, aborts, canaries } = state.health;
  const rows = REMOTE_NAMES.flatMap((remote) => {
    const canary = canaries[remote];
    const liveRelease = live[remote];
    const [abortedRelease, abort] = latestAbort(aborts[remote]) ?? [];
    const out = [];
    if (liveRelease)
      out.push({ remote, kind: "Live", release: liveRelease, serves: canary ? `${100 - canary.percent} % of visitors` : "every visitor", abort: undefined });
    if (canary)
      out.push({
        remote,
        kind: "Canary",
        release: canary.release,
        serves: `${canary.percent} % of visitors since ${formatMoment(canary.startedAt)}`,
        abort: undefined,
      });
    else if (abortedRelease && abort) out.push({ remote, kind: "Canary", release: abortedRelease, serves: "nobody: aborted automatically", abort });
    return out.map((row) => ({ ...row, counts: counts[remote]?.[row.release] ?? NO_COUNTS }));
  });
  return (
    <>
      <ReleasesTable caption="Views and error rates" columns={["Release", "Serves", "Error rate"]}>
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
      </ReleasesTable>
      <p className={styles.muted}>
        {Object.keys(canaries).length === 0
          ? "No canary is running. Pages report only while a part of them is under a canary."
          : `A canary aborts by itself once its error rate is ${CANARY_THRESHOLD.points} points above the live release's after ${CANARY_THRESHOLD.minViews} views.`}{" "}
        Start one with <code>npm run release -- &lt;remote&gt; --canary &lt;percent&gt;</code>; <code>--promote</code> or <code>--abort</code> ends it.
      </p>
    </>
  );
}
