// HTML escaping for the mails and the subscription pages (the same as document.ts's, without
// that module's imports of the shell, so the mail job loads no page-rendering code).
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
