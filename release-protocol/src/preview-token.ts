// A shareable preview link's token (docs/releases.md): which remote, which
// candidate manifest, when it was issued and when it expires, signed with HMAC-SHA256 under the
// secret only the renderer and the release command hold (PREVIEW_SECRET). Anyone holding a link
// may see the candidate; nobody can make one, or change one, without the secret. Made by the
// release command, checked by the renderer (renderer/src/releases/selection.ts); Node only
// (node:crypto), so an entry of its own that the browser never imports.
// Format: base64url(JSON payload) "." base64url(signature over the first part).
import { createHmac, timingSafeEqual } from "node:crypto";

export interface PreviewGrant {
  /** The remote's federation name (remote_blog). */
  remote: string;
  /** The candidate's mf-manifest.json. */
  manifestUrl: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

/** How long a link lives unless the release command is told otherwise. */
export const PREVIEW_LINK_HOURS = 24;
/** A secret shorter than this is refused: it could be guessed. */
export const MIN_SECRET_LENGTH = 32;

/** Why a token was not accepted, in the words the page shows. */
export type PreviewRefusal = "invalid" | "expired" | "revoked";

const sign = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("base64url");

export function signPreview(grant: PreviewGrant, secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`PREVIEW_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`);
  const body = Buffer.from(JSON.stringify({ r: grant.remote, m: grant.manifestUrl, i: grant.issuedAt, e: grant.expiresAt })).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

/**
 * The grant a token carries, or why it is refused. `revokedBefore`: remote -> seconds; a grant of
 * that remote issued before it is revoked (`npm run release -- <remote> --revoke-previews`).
 */
export function verifyPreview(
  token: string,
  secret: string | null,
  { now, revokedBefore = {} }: { now: number; revokedBefore?: Record<string, number> },
): { grant: PreviewGrant } | { refused: PreviewRefusal } {
  const [body = "", signature = "", ...rest] = token.split(".");
  if (!secret || secret.length < MIN_SECRET_LENGTH || !body || !signature || rest.length > 0) return { refused: "invalid" };
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: "invalid" };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { refused: "invalid" };
  }
  const { r, m, i, e } = (raw ?? {}) as Record<string, unknown>;
  if (typeof r !== "string" || typeof m !== "string" || typeof i !== "number" || typeof e !== "number") return { refused: "invalid" };
  if (now >= e) return { refused: "expired" };
  if (i < (revokedBefore[r] ?? Number.NEGATIVE_INFINITY)) return { refused: "revoked" };
  return { grant: { remote: r, manifestUrl: m, issuedAt: i, expiresAt: e } };
}
