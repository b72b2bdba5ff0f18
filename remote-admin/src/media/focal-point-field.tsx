import { useId } from "react";
import type { Focus } from "shared-content/admin";
import styles from "./media.module.css";

export interface FocalPointFieldProps {
  /** The picture the point is placed on (a data: or https: URL). */
  preview: string;
  alt: string;
  value: Focus | undefined;
  onChange: (focus: Focus | undefined) => void;
}

const CENTRE: Focus = { x: 50, y: 50 };

/**
 * Where to keep the subject when a layout crops the picture: click the preview, or use the two
 * sliders (arrow keys move them by 1 %, Page Up/Down by 10 %). Optional: unset means the centre.
 */
export function FocalPointField({ preview, alt, value, onChange }: FocalPointFieldProps) {
  const id = useId();
  const focus = value ?? CENTRE;
  const set = (patch: Partial<Focus>) => onChange({ ...focus, ...patch });
  return (
    <fieldset className={styles.focal}>
      <legend className={styles.legend}>Focal point (optional)</legend>
      <div className={styles.focalBody}>
        <button
          type="button"
          className={styles.focalImage}
          aria-label="Set the focal point by clicking the picture"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            // A keyboard "click" has no position: the sliders are the keyboard's way.
            if (e.detail === 0 || box.width === 0) return;
            set({ x: Math.round(((e.clientX - box.left) / box.width) * 100), y: Math.round(((e.clientY - box.top) / box.height) * 100) });
          }}
        >
          <img src={preview} alt={alt} />
          <span className={styles.focalMark} style={{ left: `${focus.x}%`, top: `${focus.y}%` }} aria-hidden="true" />
        </button>
        <div className={styles.focalSliders}>
          <label htmlFor={`${id}-x`}>Across: {focus.x}%</label>
          <input id={`${id}-x`} type="range" min={0} max={100} value={focus.x} onChange={(e) => set({ x: Number(e.target.value) })} />
          <label htmlFor={`${id}-y`}>Down: {focus.y}%</label>
          <input id={`${id}-y`} type="range" min={0} max={100} value={focus.y} onChange={(e) => set({ y: Number(e.target.value) })} />
          {value ? (
            <button type="button" className={styles.linkButton} onClick={() => onChange(undefined)}>
              Reset to the centre
            </button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
