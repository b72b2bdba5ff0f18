// Shareable preview links' parameters and the endpoint an admin asks for one (docs/releases.md, "Previews").

/**
 * A shareable preview link (docs/releases.md): `?preview=<signed token>`
 * on any page puts its holder into the preview; `?leave-preview` takes them out. The renderer
 * reads both (renderer/src/releases/selection.ts), the banner and the release command write them.
 */
export const PREVIEW_LINK_PARAM = "preview";
export const LEAVE_PREVIEW_PARAM = "leave-preview";
/** Where a signed-in admin asks the renderer for a preview link (POST, their ID token as Bearer). */
export const PREVIEW_LINK_ENDPOINT = "/__preview-link";

/** A preview a server-rendered page was rendered with, as its page data carries it. */
export interface LinkPreview {
  remote: string;
  manifestUrl: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}
