// Light by default, or the operating system's preference, until the visitor
// chooses; the choice is remembered in localStorage. index.html applies the same rule before
// first paint, reading the same two keys (theme.test.tsx runs that script to keep them in step).
import { readStoredOrFormer, storageKey, writeStored } from "shared-auth/browser-storage";

export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = storageKey("theme");
/** Where earlier versions kept the choice (plain text); moved on first read. */
export const FORMER_THEME_STORAGE_KEY = "portfolio-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

const asTheme = (value: unknown): Theme | null => (value === "dark" || value === "light" ? value : null);

/** The visitor's own choice, or null when they have not chosen. */
export function readStoredTheme(): Theme | null {
  return asTheme(readStoredOrFormer(THEME_STORAGE_KEY, FORMER_THEME_STORAGE_KEY, asTheme));
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

/** Remembers the choice; in private mode or with storage disabled it lasts for this page only. */
export function storeTheme(theme: Theme): void {
  writeStored(THEME_STORAGE_KEY, theme);
}
