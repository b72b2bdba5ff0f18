import type { FieldChange, ImportSummary, RecordDetail } from "shared-content/admin";
import { ColumnHeads, visuallyHidden } from "shared-ui";
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

const MAX_SHOWN = 80;

/**
 * A changed value, before and after, each at most about MAX_SHOWN characters: long ones are cut
 * around the first difference (from a little before it), so the change itself stays visible.
 */
export function shortenPair(before: string, after: string, max = MAX_SHOWN): [string, string] {
  const a = before.replace(/\s+/g, " ");
  const b = after.replace(/\s+/g, " ");
  if (a.length <= max && b.length <= max) return [a, b];
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first += 1;
  const start = Math.max(0, first - 20);
  const cut = (t: string) => {
    const head = start > 0 ? "…" : "";
    const body = t.slice(start, start + max);
    return `${head}${body}${start + max < t.length ? "…" : ""}`;
  };
  return [cut(a), cut(b)];
}

function Change({ change }: { change: FieldChange }) {
  const [before, after] = shortenPair(change.before, change.after);
  return (
    <li>
      <code>{change.field}</code>: <span className={styles.before}>{before || "(empty)"}</span> → <span className={styles.after}>{after || "(empty)"}</span>
    </li>
  );
}

/** Added, changed or removed records: each by its title or name and path; a changed one with its field changes. */
function RecordList({ title, paths, details, open = false }: { title: string; paths: string[]; details?: Record<string, RecordDetail>; open?: boolean }) {
  if (paths.length === 0) return null;
  return (
    <details className={styles.details} open={open}>
      <summary>
        {title} ({paths.length})
      </summary>
      <ul className={styles.paths} aria-label={title}>
        {paths.map((p) => {
          const detail = details?.[p];
          return (
            <li key={p} className={styles.record}>
              {detail?.label ? <span className={styles.recordLabel}>{detail.label}</span> : null} <code className={styles.recordPath}>{p}</code>
              {detail?.changes && detail.changes.length > 0 ? (
                <ul className={styles.changes} aria-label={`Changes to ${detail.label ?? p}`}>
                  {detail.changes.map((c) => (
                    <Change key={c.field} change={c} />
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
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
            <caption className={visuallyHidden}>Invalid records and why</caption>
            <ColumnHeads names={["Path", "Reason"]} />
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
      <RecordList title="Added" paths={summary.added} details={summary.details} open={summary.added.length <= 20} />
      <RecordList title="Changed" paths={summary.changed} details={summary.details} open={summary.changed.length <= 20} />
      <RecordList title="Removed" paths={summary.removed} details={summary.details} open />
      <RecordList title="Skipped nodes" paths={summary.ignored} />
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
