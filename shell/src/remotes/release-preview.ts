// Previewing a candidate release of one remote inside the live site, in one admin's tab only
// (docs/releases.md). The choice lives in this tab's sessionStorage, set
// from the admin panel's Releases screen, never from a URL, so no link can plant it on anyone;
// it applies only to a signed-in admin and only to a manifest on an origin the runtime config
// lists in `previewOrigins` (which the CSP admits). Such a page renders in the browser: the
// renderer never loads a previewed remote.
import type { RuntimeConfig } from "runtime-config";
import { storageKey } from "shared-auth/browser-storage";

export const PREVIEW_KEY = storageKey("release-preview");

export interface ReleasePreview {
  remote: string;
  manifestUrl: string;
}

/** Why `preview` is not allowed by `config`, in plain words; null when it is. */
export function previewRefusal(preview: ReleasePreview, config: RuntimeConfig): string | null {
  if (!(preview.remote in config.remotes)) return `${preview.remote} is not a remote of this site.`;
  let origin: string;
  try {
    origin = new URL(preview.manifestUrl).origin;
  } catch {
    return "Enter the full address of the candidate's mf-manifest.json (http:// or https://).";
  }
  const allowed = config.previewOrigins ?? [];
  if (!allowed.includes(origin))
    return allowed.length === 0
      ? "This site allows no preview origins: add the candidate's origin to previewOrigins in the runtime config first."
      : `${origin} is not one of this site's preview origins (${allowed.join(", ")}).`;
  return null;
}

/** The preview this tab asked for, if the config still allows it (a stale or bad one is dropped). */
export function readPreview(config: RuntimeConfig, storage: Storage = sessionStorage): ReleasePreview | null {
  try {
    const raw = JSON.parse(storage.getItem(PREVIEW_KEY) ?? "null") as Partial<ReleasePreview> | null;
    if (!raw || typeof raw.remote !== "string" || typeof raw.manifestUrl !== "string") return null;
    const preview = { remote: raw.remote, manifestUrl: raw.manifestUrl };
    if (previewRefusal(preview, config) === null) return preview;
  } catch {
    // unreadable: dropped below
  }
  storage.removeItem(PREVIEW_KEY);
  return null;
}

export function startPreview(preview: ReleasePreview, storage: Storage = sessionStorage): void {
  storage.setItem(PREVIEW_KEY, JSON.stringify(preview));
}

export function endPreview(storage: Storage = sessionStorage): void {
  storage.removeItem(PREVIEW_KEY);
}
