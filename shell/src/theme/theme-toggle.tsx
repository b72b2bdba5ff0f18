import { useTheme } from "./use-theme";
import styles from "./theme-toggle.module.css";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button type="button" className={styles.toggle} onClick={toggle} aria-pressed={theme === "dark"} aria-label={`Dark theme`} title={`Switch to ${next} theme`}>
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
      <span className={styles.text}>{theme === "dark" ? "Light" : "Dark"}</span>
    </button>
  );
}
