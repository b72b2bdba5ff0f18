import { useTheme } from "./use-theme";
import styles from "./theme-toggle.module.css";

/** A toggle button: its name stays "Dark theme", aria-pressed says whether it is on. */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  return (
    <button type="button" className={styles.toggle} onClick={toggle} aria-pressed={theme === "dark"}>
      <span aria-hidden="true">☾</span>
      <span className={styles.text}>Dark theme</span>
    </button>
  );
}
