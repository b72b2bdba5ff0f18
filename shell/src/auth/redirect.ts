import { SITE_PATHS } from "shared-content";

export const DEFAULT_AFTER_SIGN_IN = SITE_PATHS.admin.getHref();

/**
 * The redirect target after sign-in, when it is a same-site path: one leading "/", not "//",
 * no scheme, no backslash (browsers treat "/\\evil" like "//evil"), no control characters.
 * Anything else gives the admin panel.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (typeof value !== "string" || value === "") return DEFAULT_AFTER_SIGN_IN;
  if (!value.startsWith("/") || value.startsWith("//")) return DEFAULT_AFTER_SIGN_IN;
  if (value.includes("\\")) return DEFAULT_AFTER_SIGN_IN;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_AFTER_SIGN_IN;
  // A scheme-like first segment ("/javascript:..", "/https:..") is refused outright.
  const firstSegment = value.slice(1).split(/[/?#]/)[0] ?? "";
  if (firstSegment.includes(":")) return DEFAULT_AFTER_SIGN_IN;
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/login#")) return DEFAULT_AFTER_SIGN_IN;
  return value;
}
