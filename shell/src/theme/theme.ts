// Light by default, or the operating system's preference, until the visitor
// chooses; the choice is remembered in localStorage. index.html applies the same rule before
// first paint (keep the two in step).
export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "portfolio-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The visitor's own choice, or null when they have not chosen. */
export function readStoredTheme(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return value === "dark" || value === "light" ? value : null;
  } catch {
    return null;
  }
}

/** What the operating system prefers (light when it says nothing). */
export function systemTheme(media: ((query: string) => { matches: boolean }) | undefined = globalThis.matchMedia?.bind(globalThis)): Theme {
  return media?.(DARK_QUERY).matches ? "dark" : "light";
}

export function preferredTheme(): Theme {
  return readStoredTheme() ?? systemTheme();
}

/** Follows the system's preference while the visitor has not chosen; returns the stop. */
export function followSystemTheme(onChange: (theme: Theme) => void): () => void {
  const query = globalThis.matchMedia?.(DARK_QUERY);
  if (!query) return () => undefined;
  const listener = () => {
    if (readStoredTheme() === null) onChange(systemTheme());
  };
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

export function storeTheme(theme: Theme, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}
