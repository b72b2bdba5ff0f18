import { LIMITS, formatMoment, useRevisions, type BlogPost, type WithId } from "shared-content/admin";
import { Button, Panel } from "../ui";
import type { ConfirmOptions } from "../ui";
import type { RecordForm } from "../lib/use-record-form";
import { postToForm, versionChanges, type PostForm } from "./post-form";
import styles from "./post-revisions.module.css";

/**
 * A post's earlier versions (every save keeps the one it replaces; the newest ones are kept),
 * each with what the next save changed, and Restore, which loads it into the form: nothing is
 * saved until the admin saves.
 */
export function PostRevisions({ slug, current, onRestore }: { slug: string; current: BlogPost; onRestore: (version: WithId<BlogPost>) => void }) {
  const live = useRevisions(slug);
  const versions = live.data;
  return (
    <Panel title="Earlier versions">
      {live.status === "error" ? (
        <p role="alert">The earlier versions could not be loaded.</p>
      ) : live.status !== "ready" ? (
        <p role="status">Loading earlier versions…</p>
      ) : versions.length === 0 ? (
        <p className={styles.muted}>None yet: each save keeps the version it replaces here (the last {LIMITS.revisionsKept}).</p>
      ) : (
        <>
          <p className={styles.muted}>
            Each save keeps the version it replaces; the last {LIMITS.revisionsKept} are kept. Restoring loads a version into the form; save to keep it.
          </p>
          <ol className={styles.list} aria-label="Earlier versions, newest first">
            {versions.map((version, i) => (
              <li key={version.id} className={styles.item}>
                <div>
                  <strong>
                    <time dateTime={new Date(version.updatedAt).toISOString()}>{formatMoment(version.updatedAt)}</time>
                  </strong>{" "}
                  · {version.status === "published" ? "published" : "draft"} · “{version.title}”
                  <div className={styles.muted}>Then changed: {versionChanges(version, i === 0 ? current : versions[i - 1]!)}</div>
                </div>
                <Button size="small" onClick={() => onRestore(version)} aria-label={`Restore the version from ${formatMoment(version.updatedAt)}`}>
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}

/**
 * Loads an earlier version into the form (asking first when the form has edits); returns the
 * message to show beside the versions, or null when the user kept their edits.
 */
export async function loadVersionInto(
  form: RecordForm<PostForm>,
  version: WithId<BlogPost>,
  loadedSlug: string | null,
  confirm: (options: ConfirmOptions) => Promise<boolean>,
): Promise<string | null> {
  const when = formatMoment(version.updatedAt);
  if (form.dirty) {
    const ok = await confirm({
      title: "Replace your unsaved changes?",
      message: `Load the version from ${when} into the form? Your unsaved changes to this post are replaced.`,
      confirmLabel: "Load this version",
      cancelLabel: "Keep my changes",
    });
    if (!ok) return null;
  }
  form.setValues(postToForm({ ...version, id: loadedSlug ?? version.id }));
  return `Loaded the version from ${when} into the form: review it, then save to keep it.`;
}
