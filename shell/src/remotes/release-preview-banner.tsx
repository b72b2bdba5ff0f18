import { endPreview, type ReleasePreview } from "./release-preview";
import styles from "./remote-slot.module.css";

/** Always on screen while this tab previews a candidate release, with the one-click way back. */
export function ReleasePreviewBanner({ preview }: { preview: ReleasePreview }) {
  return (
    <div className={styles.previewBanner} role="region" aria-label="Release preview">
      <p>
        Previewing <strong>{preview.remote}</strong> from <code>{preview.manifestUrl}</code>. Only this tab sees it; visitors see the live release.
      </p>
      <BackToLiveButton className={styles.retry} />
    </div>
  );
}

/** Ends this tab's preview and reloads it on the live release. */
export function BackToLiveButton({ className }: { className: string | undefined }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        endPreview();
        location.reload();
      }}
    >
      Back to the live release
    </button>
  );
}
