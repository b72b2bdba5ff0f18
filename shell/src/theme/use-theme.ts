import { useCallback, useEffect, useSyncExternalStore } from "react";
import { applyTheme, followSystemTheme, storeTheme, type Theme } from "./theme";

// The theme is the <html data-theme> attribute (set before first paint by index.html's inline
// script). Read through useSyncExternalStore so a server-rendered page, which cannot know the
// visitor's choice, hydrates as light and then shows the real state without a mismatch.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
const current = (): Theme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");
const onServer = (): Theme => "light";

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, current, onServer);
  // Until the visitor chooses, the page follows the system setting as it changes.
  useEffect(() => followSystemTheme(applyTheme), []);
  const toggle = useCallback(() => {
    const next: Theme = current() === "dark" ? "light" : "dark";
    applyTheme(next);
    storeTheme(next);
  }, []);
  return { theme, toggle };
}
