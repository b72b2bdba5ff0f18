import { useState } from "react";
import {
  deleteMedia,
  describeUses,
  formatShortDay,
  mediaBytes,
  mediaSize,
  mediaUrl,
  mediaWidths,
  replaceMedia,
  updateMediaAlt,
  type MediaRecord,
  type MediaStorage,
  type MediaUse,
  type WithId,
} from "shared-content/admin";
import { Button, StatusMessage, useConfirm } from "../ui";
import { describeWriteError } from "../lib/write-errors";
import { ACCEPT_IMAGES } from "./image-file-check";
import { AltTextField } from "./alt-text-field";
import { UploadStatus } from "./upload-progress";
import { useImageUpload } from "./use-image-upload";
import styles from "./media.module.css";

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en")} KB`;

// Where in a record a picture is, in the owner's words: a post's stored HTML and contents list are
// its text too, and any other field holding it is that record's picture.
const PLACES: Record<string, string> = {
  body: "in the text",
  bodyHtml: "in the text",
  toc: "in the text",
  coverImage: "cover",
  coverUrl: "cover",
  posterImage: "poster",
  posterUrl: "poster",
};
const describeUse = (use: MediaUse) => {
  const where = [...new Set(use.fields.map((f) => PLACES[f] ?? "picture"))];
  return `${use.label.charAt(0).toUpperCase()}${use.label.slice(1)}${use.kind === "avatar" ? "" : ` (${where.join(", ")})`}`;
};

/** The thumbnail, the name, and what is stored: sizes, bytes, the day it was added. */
function MediaFacts({ record, storage }: { record: WithId<MediaRecord>; storage: MediaStorage }) {
  const { width, height } = mediaSize(record.id);
  const widths = mediaWidths(width);
  return (
    <>
      <img
        className={styles.thumb}
        src={mediaUrl(storage, record.id, widths[0] ?? width, "webp")}
        width={widths[0]}
        height={Math.round((height * (widths[0] ?? width)) / width)}
        alt={record.alt}
        loading="lazy"
        style={record.placeholder ? { backgroundImage: `url("${record.placeholder}")`, backgroundSize: "cover" } : undefined}
      />
      <h3 className={styles.cardTitle}>{record.name}</h3>
      <p className={styles.meta}>
        {width} × {height} px · {widths.length === 1 ? `1 size (${width} px)` : `${widths.length} sizes (${widths[0]}–${widths.at(-1)} px)`} ·{" "}
        {formatBytes(mediaBytes(record))} stored · added {formatShortDay(record.createdAt)}
      </p>
    </>
  );
}

/** Where the picture is used; undefined while the content is being scanned. */
function WhereUsed({ name, uses }: { name: string; uses: MediaUse[] | undefined }) {
  return (
    <div>
      <strong className={styles.meta}>Where used</strong>
      {uses === undefined ? (
        <p className={styles.meta}>Looking…</p>
      ) : uses.length === 0 ? (
        <p className={styles.meta}>Not used anywhere.</p>
      ) : (
        <ul className={styles.uses} aria-label={`Where ${name} is used`}>
          {uses.map((u) => (
            <li key={u.path}>{describeUse(u)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface MediaCardProps {
  record: WithId<MediaRecord>;
  storage: MediaStorage;
  /** Where it is used; undefined while the content is being scanned. */
  uses: MediaUse[] | undefined;
}

/** One picture of the library: thumbnail, alt text, sizes, bytes, where used; edit alt, replace, delete. */
export function MediaCard({ record, storage, uses }: MediaCardProps) {
  const widths = mediaWidths(mediaSize(record.id).width);
  const [editing, setEditing] = useState(false);
  const [alt, setAlt] = useState(record.alt);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const { confirm, dialog } = useConfirm();
  const replacing = useImageUpload((upload, options) =>
    replaceMedia(storage, record.id, { ...upload, alt: record.alt }, options).then((r) => ({ record: r.record, reused: false })),
  );
  const name = `“${record.name}”`;

  const saveAlt = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const changed = await updateMediaAlt(storage, record.id, alt, record.rev);
      setEditing(false);
      setMessage({ kind: "success", text: changed.length ? `Alt text saved, and updated in ${describeUses(changed)}.` : "Alt text saved." });
    } catch (e) {
      setMessage({ kind: "error", text: describeWriteError(e) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setMessage(null);
    if (uses && uses.length > 0) {
      setMessage({ kind: "error", text: `${name} cannot be deleted: it is used by ${describeUses(uses, 5)}. Remove it there first.` });
      return;
    }
    const ok = await confirm({
      title: "Delete picture",
      message: `Delete ${name} and its ${widths.length * 2} stored files? It is not used anywhere. This cannot be undone.`,
      confirmLabel: "Delete picture",
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteMedia(storage, record.id);
    } catch (e) {
      setMessage({ kind: "error", text: describeWriteError(e) });
      setBusy(false);
    }
  };

  const replace = () => replacing.upload(record.alt, record.focus);

  const state = replacing.state;
  return (
    <li className={styles.card} aria-label={record.name}>
      <MediaFacts record={record} storage={storage} />
      {editing ? (
        <div className={styles.pending}>
          <AltTextField label={`Alt text for ${name}`} value={alt} onChange={setAlt} hint="Every page that uses the picture gets the new text." />
          <div className={styles.actions}>
            <Button variant="primary" size="small" disabled={busy || !alt.trim()} onClick={() => void saveAlt()}>
              {busy ? "Saving…" : "Save alt text"}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setEditing(false);
                setAlt(record.alt);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className={styles.meta}>
          <strong>Alt text:</strong> {record.alt}
        </p>
      )}
      <WhereUsed name={record.name} uses={uses} />
      {state.phase === "ready" || (state.phase === "failed" && state.processed) ? (
        <div className={styles.actions}>
          <Button variant="primary" size="small" onClick={() => void replace()}>
            Replace with “{state.name}”
          </Button>
          <Button size="small" onClick={replacing.reset}>
            Keep the current picture
          </Button>
        </div>
      ) : null}
      <UploadStatus state={state} label={`Uploading the replacement for ${name}`} onCancel={replacing.cancel} />
      {message ? <StatusMessage kind={message.kind}>{message.text}</StatusMessage> : null}
      <div className={styles.actions}>
        {!editing ? (
          <Button size="small" onClick={() => setEditing(true)} aria-label={`Edit alt text of ${name}`}>
            Edit alt text
          </Button>
        ) : null}
        <label className={styles.replaceLabel}>
          <span>Replace</span>
          <input
            type="file"
            accept={ACCEPT_IMAGES}
            className={styles.visuallyHidden}
            aria-label={`Replace ${name} with another file`}
            disabled={state.phase === "uploading"}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void replacing.choose(file);
              e.target.value = "";
            }}
          />
        </label>
        <Button size="small" variant="danger" disabled={busy} onClick={() => void remove()} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
      {dialog}
    </li>
  );
}
