// Who a request acts as. The SDK sends `Authorization: Firebase <ID token>`; REST tools send
// `Bearer <token>`. "owner" (what connectStorageEmulator's mockUserToken: "owner" and the
// scripts send) bypasses the rules, as in rtdb-emulator. Auth-emulator ID tokens are unsigned
// JWTs (`alg: none`): decoded, never verified, never expired here.
import type http from "node:http";
import { StorageError } from "./errors.js";

export interface AuthContext {
  uid: string;
  /** Every claim of the ID token (custom claims such as `admin` included). */
  token: Record<string, unknown>;
}

/** "owner", a signed-in user, or null for a visitor without credentials. */
export type Actor = "owner" | AuthContext | null;

export function actorOf(req: http.IncomingMessage): Actor {
  const header = req.headers.authorization;
  if (header === undefined || header === "") return null;
  const match = /^(Firebase|Bearer)\s+(\S+)$/i.exec(header);
  if (!match) throw new StorageError("unauthenticated", 'The Authorization header must be "Firebase <ID token>" or "Bearer <ID token>"');
  const token = match[2]!;
  if (token === "owner") return "owner";
  const auth = decodeIdToken(token);
  if (!auth) throw new StorageError("unauthenticated", "The Authorization header does not hold a readable ID token");
  return auth;
}

export function decodeIdToken(token: string): AuthContext | null {
  if (token.length > 16384) return null;
  const parts = token.split(".");
  if (parts.length < 2) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
    const record = claims as Record<string, unknown>;
    const uid = record["user_id"] ?? record["uid"] ?? record["sub"];
    if (typeof uid !== "string" || uid.length === 0) return null;
    return { uid, token: { ...record, sub: uid } };
  } catch {
    return null;
  }
}
