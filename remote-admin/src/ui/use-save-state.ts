import { useCallback, useEffect, useRef, useState } from "react";

/**
 * `pending`: the write is sent (or kept by the SDK until the connection returns) but the server
 * has not confirmed it for a while. `saved` only ever follows the server's confirmation.
 */
export type SaveStatus = "idle" | "saving" | "pending" | "saved" | "error";

/** How long a write runs before it is shown as waiting for the database. */
export const SAVE_PENDING_AFTER_MS = 3000;

/** True while a write runs and the server has not answered yet (saving or pending). */
export const isUnconfirmed = (status: SaveStatus) => status === "saving" || status === "pending";

export interface SaveState {
  status: SaveStatus;
  /** The specific message of the last failure, when status is "error". */
  error: string | null;
  /**
   * Runs one write: shows progress, "pending" when the server takes long, then success, or keeps
   * the failure message. Returns true when the write succeeded. Calls made while a write is
   * running are ignored (double clicks, and a retry while a slow save may still land).
   * `prepare` runs first (the form's pictures uploading, with their own progress): the wait for
   * the database is counted from the write only.
   */
  run: (write: () => Promise<unknown>, prepare?: () => Promise<unknown>) => Promise<boolean>;
  reset: () => void;
  /**
   * Drops a "Saved" note that no longer describes the form (it was edited again, or a submit
   * found errors), so it never stands beside a new validation message. Other states stay.
   */
  clearSaved: () => void;
}

/** Tracks the progress of a save. `describeError` turns a thrown error into a plain message. */
export function useSaveState(describeError: (error: unknown) => string = defaultDescribe): SaveState {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const describe = useRef(describeError);
  describe.current = describeError;
  const pendingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingTimer.current), []);

  const run = useCallback(async (write: () => Promise<unknown>, prepare?: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setStatus("saving");
    setError(null);
    try {
      if (prepare) await prepare();
      pendingTimer.current = setTimeout(() => setStatus((current) => (current === "saving" ? "pending" : current)), SAVE_PENDING_AFTER_MS);
      await write();
      setStatus("saved");
      return true;
    } catch (e) {
      setError(describe.current(e));
      setStatus("error");
      return false;
    } finally {
      clearTimeout(pendingTimer.current);
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => {
    setStatus("idle");
    setError(null);
  }, []);

  const clearSaved = useCallback(() => {
    setStatus((current) => (current === "saved" ? "idle" : current));
  }, []);

  return { status, error, run, reset, clearSaved };
}

function defaultDescribe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "The change could not be saved.";
}
