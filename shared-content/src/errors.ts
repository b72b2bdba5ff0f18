// Database failures mapped to a code and a plain message a screen can show as is.
import type { FieldErrors } from "./schemas";

export type ContentErrorCode = "permission-denied" | "unavailable" | "conflict" | "invalid" | "not-found" | "unknown";

const MESSAGES: Record<ContentErrorCode, string> = {
  "permission-denied": "You do not have permission to do this.",
  unavailable: "The database cannot be reached right now. Check your connection and try again.",
  conflict: "This was changed elsewhere since you opened it. Reload to see the newer version; your edits were not saved.",
  invalid: "Some fields are not valid.",
  "not-found": "This item no longer exists.",
  unknown: "Something went wrong. Please try again.",
};

/**
 * Carried by every ContentError. Errors are recognised by this mark and their `code`, never by
 * `instanceof`: each federated bundle may hold its own copy of these classes.
 */
const CONTENT_ERROR = "content-error";

export class ContentError extends Error {
  readonly kind = CONTENT_ERROR;
  readonly code: ContentErrorCode;
  /** Field problems when code is "invalid". */
  readonly fields: FieldErrors;
  constructor(code: ContentErrorCode, message?: string, options?: { cause?: unknown; fields?: FieldErrors }) {
    super(message ?? MESSAGES[code], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ContentError";
    this.code = code;
    this.fields = options?.fields ?? {};
  }
}

/** Thrown by a compare-and-set save when the record changed (or vanished) since it was read. */
export class ConflictError extends ContentError {
  /** The record's current revision, or null when it was deleted. */
  readonly currentRev: number | null;
  constructor(path: string, currentRev: number | null) {
    super("conflict", currentRev === null ? "This item was deleted elsewhere since you opened it; your edits were not saved." : MESSAGES.conflict);
    this.name = "ConflictError";
    this.currentRev = currentRev;
    this.path = path;
  }
  readonly path: string;
}

export function isContentError(error: unknown): error is ContentError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { kind?: unknown }).kind === CONTENT_ERROR &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

/** A compare-and-set refusal (code "conflict" with the record's current revision). */
export function isConflictError(error: unknown): error is ConflictError {
  return isContentError(error) && error.code === "conflict" && "currentRev" in error;
}

/** Map anything the SDK throws (or a ContentError) to a ContentError. */
export function toContentError(error: unknown): ContentError {
  if (isContentError(error)) return error;
  const text = `${(error as { code?: unknown } | null)?.code ?? ""} ${error instanceof Error ? error.message : String(error)}`.toLowerCase();
  if (text.includes("permission_denied") || text.includes("permission-denied") || text.includes("permission denied")) {
    return new ContentError("permission-denied", undefined, { cause: error });
  }
  if (
    text.includes("unavailable") ||
    text.includes("network") ||
    text.includes("disconnect") ||
    text.includes("offline") ||
    text.includes("timed out") ||
    text.includes("timeout")
  ) {
    return new ContentError("unavailable", undefined, { cause: error });
  }
  // The database was never set up (shared-auth's initFirebase did not run): nothing to reach.
  if (text.includes("initfirebase") || text.includes("not initialised") || text.includes("not initialized") || text.includes("no firebase app")) {
    return new ContentError("unavailable", undefined, { cause: error });
  }
  return new ContentError("unknown", undefined, { cause: error });
}

/**
 * The sentence for a read that failed, e.g. loadFailureMessage("The blog posts", error):
 * "The blog posts could not be loaded: access was denied." Every screen words it this way.
 */
export function loadFailureMessage(what: string, error: unknown): string {
  return toContentError(error).code === "permission-denied"
    ? `${what} could not be loaded: access was denied.`
    : `${what} could not be loaded. Check your connection and try again.`;
}

/** A plain message for any error from this package or the SDK. */
export function contentErrorMessage(error: unknown): string {
  return toContentError(error).message;
}
