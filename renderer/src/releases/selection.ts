// Which release of each remote one request is rendered with (docs/releases.md):
// the live one from the runtime config, or a candidate: a preview link's or a
// canary's (item 2). A pure function of the request's `__session` cookie and query, the live
// config and the candidates, so the server render, the page data the browser hydrates from, the
// X-Remote-Releases header and the caching headers all follow one decision.
//
// The one cookie: Firebase Hosting forwards only `__session` to a function, and keys its CDN cache
// on it when present. Its value is URL-encoded fields (`preview=<token>`; a canary adds its own),
// so several features share it; this module alone reads and writes it.
import { LEAVE_PREVIEW_PARAM, PREVIEW_LINK_PARAM, type LinkPreview } from "release-protocol";
import { verifyPreview, type PreviewGrant, type PreviewRefusal } from "release-protocol/preview-token";
import { inCanary, isVisitorId, newVisitorId, VISITOR_MAX_AGE_SECONDS } from "./cohort";

export const SESSION_COOKIE = "__session";
/** The cookie's field holding the visitor's random id, for the canaries' cohorts (cohort.ts). */
export const VISITOR_FIELD = "visitor";
// `?preview=<token>` (PREVIEW_LINK_PARAM, also the cookie's field) is a shareable preview link, turned
// into the cookie, then redirected; `?leave-preview` (LEAVE_PREVIEW_PARAM) is the banner's way out.

export type Variant = "live" | "preview" | "canary";

/** A canary of one remote: its candidate manifest, its release id (with the visitor's id it picks the cohort: cohort.ts) and the share of visitors (0-100) that get it. */
export interface CanaryCandidate {
  manifestUrl: string;
  release: string;
  percent: number;
}

export interface SelectionInput {
  /** The request's Cookie header, as received. */
  cookieHeader: string | undefined;
  path: string;
  /** The request's query ("" or "?a=b"). */
  search: string;
  /** The runtime config's remotes: name -> live manifest URL. */
  live: Record<string, string>;
  /** The renderer's PREVIEW_SECRET; null when it has none (every link is then refused). */
  secret: string | null;
  /** Remote -> seconds: preview links of that remote issued before are revoked (config.previewsRevokedBefore). */
  revokedBefore?: Record<string, number>;
  /** Remote -> its canary, if one runs. */
  canaries?: Record<string, CanaryCandidate>;
  /** Milliseconds since the epoch. */
  now: number;
  /** Whether the site is served over https (the cookie is then Secure). */
  secure: boolean;
  /** A new visitor's id (cohort.ts' newVisitorId unless a test fixes it). */
  newVisitor?: () => string;
}

export interface ReleaseSelection {
  /** Name -> the manifest URL this request uses, for every remote of the live config. */
  remotes: Record<string, string>;
  /** Name -> which release that is. */
  variants: Record<string, Variant>;
  preview: LinkPreview | null;
  /** A short notice for the page (a refused or ended preview link), or null. */
  notice: string | null;
  /** Where to send the browser instead of rendering (the same page without the link's query), or null. */
  redirect: string | null;
  /** Set-Cookie values for the response. */
  setCookie: string[];
  /**
   * The cookie that keeps a new visitor's id (their canaries' cohorts), when only that changed: the
   * handler sends it only with a page that renders a canaried remote, which is then private; a page
   * that does not depend on the cohort stays cacheable and sets no cookie.
   */
  visitorCookie: string | null;
  /**
   * Headers that replace the page's own caching headers; empty when the page is the same for every
   * visitor (live), which then keeps its CDN caching.
   */
  headers: Record<string, string>;
}

export const PREVIEW_NOTICES: Record<PreviewRefusal, string> = {
  invalid: "This preview link is not valid (it may have been altered or copied incompletely). You are seeing the live site.",
  expired: "This preview link has expired. You are seeing the live site.",
  revoked: "This preview link has been withdrawn. You are seeing the live site.",
};

/** A response only its visitor may see, and no search engine may index. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** The fields of the `__session` cookie, or none. */
export function readSession(cookieHeader: string | undefined): URLSearchParams {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return new URLSearchParams(decodeURIComponentSafe(value.join("=")));
  }
  return new URLSearchParams();
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

/** The `__session` cookie holding `fields` (cleared when there are none). */
export function sessionCookie(fields: URLSearchParams, { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number }): string {
  const value = fields.toString();
  const age = value ? Math.max(0, Math.floor(maxAgeSeconds)) : 0;
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The same page on this site: a path that starts with one slash (never "//host", another site), and the query without the preview parameters. */
function cleanUrl(path: string, search: string): string {
  return `/${path.replace(/^[/\\]+/, "")}${cleanSearch(search)}`;
}

/** The request's query without the preview parameters ("" when nothing is left). */
function cleanSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PREVIEW_LINK_PARAM);
  params.delete(LEAVE_PREVIEW_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** A verified preview grant for a remote of this site, or why not. */
function previewFrom(token: string, input: SelectionInput): { grant: PreviewGrant } | { refused: PreviewRefusal } {
  const verdict = verifyPreview(token, input.secret, { now: input.now / 1000, revokedBefore: input.revokedBefore });
  if ("grant" in verdict && !(verdict.grant.remote in input.live)) return { refused: "invalid" };
  return verdict;
}

export function selectReleases(input: SelectionInput): ReleaseSelection {
  const session = readSession(input.cookieHeader);
  const query = new URLSearchParams(input.search);
  const remotes = { ...input.live };
  const variants: Record<string, Variant> = Object.fromEntries(Object.keys(remotes).map((name) => [name, "live" as Variant]));
  const setCookie: string[] = [];
  let notice: string | null = null;
  let redirect: string | null = null;
  let preview: LinkPreview | null = null;
  let sessionChanged = false;
  let sessionMaxAge = 0;

  const link = query.get(PREVIEW_LINK_PARAM);
  if (query.has(LEAVE_PREVIEW_PARAM)) {
    session.delete(PREVIEW_LINK_PARAM);
    sessionChanged = true;
    redirect = cleanUrl(input.path, input.search);
  } else if (link !== null) {
    const verdict = previewFrom(link, input);
    if ("grant" in verdict) {
      session.set(PREVIEW_LINK_PARAM, link);
      sessionChanged = true;
      sessionMaxAge = verdict.grant.expiresAt - input.now / 1000;
      redirect = cleanUrl(input.path, input.search);
    } else notice = PREVIEW_NOTICES[verdict.refused];
  }

  // The preview the cookie holds (not on a redirect: the next request renders it).
  const held = session.get(PREVIEW_LINK_PARAM);
  if (!redirect && held !== null) {
    const verdict = previewFrom(held, input);
    if ("grant" in verdict) {
      const { remote, manifestUrl, expiresAt } = verdict.grant;
      remotes[remote] = manifestUrl;
      variants[remote] = "preview";
      preview = { remote, manifestUrl, expiresAt: expiresAt * 1000 };
    } else {
      notice ??= PREVIEW_NOTICES[verdict.refused];
      session.delete(PREVIEW_LINK_PARAM);
      sessionChanged = true;
    }
  }

  // Canaries: a visitor's random id is made once and kept in the cookie; hashed with each canary's
  // release it gives the visitor's bucket for that canary (cohort.ts), so the cohort sticks across
  // requests and days and two canaries split visitors independently. A preview of the remote wins.
  const canaries = Object.entries(input.canaries ?? {}).filter(([name]) => name in input.live);
  let newVisitor = false;
  if (canaries.length > 0 && !redirect) {
    let visitor = session.get(VISITOR_FIELD);
    if (visitor === null || !isVisitorId(visitor)) {
      visitor = (input.newVisitor ?? newVisitorId)();
      session.set(VISITOR_FIELD, visitor);
      newVisitor = true;
    }
    for (const [name, canary] of canaries)
      if (variants[name] === "live" && inCanary(canary.release, canary.percent, visitor)) {
        remotes[name] = canary.manifestUrl;
        variants[name] = "canary";
      }
  }

  // The cookie lives as long as its longest field: a visitor id a year, a preview until it expires
  // (sessionMaxAge: a link just followed; a preview held already was not changed, so it is only
  // written again for a new visitor, who has an id).
  const cookie = () => sessionCookie(session, { secure: input.secure, maxAgeSeconds: session.has(VISITOR_FIELD) ? VISITOR_MAX_AGE_SECONDS : sessionMaxAge });
  if (sessionChanged) setCookie.push(cookie());
  const visitorCookie = newVisitor && !sessionChanged ? cookie() : null;

  const personal = preview !== null || notice !== null || redirect !== null || setCookie.length > 0;
  return { remotes, variants, preview, notice, redirect, setCookie, visitorCookie, headers: personal ? { ...PRIVATE_HEADERS } : {} };
}
