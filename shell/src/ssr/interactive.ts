// <html data-interactive>: the page's controls respond. On a server-rendered page that is once
// the app's root AND every remote slot the server rendered have hydrated; a slot hydrates only
// when its remote's code has arrived, which can be after the root (React hydrates a suspended
// boundary later). Input typed into a slot before then would be dropped by its hydration, so
// the tests, like a person, wait for the mark.

export interface InteractiveMarker {
  slotHydrated(slot: string): void;
  appMounted(): void;
}

export function interactiveMarker(serverSlots: readonly string[], root: HTMLElement = document.documentElement): InteractiveMarker {
  const waiting = new Set(serverSlots);
  let mounted = false;
  const check = () => {
    if (mounted && waiting.size === 0) root.dataset.interactive = "true";
  };
  return {
    slotHydrated(slot) {
      waiting.delete(slot);
      check();
    },
    appMounted() {
      mounted = true;
      check();
    },
  };
}
