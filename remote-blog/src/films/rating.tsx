import styles from "./rating.module.css";

/** 0–5 in halves, drawn as stars, announced as "Rated 3.5 out of 5". */
export function Rating({ value }: { value: number }) {
  const clamped = Math.max(0, Math.min(5, Math.round(value * 2) / 2));
  return (
    <span className={styles.rating} role="img" aria-label={`Rated ${clamped} out of 5`}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.empty}>★★★★★</span>
        <span className={styles.full} style={{ width: `${(clamped / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      <span className={styles.number} aria-hidden="true">
        {clamped.toFixed(1)}
      </span>
    </span>
  );
}
