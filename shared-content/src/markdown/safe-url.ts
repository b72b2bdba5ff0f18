// URLs from the database become links (and image sources) only through here.
import { SITE_PATH_PATTERN } from "../limits";

/** The URL when it is http(s) or mailto (absolute), else undefined. */
export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const trimmed = url.trim();
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
  if (trimmed === "" || [...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" || parsed.protocol === "mailto:" ? trimmed : undefined;
}

/** An image source: an absolute http(s) URL, or a path on this site (/images/...); else undefined. */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const trimmed = url.trim();
  if ([...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  if (SITE_PATH_PATTERN.test(trimmed)) return trimmed;
  const absolute = safeUrl(trimmed);
  return absolute && /^https?:/i.test(absolute) ? absolute : undefined;
}

/** True when `href` leaves the current site (absolute http(s) to another origin). */
export function isExternalUrl(href: string, currentOrigin: string | undefined = globalThis.location?.origin): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).origin !== currentOrigin;
  } catch {
    return false;
  }
}
