import { useId, useRef, useState } from "react";
import type { Focus, ImageRef } from "shared-content/admin";
import { Button, StatusMessage } from "../ui";
import { AltTextField, usePendingAlt } from "./alt-text-field";
import { ACCEPT_IMAGES } from "./image-file-check";
import { FocalPointField } from "./focal-point-field";
import { UploadStatus } from "./upload-progress";
import { usePendingPicture, type PicturePatch } from "./pending-pictures";
import { heldPicture, useImageUpload, type StoredImage } from "./use-image-upload";
import styles from "./media.module.css";

/** What an image field is for: its control says "Upload cover image", "Alt text for the cover image". */
export type ImagePurpose = "avatar" | "project" | "cover" | "poster";

export interface ImageUploadControlProps {
  purpose: ImagePurpose;
  /** The picture the field holds now (the ImageRef beside the URL), if it is an uploaded one. */
  image: ImageRef | undefined;
  /** The URL field's value, previewed beside the alt text of the current picture. */
  url: string;
  /** A stored picture in the form's values: the URL field and the ImageRef together. */
  patchFor: (stored: StoredImage) => PicturePatch;
  /** A finished upload (its own button): put it in the form. */
  onStored: (stored: StoredImage) => void;
  /** Alt text or focal point edited for the current picture. */
  onImageChange: (image: ImageRef) => void;
  /** The form's message for the ImageRef (an empty alt text), if any. */
  error?: string | undefined;
}

/**
 * Upload beside an image URL field: choose a file (checked and prepared in the browser), describe
 * it (alt text, required), optionally set the focal point, upload with progress and Cancel. The
 * field changes only when every variant and the picture's record are stored. A prepared
 * picture not uploaded yet is uploaded by the form's Save (pending-pictures.tsx).
 */
export function ImageUploadControl({ purpose, image, url, patchFor, onStored, onImageChange, error }: ImageUploadControlProps) {
  const { state, choose, upload, cancel, reset } = useImageUpload();
  const { alt, setAlt, refuse, clearError, field: altField } = usePendingAlt();
  const [focus, setFocus] = useState<Focus | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const what = `${purpose} image`;
  const pending = state.phase === "ready" || (state.phase === "failed" && state.processed) ? state : null;
  const held = heldPicture(state);

  /** The alt-text rule of every upload: refused, on the alt field, until the picture is described. */
  const altProblem = () => {
    if (alt.trim()) return null;
    refuse(`Describe the ${what} in the alt text: what would you tell someone who cannot see it?`);
    document.getElementById(`${id}-alt`)?.focus();
    return `the ${what} “${held?.name ?? ""}” has no alt text yet. Describe it, or discard it.`;
  };
  const stored = (picture: StoredImage, note: string) => {
    setAlt("");
    setFocus(undefined);
    if (fileInput.current) fileInput.current.value = "";
    setDone(`${picture.reused ? "Already in the library" : "Uploaded"}: “${picture.name}”.${note ? ` ${note}` : ""}`);
  };
  const start = async () => {
    if (altProblem()) return;
    const outcome = await upload(alt.trim(), focus);
    if ("stored" in outcome) {
      onStored(outcome.stored);
      stored(outcome.stored, "Save to use it.");
    }
  };
  usePendingPicture(
    held
      ? {
          label: `the ${what} “${held.name}”`,
          check: () => (held.ready ? altProblem() : `the ${what} “${held.name}” is still being prepared. Save again in a moment.`),
          send: async () => {
            const outcome = await upload(alt.trim(), focus);
            if ("failed" in outcome) throw new Error(outcome.failed);
            stored(outcome.stored, "");
            return patchFor(outcome.stored);
          },
        }
      : null,
  );

  return (
    <div className={styles.upload}>
      <div className={styles.fileRow}>
        <label htmlFor={`${id}-file`} className={styles.fileLabel}>
          Upload {what}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT_IMAGES}
          className={styles.fileInput}
          aria-describedby={`${id}-file-hint`}
          disabled={state.phase === "uploading"}
          onChange={(e) => {
            const file = e.target.files?.[0];
            setDone(null);
            clearError();
            if (file) void choose(file);
          }}
        />
        <p id={`${id}-file-hint`} className={styles.hint}>
          JPEG, PNG, WebP, AVIF or GIF, up to 25 MB. Resized for every screen; location and camera data are removed.
        </p>
      </div>

      {pending && pending.preview ? (
        <div className={styles.pending}>
          <AltTextField
            id={`${id}-alt`}
            label={`Alt text for the ${what}`}
            {...altField}
            hint="What the picture shows, for people who cannot see it. Saving the form uploads it too."
          />
          <FocalPointField preview={pending.preview} alt={`Preview of “${pending.name ?? ""}”`} value={focus} onChange={setFocus} />
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => void start()}>
              Upload “{pending.name}”
            </Button>
            <Button
              onClick={() => {
                reset();
                if (fileInput.current) fileInput.current.value = "";
              }}
            >
              Discard
            </Button>
          </div>
        </div>
      ) : null}

      <UploadStatus
        state={state}
        label={`Uploading the ${what}`}
        onCancel={() => {
          cancel();
          // The same file may be chosen again.
          if (fileInput.current) fileInput.current.value = "";
        }}
      />
      {done && state.phase === "idle" ? <StatusMessage kind="success">{done}</StatusMessage> : null}

      {image && state.phase === "idle" ? <CurrentPicture what={what} image={image} url={url} error={error} onImageChange={onImageChange} /> : null}
    </div>
  );
}

/** The stored picture the field holds: its alt text and focal point, edited in place. */
function CurrentPicture({
  what,
  image,
  url,
  error,
  onImageChange,
}: Pick<ImageUploadControlProps, "url" | "error" | "onImageChange"> & { what: string; image: ImageRef }) {
  return (
    <div className={styles.current}>
      <AltTextField
        label={`Alt text for the ${what}`}
        value={image.alt}
        onChange={(v) => onImageChange({ ...image, alt: v })}
        error={error}
        hint="Describes the uploaded picture wherever this page shows it."
      />
      {url ? <FocalPointField preview={url} alt={image.alt} value={image.focus} onChange={(f) => onImageChange(withFocus(image, f))} /> : null}
    </div>
  );
}

const withFocus = (image: ImageRef, focus: Focus | undefined): ImageRef => {
  const { focus: _old, ...rest } = image;
  return focus ? { ...rest, focus } : rest;
};
