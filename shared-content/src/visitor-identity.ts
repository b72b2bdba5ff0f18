// A visitor's anonymous Firebase Auth identity, through the Auth REST API (no SDK download):
// the recommendation form signs in anonymously just before it sends, and the rules allow one
// pending submission per uid. The identity is kept in localStorage, so the same browser stays
// the same visitor (storage disabled: a new identity per page load); its ID token (one hour) is
// refreshed when it has expired.
import { type RuntimeConfig } from "runtime-config";
import { readStoredOrFormer, storageKey, writeStored } from "shared-auth/browser-storage";
import { ContentError, isContentError } from "./errors";

export const VISITOR_KEY = storageKey("visitor");
/** Where earlier versions of the site kept the identity (the same JSON); moved on first read. */
const FORMER_VISITOR_KEY = "portfolio.visitor";
/** Refresh this long before the token's stated expiry. */
const EXPIRY_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

export interface VisitorIdentity {
  uid: string;
  idToken: string;
  refreshToken: string;
  /** Epoch ms when idToken expires. */
  expiresAt: number;
  /** Epoch ms of this visitor's last accepted submission (the rules' interval counts from it). */
  lastSubmittedAt?: number;
}

/** Auth REST endpoints: Google's, or the Auth emulator's (which serves the same paths). */
function authUrl(config: RuntimeConfig, host: "identitytoolkit" | "securetoken", path: string): string {
  const origin = config.emulators?.auth ? `${config.emulators.auth.replace(/\/+$/, "")}/${host}.googleapis.com` : `https://${host}.googleapis.com`;
  return `${origin}/v1/${path}?key=${encodeURIComponent(config.firebase.apiKey)}`;
}

export function readVisitorIdentity(): VisitorIdentity | null {
  const value = readStoredOrFormer(VISITOR_KEY, FORMER_VISITOR_KEY, JSON.parse) as Partial<VisitorIdentity> | null;
  return value && typeof value.uid === "string" && typeof value.refreshToken === "string" ? (value as VisitorIdentity) : null;
}

/** Keeps the identity; when the browser refuses (full or disabled) it lasts for this page only. */
export function saveVisitorIdentity(identity: VisitorIdentity): void {
  writeStored(VISITOR_KEY, identity);
}

async function post(url: string, body: Record<string, string | boolean>, form = false): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ContentError("unavailable", "The sign-in service cannot be reached right now. Check your connection and try again.", { cause: error });
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || json === null) {
    const reason = (json?.error as { message?: string } | undefined)?.message ?? `HTTP ${response.status}`;
    throw new ContentError(response.status >= 500 ? "unavailable" : "unknown", `Anonymous sign-in failed (${reason}). Please try again.`);
  }
  return json;
}

const expiry = (expiresIn: unknown) => Date.now() + Number(expiresIn ?? 3600) * 1000;

async function signUp(config: RuntimeConfig): Promise<VisitorIdentity> {
  const r = await post(authUrl(config, "identitytoolkit", "accounts:signUp"), { returnSecureToken: true });
  return { uid: String(r.localId), idToken: String(r.idToken), refreshToken: String(r.refreshToken), expiresAt: expiry(r.expiresIn) };
}

async function refresh(config: RuntimeConfig, identity: VisitorIdentity): Promise<VisitorIdentity> {
  const r = await post(authUrl(config, "securetoken", "token"), { grant_type: "refresh_token", refresh_token: identity.refreshToken }, true);
  return { ...identity, uid: String(r.user_id), idToken: String(r.id_token), refreshToken: String(r.refresh_token), expiresAt: expiry(r.expires_in) };
}

/** This browser's anonymous identity with a valid ID token: kept, refreshed, or new. */
export async function visitorIdentity(config: RuntimeConfig): Promise<VisitorIdentity> {
  const known = readVisitorIdentity();
  let identity: VisitorIdentity | null = known;
  if (identity && identity.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
    // A refresh token the server no longer knows (account deleted, emulator restarted): start over.
    identity = await refresh(config, identity).catch((error: unknown) => {
      if (isContentError(error) && error.code === "unavailable") throw error;
      return null;
    });
  }
  identity ??= await signUp(config);
  if (identity !== known) saveVisitorIdentity(identity);
  return identity;
}
