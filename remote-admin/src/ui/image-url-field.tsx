import { useEffect, useState } from "react";
import { safeImageUrl } from "shared-content/admin";
import { Field, type FieldProps } from "./field";
import fieldStyles from "./field.module.css";
import styles from "./image-url-field.module.css";

export interface ImageUrlFieldProps extends Pick<FieldProps, "label" | "error" | "hint" | "required" | "id" | "className"> {
  value: string;
  onChange: (value: string) => void;
  /** Advice about the address that does not block saving (e.g. link previews cannot show it). */
  advice?: string;
}

const FAILED = "This image could not be loaded; check the address.";
// Typing an address would otherwise request (and fail on) every partial one.
const SETTLE_MS = 400;

/**
 * An image address (avatar, cover, poster ...) with a small preview of what it shows. An image
 * that does not load gets a warning next to the field but does not block saving: the address may
 * be right and the image host down for a moment, or the image may be uploaded later.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
  error,
  hint = "Optional: https://… or a path on this site, like /images/photo.jpg",
  required,
  id,
  className,
  advice,
}: ImageUrlFieldProps) {
  const src = error ? undefined : safeImageUrl(value);
  // The address previewed: the saved one at once, a typed one once typing pauses.
  const [shown, setShown] = useState(src);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (src === shown) return;
    const timer = setTimeout(() => setShown(src), src ? SETTLE_MS : 0);
    return () => clearTimeout(timer);
  }, [src, shown]);
  const broken = shown !== undefined && failed === shown;

  return (
    <Field label={label} error={error} hint={hint} warning={broken ? FAILED : advice} required={required} id={id} className={className}>
      {(control) => (
        <div className={styles.row}>
          <input
            {...control}
            type="text"
            inputMode="url"
            required={required}
            className={`${fieldStyles.input} ${styles.input}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          {shown ? (
            <span className={styles.frame} data-broken={broken || undefined}>
              <img
                key={shown}
                src={shown}
                alt={`Preview of the ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
                className={styles.preview}
                onError={() => setFailed(shown)}
                onLoad={() => setFailed((f) => (f === shown ? null : f))}
              />
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}
