import { useEffect, useMemo, useState } from "react";
import { findMediaUses, matchesSearch, siteMediaStorage, useMediaLibrary, type MediaStorage, type MediaUse } from "shared-content/admin";
import { AdminPage, Panel, SearchBox, StatusMessage } from "../ui";
import { EditorLoadState } from "../editors/editor-load-state";
import { MediaCard } from "../media/media-card";
import { MediaOrphansPanel } from "../media/media-orphans";
import styles from "../media/media.module.css";

const TITLE = "Media library";
const DESCRIPTION =
  "Every uploaded picture: its alt text, sizes and where it is used. Upload pictures from the fields that take them (avatar, cover, poster, project).";

/**
 * Where each picture is used, scanned from the content (as admin), and again whenever the
 * library's records change (`records`: each id and revision). Every change this page makes (alt
 * text, replace, delete, a record removed) changes them, and so does a post saved elsewhere with
 * a new cover.
 */
function useUses(storage: MediaStorage | null, ready: boolean, records: string) {
  const [uses, setUses] = useState<Map<string, MediaUse[]> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!storage || !ready) return;
    let live = true;
    findMediaUses(storage)
      .then((found) => live && (setUses(found), setError(null)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [storage, ready, records]);
  return { uses, error };
}

/** /admin-panel/media: the media library. */
export default function MediaLibrary() {
  const live = useMediaLibrary();
  const storage = useMemo(() => siteMediaStorage(), []);
  const [query, setQuery] = useState("");
  const records = live.data;
  const { uses, error } = useUses(storage, live.status === "ready", records.map((r) => `${r.id}:${r.rev}`).join(","));

  if (!storage) {
    return (
      <AdminPage title={TITLE} description={DESCRIPTION}>
        <StatusMessage kind="warning">
          Pictures are not set up on this site: the runtime configuration names no storage bucket (firebase.storageBucket).
        </StatusMessage>
      </AdminPage>
    );
  }
  if (live.status !== "ready") return <EditorLoadState title={TITLE} description={DESCRIPTION} live={live} />;

  const shown = records.filter((r) => matchesSearch(query, [r.name, r.alt, r.id]));
  const count = (n: number) => `${n} picture${n === 1 ? "" : "s"}`;
  return (
    <AdminPage title={TITLE} description={DESCRIPTION}>
      <Panel>
        <div className={styles.toolbar}>
          <SearchBox
            label="Search pictures"
            placeholder="File name or alt text"
            value={query}
            onChange={setQuery}
            resultSummary={query ? `${shown.length} of ${count(records.length)}` : count(records.length)}
          />
        </div>
        {error ? <StatusMessage kind="error">Where each picture is used could not be worked out: {error}</StatusMessage> : null}
        {records.length === 0 ? (
          <p>No pictures yet. Upload one from an image field: the avatar (About), a post's cover, a film's poster or a project's image.</p>
        ) : shown.length === 0 ? (
          <p role="status">No picture matches “{query}”.</p>
        ) : (
          <ul className={styles.grid} aria-label="Pictures">
            {shown.map((r) => (
              <MediaCard key={r.id} record={r} storage={storage} uses={uses ? (uses.get(r.id) ?? []) : undefined} />
            ))}
          </ul>
        )}
      </Panel>
      <MediaOrphansPanel recordIds={records.map((r) => r.id)} />
    </AdminPage>
  );
}
