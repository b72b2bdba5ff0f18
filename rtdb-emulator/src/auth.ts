// Auth-emulator ID tokens are unsigned JWTs (`alg: none`): decode, never verify, never expire.
import type { AuthContext } from "./rules.js";

export function decodeIdToken(token: unknown): AuthContext | null {
  if (typeof token !== "string" || token.length > 16384) return null;
  const parts = token.split(".");
  if (parts.length < 2) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof claims !== "object" || claims === null) return null;
    const uid = claims["user_id"] ?? claims["uid"] ?? claims["sub"];
    if (typeof uid !== "string" || uid.length === 0) return null;
    const firebase = claims["firebase"];
    const provider =
      typeof firebase === "object" && firebase !== null && typeof (firebase as Record<string, unknown>)["sign_in_provider"] === "string"
        ? ((firebase as Record<string, unknown>)["sign_in_provider"] as string)
        : "custom";
    return { uid, provider, token: { ...claims, sub: uid } };
  } catch {
    return null;
  }
}
