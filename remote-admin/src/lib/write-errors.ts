import { isConflictError, isContentError, toContentError } from "shared-content/admin";
import { PictureNotSentError } from "../media/pending-pictures";

/**
 * A specific, plain message for a failed write. Conflicts say that nothing was overwritten;
 * invalid input lists the first field problem; denials and outages say what happened.
 */
export function describeWriteError(error: unknown): string {
  // Names the picture and what to do; nothing was written.
  if (error instanceof PictureNotSentError) return error.message;
  if (isConflictError(error)) {
    return error.currentRev === null
      ? "Not saved: this item was deleted elsewhere after you opened it. Your input is kept in the form."
      : "Not saved: someone changed this item elsewhere after you opened it, and saving would overwrite it. Your input is kept in the form.";
  }
  const e = isContentError(error) ? error : toContentError(error);
  switch (e.code) {
    case "permission-denied":
      return "Not saved: the database refused the write (permission denied). Only administrators can change content; try signing in again.";
    case "unavailable":
      return `Not saved: ${e.message}`;
    case "invalid": {
      const first = Object.entries(e.fields)[0];
      return first ? `Not saved: ${first[0] ? `${first[0]}: ` : ""}${first[1]}` : `Not saved: ${e.message}`;
    }
    case "conflict":
      return `Not saved: ${e.message}`;
    case "not-found":
      return e.message;
    default:
      return `Not saved: ${e.message}`;
  }
}
