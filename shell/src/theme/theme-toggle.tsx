import { useTheme } from "./use-theme";
import styles from "./theme-toggle.module.css";

/** Switches the theme; its name says what it switches to ("Dark theme" while the page is light). */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "Light theme" : "Dark theme";
  return (
    <button type="button" className={styles.toggle} onClick={toggle} data-theme-toggle="">
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
      <span className={styles.text}>{next}</span>
    </button>
  );
}
