import { useEffect, useState } from "react";
import { safeImageUrl } from "shared-content/admin";
import { TextField } from "./field";
import styles from "./image-url-field.module.css";

const HINT = "Optional: https://… or a path on this site, like /images/photo.jpg";
/** Wait for a pause in typing before trying an address (no request per keystroke). */
const SETTLE_MS = 400;

type Check = { src: string; status: "loading" | "loaded" | "failed" };

/**
 * An image address with a small preview of what it shows. An address that does not load gets a
 * warning in the field's description; saving stays allowed (a host may be down only for now,
 * and the site hides a broken image).
 */
export function ImageUrlField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const src = error ? undefined : safeImageUrl(value.trim()) || undefined;
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(() => setCheck({ src, status: "loading" }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [src]);
  const current = check && check.src === src ? check : null;
  const failed = current?.status === "failed";
  const settle = (status: Check["status"]) => setCheck((c) => (c && c.src === src ? { src: c.src, status } : c));
  return (
    <div className={styles.wrap}>
      <TextField
        label={label}
        type="text"
        inputMode="url"
        value={value}
        onChange={onChange}
        error={error}
        hint={
          failed ? (
            <>
              {HINT}
              <span className={styles.warning}>This image could not be loaded: check the address. You can still save it.</span>
            </>
          ) : (
            HINT
          )
        }
      />
      {current ? (
        <img
          className={failed ? styles.hidden : styles.preview}
          src={current.src}
          alt={`Preview of the ${label.toLowerCase().replace(/ url$/, "")}`}
          width={96}
          height={96}
          onLoad={() => settle("loaded")}
          onError={() => settle("failed")}
        />
      ) : null}
    </div>
  );
}
