// What both local servers do at their HTTP edge, the same way: the request's URL, its body within
// a limit, an ID token's claims and the CORS preflight. Errors come out as the server's own coded
// errors (each keeps one catalogue of codes and statuses), made by the functions it passes.
import type http from "node:http";

/** How a server words the two ways a request's edge can be wrong. */
export interface EdgeErrors {
  badRequest(message: string): Error;
  tooBig(limit: number): Error;
}

/** The request's URL; a malformed one is the client's error, never a crash. */
export function requestUrl(req: http.IncomingMessage, errors: EdgeErrors): URL {
  try {
    return new URL(req.url ?? "/", "http://localhost");
  } catch {
    throw errors.badRequest("Malformed request URL");
  }
}

/**
 * The whole body, refused past `limit` bytes (at once when Content-Length says so), and refused
 * when the client goes away mid-body: nothing was received whole, so nothing is stored.
 */
export function readBody(req: http.IncomingMessage, limit: number, errors: EdgeErrors): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(errors.tooBig(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (!failed) reject(error);
      failed = true;
    };
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) fail(errors.tooBig(limit));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", fail);
    req.on("aborted", () => fail(errors.badRequest("The request body was cut off")));
  });
}

/** An ID token's subject and claims, or null when it cannot be read. */
export interface IdTokenClaims {
  uid: string;
  /** Every claim (custom claims such as `admin` included), `sub` set to the uid. */
  token: Record<string, unknown>;
}

/**
 * Auth-emulator ID tokens are unsigned JWTs (`alg: none`): decoded, never verified, never
 * expired here. Null for anything that is not such a token with a user id.
 */
export function decodeIdToken(token: unknown): IdTokenClaims | null {
  if (typeof token !== "string" || token.length > 16384) return null;
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

/** Answers a CORS preflight: the server's methods, and whatever headers the browser asks to send. */
export function answerPreflight(req: http.IncomingMessage, res: http.ServerResponse, methods: string, defaultHeaders: string): void {
  const asked = req.headers["access-control-request-headers"];
  res.writeHead(204, {
    "Access-Control-Allow-Methods": methods,
    "Access-Control-Allow-Headers": typeof asked === "string" && asked.length > 0 ? asked : defaultHeaders,
    "Access-Control-Max-Age": "600",
  });
  res.end();
}
