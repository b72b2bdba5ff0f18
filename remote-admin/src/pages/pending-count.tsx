import { useSubmissions } from "shared-content/admin";
import styles from "./pending-count.module.css";

/**
 * The number of recommendation submissions waiting for moderation, live, for the shell's admin
 * navigation (inside the Recommendations link; nothing while loading, on error, or when none wait).
 */
export default function PendingCount() {
  const queue = useSubmissions();
  const count = queue.status === "ready" ? queue.data.length : 0;
  if (count === 0) return null;
  // The space stays outside the pill, so a pill that wraps under the label starts the line.
  return (
    <>
      {" "}
      <span className={styles.badge}>{count} pending</span>
    </>
  );
}
