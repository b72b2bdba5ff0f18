import { LEAVE_PREVIEW_PARAM, type LinkPreview } from "release-protocol";
import { endPreview, type ReleasePreview } from "./release-preview";
import styles from "./remote-slot.module.css";

/**
 * What stands above every page about releases: this tab's own preview (client-only), a shareable
 * preview link's (rendered by the server too, so the same markup hydrates), or why a link was
 * refused. Always rendered, even empty, so the server's tree and the browser's keep one shape.
 */
export function ReleaseBanners({ tab = null, link = null, notice = null }: { tab?: ReleasePreview | null; link?: LinkPreview | null; notice?: string | null }) {
  return (
    <>
      {notice ? (
        <p className={styles.previewNotice} role="status">
          {notice}
        </p>
      ) : null}
      {tab ? <ReleasePreviewBanner preview={tab} /> : link ? <LinkPreviewBanner preview={link} /> : null}
    </>
  );
}

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

/** The same date on the server and in every browser (no time zone of either), so it hydrates. */
const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * A shareable preview link's banner. "Leave preview" is a plain GET form: the renderer clears the
 * preview from its HttpOnly cookie (which no script can) and sends the browser back to this page.
 */
export function LinkPreviewBanner({ preview }: { preview: LinkPreview }) {
  return (
    <div className={styles.previewBanner} role="region" aria-label="Release preview">
      <p>
        Previewing a candidate release of <strong>{preview.remote}</strong> (<code>{preview.manifestUrl}</code>) from a shared link, until{" "}
        {utcMinute(preview.expiresAt)}. Visitors without the link see the live release.
      </p>
      <form method="get">
        <input type="hidden" name={LEAVE_PREVIEW_PARAM} value="1" />
        <button type="submit" className={styles.retry}>
          Leave preview
        </button>
      </form>
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
