// The release record on the admin's Releases screen: every release, rollback and start of the
// stack, newest first, with who, when, the commit and the changeset notes of the shared packages
// the release needs. Read live from `releases/record` in the database (the release state: the
// release command and the renderer's automatic aborts write it; only admins read it).
import { useEffect, useState } from "react";
import { RELEASE_ACTIONS, parseReleaseLog, recordEntries, type ReleaseLogEntry } from "release-protocol";
import { loadDatabase, loadDatabaseSdk } from "shared-auth";
import { PATHS, formatMoment } from "shared-content";

/** How many of the newest entries the screen lists. */
const SHOWN = 50;
import styles from "./releases-page.module.css";

type RecordState = { status: "loading" } | { status: "failed" } | { status: "loaded"; entries: ReleaseLogEntry[] };

function useReleaseRecord(): RecordState {
  const [state, setState] = useState<RecordState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    let stop: (() => void) | undefined;
    Promise.all([loadDatabase(), loadDatabaseSdk()])
      .then(([db, { ref, query, limitToLast, onValue }]) => {
        if (!current) return;
        stop = onValue(
          query(ref(db, `${PATHS.releases}/record`), limitToLast(SHOWN)),
          (snapshot) => setState({ status: "loaded", entries: recordEntries(snapshot.val(), parseReleaseLog).reverse() }),
          () => current && setState({ status: "failed" }),
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

/** The shared packages a release needs, and their changeset notes behind one disclosure. */
function Needs({ entry }: { entry: ReleaseLogEntry }) {
  if (entry.needs.length === 0) return <p className={styles.muted}>Needs no shared package of this site.</p>;
  const notes = entry.needs.reduce((n, need) => n + need.notes.length, 0);
  return (
    <>
      <p>
        Needs{" "}
        {entry.needs.map((need, i) => (
          <span key={need.package}>
            {i > 0 ? ", " : ""}
            <code>
              {need.package} {need.range}
            </code>
          </span>
        ))}
      </p>
      {notes > 0 ? (
        <details>
          <summary>Changeset notes ({notes})</summary>
          {entry.needs
            .filter((need) => need.notes.length > 0)
            .map((need) => (
              <section key={need.package} aria-label={`${need.package} notes`}>
                <h4 className={styles.notesTitle}>{need.package}</h4>
                <ul>
                  {need.notes.map((note, i) => (
                    <li key={i}>{note}</li>
                  ))}
                </ul>
              </section>
            ))}
        </details>
      ) : (
        <p className={styles.muted}>No changeset notes.</p>
      )}
    </>
  );
}

export function ReleaseRecord() {
  const state = useReleaseRecord();
  if (state.status === "loading")
    return (
      <p role="status" aria-live="polite">
        Loading the release record…
      </p>
    );
  if (state.status === "failed")
    return (
      <p role="alert">
        The release record could not be read. Reload the page to try again; <code>npm run releases -- &lt;remote&gt;</code> lists it too.
      </p>
    );
  if (state.entries.length === 0)
    return (
      <p>
        No release has been recorded yet: the record starts with the next <code>npm run release</code>.
      </p>
    );
  return (
    <ol className={styles.record} aria-label="Release record, newest first">
      {state.entries.map((entry) => (
        <li key={`${entry.at}-${entry.remote}-${entry.release}`} className={styles.entry}>
          <p className={styles.what}>
            <strong>{entry.remote}</strong> {RELEASE_ACTIONS[entry.kind]} <code>{entry.release}</code>
            {entry.from ? (
              <>
                {" "}
                ({entry.kind === "canary" || entry.kind === "abort" ? "live" : "was"} <code>{entry.from}</code>)
              </>
            ) : null}
          </p>
          {entry.note ? <p>{entry.note}</p> : null}
          <p className={styles.muted}>
            <time dateTime={entry.at}>{formatMoment(entry.at)}</time> · by {entry.by} · commit <code>{entry.commit}</code>
          </p>
          <Needs entry={entry} />
        </li>
      ))}
    </ol>
  );
}
