import { Button, StatusMessage } from "../ui";
import type { UploadState } from "./use-image-upload";
import styles from "./media.module.css";

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en")} KB`;

/** A labelled progress bar with Cancel: preparing (a share of the work) or uploading (bytes sent). */
export function UploadProgress({ label, sent, total, onCancel }: { label: string; sent: number; total: number; onCancel: () => void }) {
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  return (
    <div className={styles.progress}>
      <progress aria-label={label} max={100} value={percent} />
      <span aria-live="polite">
        {percent}%{total > 1 ? ` (${kb(sent)} of ${kb(total)})` : ""}
      </span>
      <Button size="small" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}

/** Where an upload stands, under its controls: preparing the picture, sending it (with Cancel), or why it failed. */
export function UploadStatus({ state, label, onCancel }: { state: UploadState; label: string; onCancel: () => void }) {
  switch (state.phase) {
    case "preparing":
      return (
        <p role="status" className={styles.hint}>
          Preparing “{state.name}”… {Math.round(state.done * 100)}%
        </p>
      );
    case "uploading":
      return <UploadProgress label={label} sent={state.sent} total={state.total} onCancel={onCancel} />;
    case "failed":
      return <StatusMessage kind="error">{state.message}</StatusMessage>;
    default:
      return null;
  }
}
