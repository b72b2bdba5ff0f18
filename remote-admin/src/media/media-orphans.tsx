import { useCallback, useEffect, useState } from "react";
import { findMediaOrphans, removeOrphan, type MediaOrphans } from "shared-content/admin";
import { Button, Panel, StatusMessage, useConfirm } from "../ui";
import { describeWriteError } from "../lib/write-errors";
import styles from "./media.module.css";

/**
 * Files and records that do not match up: a folder of variants with no record (an upload that
 * stopped before its record was written), a record whose files are gone. Each can be cleaned up.
 */
export function MediaOrphansPanel({ recordIds }: { recordIds: readonly string[] }) {
  const [orphans, setOrphans] = useState<MediaOrphans | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const key = recordIds.join(",");

  const check = useCallback(async () => {
    setError(null);
    try {
      setOrphans(await findMediaOrphans(key ? key.split(",") : []));
    } catch (e) {
      setError(`The stored files could not be listed. ${describeWriteError(e).replace(/^Not saved: /, "")}`);
    }
  }, [key]);
  useEffect(() => {
    void check();
  }, [check]);

  const clean = async (kind: "files" | "record", id: string, files?: number) => {
    const ok = await confirm({
      title: kind === "files" ? "Delete files" : "Remove record",
      message:
        kind === "files"
          ? `Delete the ${files ?? 0} files stored under media/${id}/? No record names them, so no page can show them. This cannot be undone.`
          : `Remove the library's record of ${id}? Its files are gone; a page that still uses it shows no picture until you change it.`,
      confirmLabel: kind === "files" ? "Delete files" : "Remove record",
    });
    if (!ok) return;
    setBusy(id);
    try {
      await removeOrphan(kind, id);
      // A record removed changes recordIds, which checks again; files removed change nothing it reads.
      if (kind === "files") await check();
    } catch (e) {
      setError(describeWriteError(e));
    } finally {
      setBusy(null);
    }
  };

  const none = orphans && orphans.filesWithoutRecord.length === 0 && orphans.recordsWithoutFiles.length === 0;
  return (
    <Panel
      title="Orphans"
      actions={
        <Button size="small" onClick={() => void check()}>
          Check again
        </Button>
      }
    >
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {!orphans && !error ? <p role="status">Checking the stored files…</p> : null}
      {none ? <p>Every stored file has a record, and every record has its files.</p> : null}
      {orphans && orphans.filesWithoutRecord.length > 0 ? (
        <>
          <h3>Files without a record</h3>
          <ul className={styles.orphans}>
            {orphans.filesWithoutRecord.map((o) => (
              <li key={o.id}>
                media/{o.id}/ ({o.files} files){" "}
                <Button
                  size="small"
                  variant="danger"
                  disabled={busy === o.id}
                  onClick={() => void clean("files", o.id, o.files)}
                  aria-label={`Delete files of ${o.id}`}
                >
                  Delete files
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {orphans && orphans.recordsWithoutFiles.length > 0 ? (
        <>
          <h3>Records without files</h3>
          <ul className={styles.orphans}>
            {orphans.recordsWithoutFiles.map((id) => (
              <li key={id}>
                {id}{" "}
                <Button size="small" variant="danger" disabled={busy === id} onClick={() => void clean("record", id)} aria-label={`Remove record ${id}`}>
                  Remove record
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {dialog}
    </Panel>
  );
}
