import type { ImportSummary } from "shared-content/admin";
import type { ConversionNote } from "./old-site";
import styles from "./data-tool.module.css";

/**
 * valibot's own wording for a missing key or an unknown field is technical ("Invalid key:
 * Expected "text" but received undefined"); say it plainly. Other reasons come from the
 * schemas' messages and are shown as they are.
 */
export function plainReason(reason: string): string {
  return reason
    .replace(/Invalid key: Expected "([^"]+)" but received undefined/, "the field is missing")
    .replace(/Invalid key: Expected never but received "([^"]+)"/, 'the field "$1" is not part of this record')
    .replace(/Invalid type: Expected (\w+) but received (.+)$/, "expected a $1, found $2");
}

export function changeCount(summary: ImportSummary): number {
  return summary.added.length + summary.changed.length + summary.removed.length;
}

function PathList({ title, paths, open = false }: { title: string; paths: string[]; open?: boolean }) {
  if (paths.length === 0) return null;
  return (
    <details className={styles.details} open={open}>
      <summary>
        {title} ({paths.length})
      </summary>
      <ul className={styles.paths}>
        {paths.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What an import would do (or did): counts, then each path; invalid records with reasons. */
export function ImportSummaryView({ summary, notes = [], heading }: { summary: ImportSummary; notes?: ConversionNote[]; heading: string }) {
  return (
    <section className={styles.summary} aria-label={heading}>
      <h3 className={styles.summaryTitle}>{heading}</h3>
      <ul className={styles.counts} data-testid="import-counts">
        <li>
          <strong>{summary.added.length}</strong> to add
        </li>
        <li>
          <strong>{summary.changed.length}</strong> to change
        </li>
        <li>
          <strong>{summary.removed.length}</strong> to remove
        </li>
        <li>
          <strong>{summary.unchanged}</strong> unchanged
        </li>
        <li className={summary.invalid.length > 0 ? styles.bad : undefined}>
          <strong>{summary.invalid.length}</strong> invalid
        </li>
      </ul>
      {summary.invalid.length > 0 ? (
        <div className={styles.invalid}>
          <h4 className={styles.subTitle}>Invalid records</h4>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>Invalid records and why</caption>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {summary.invalid.map((issue) => (
                <tr key={`${issue.path}:${issue.reason}`}>
                  <td>
                    <code>{issue.path}</code>
                  </td>
                  <td>{plainReason(issue.reason)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PathList title="Added" paths={summary.added} open={summary.added.length <= 20} />
      <PathList title="Changed" paths={summary.changed} open={summary.changed.length <= 20} />
      <PathList title="Removed" paths={summary.removed} open />
      <PathList title="Skipped nodes" paths={summary.ignored} />
      {notes.length > 0 ? (
        <details className={styles.details} open>
          <summary>Conversion notes ({notes.length})</summary>
          <ul className={styles.paths}>
            {notes.map((n) => (
              <li key={`${n.path}:${n.message}`}>
                <code>{n.path}</code>: {n.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
