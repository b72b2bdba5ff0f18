// What an empty page says when the site cannot start (a server-rendered page stays as it is). Its
// own module, kept with the entry's helpers (shell/vite.config.ts): the entry needs it before any
// library has loaded.

export function showStartFailure(root: HTMLElement | null, what: string): void {
  if (!root) return;
  const box = document.createElement("main");
  box.setAttribute("role", "alert");
  box.style.padding = "2rem";
  box.textContent = `The site could not start: ${what} could not be loaded. Please reload the page in a moment.`;
  root.replaceChildren(box);
}
