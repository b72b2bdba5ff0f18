// Auth-emulator ID tokens, decoded by the kit as for the Storage server, with the sign-in
// provider the rules' auth.provider reads.
import { decodeIdToken as decodeClaims } from "local-server-kit";
import type { AuthContext } from "./rules.js";

export function decodeIdToken(token: unknown): AuthContext | null {
  const decoded = decodeClaims(token);
  if (!decoded) return null;
  const firebase = decoded.token["firebase"];
  const provider =
    typeof firebase === "object" && firebase !== null && typeof (firebase as Record<string, unknown>)["sign_in_provider"] === "string"
      ? ((firebase as Record<string, unknown>)["sign_in_provider"] as string)
      : "custom";
  return { uid: decoded.uid, provider, token: decoded.token };
}
