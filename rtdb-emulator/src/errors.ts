// The server's errors carry a code: the wire protocol answers with the code itself, HTTP with
// the status that `ERROR_STATUS` (beside the terminal handler, http-handler.ts) gives it.

export type ErrorCode =
  | "invalid_request"
  | "too_big"
  | "permission_denied"
  | "datastale"
  | "internal_error"
  | "not_found"
  | "method_not_allowed"
  | "unavailable";

export class CodedError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
