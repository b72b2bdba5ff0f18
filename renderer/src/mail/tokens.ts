// Signed links for subscriptions: `<payload>.<signature>`, the payload base64url JSON naming
// what the link does, whose record and (for a confirmation) until when; the signature an
// HMAC-SHA256 of the payload with MAIL_SECRET, compared in constant time. An unsubscribe link
// does not expire: it must work from any mail a subscriber kept.
import { createHmac, timingSafeEqual } from "node:crypto";

export type LinkAction = "confirm" | "unsubscribe";

export interface LinkClaims {
  action: LinkAction;
  /** The subscriber's id (subscriptions.ts, subscriberId). */
  id: string;
  /** Epoch ms after which the link is refused; absent for unsubscribe links. */
  expires?: number;
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export function signLink(secret: string, claims: LinkClaims): string {
  if (!secret) throw new Error("MAIL_SECRET is not set: links cannot be signed");
  const payload = Buffer.from(JSON.stringify({ a: claims.action, s: claims.id, ...(claims.expires ? { e: claims.expires } : {}) })).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

export type LinkVerdict = { ok: true; claims: LinkClaims } | { ok: false; reason: "invalid" | "expired" };

/** The link's claims when its signature holds, it names `action` and it has not expired. */
export function verifyLink(secret: string, token: string, action: LinkAction, now = Date.now()): LinkVerdict {
  const [payload, signature, extra] = token.split(".");
  if (!secret || !payload || !signature || extra !== undefined || token.length > 400) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  let parsed: { a?: unknown; s?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof parsed;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (parsed.a !== action || typeof parsed.s !== "string") return { ok: false, reason: "invalid" };
  if (parsed.e !== undefined && (typeof parsed.e !== "number" || parsed.e < now)) return { ok: false, reason: "expired" };
  return { ok: true, claims: { action, id: parsed.s, ...(typeof parsed.e === "number" ? { expires: parsed.e } : {}) } };
}
