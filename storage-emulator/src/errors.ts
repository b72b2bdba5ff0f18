// The server's errors carry a code; the terminal handler (http-handler.ts) answers each with the
// status from ERROR_STATUS and the JSON shape Firebase Storage uses: {"error": {code, message}}.

export type ErrorCode =
  | "bad_request"
  | "checksum_mismatch"
  | "unauthenticated"
  | "permission_denied"
  | "not_found"
  | "method_not_allowed"
  | "too_big"
  | "range_not_satisfiable"
  | "internal";

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  checksum_mismatch: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  too_big: 413,
  range_not_satisfiable: 416,
  internal: 500,
};

export class StorageError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers (Content-Range of a 416, X-Goog-Upload-Status of a refused upload). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new StorageError("bad_request", message);
export const notFound = (message: string) => new StorageError("not_found", message);
