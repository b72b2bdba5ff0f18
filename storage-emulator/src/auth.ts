// Who a request acts as. The SDK sends `Authorization: Firebase <ID token>`; REST tools send
// `Bearer <token>`. "owner" (what connectStorageEmulator's mockUserToken: "owner" and the
// scripts send) bypasses the rules, as in rtdb-emulator. Auth-emulator ID tokens are unsigned
// JWTs (`alg: none`): decoded, never verified, never expired here.
import type http from "node:http";
import { decodeIdToken, type IdTokenClaims } from "local-server-kit";
import { StorageError } from "./errors.js";

/** The signed-in user: the uid and every claim of the ID token (custom claims such as `admin` included). */
export type AuthContext = IdTokenClaims;

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
