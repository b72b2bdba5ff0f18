import { useCallback, useRef, useState } from "react";

export type SaveStatus = "idle" | "saving" | "saved" | "error";

export interface SaveState {
  status: SaveStatus;
  /** The specific message of the last failure, when status is "error". */
  error: string | null;
  /**
   * Runs one write: shows progress, then success, or keeps the failure message. Returns true
   * when the write succeeded. Calls made while a write is running are ignored (double clicks).
   */
  run: (write: () => Promise<unknown>) => Promise<boolean>;
  reset: () => void;
  /** Marks as saved a write that was reported as failed but reached the database later. */
  landed: () => void;
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

  const run = useCallback(async (write: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setStatus("saving");
    setError(null);
    try {
      await write();
      setStatus("saved");
      return true;
    } catch (e) {
      setError(describe.current(e));
      setStatus("error");
      return false;
    } finally {
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => {
    setStatus("idle");
    setError(null);
  }, []);

  /** A write reported as failed reached the database after all (see useRecordForm's onLanded). */
  const landed = useCallback(() => {
    setStatus("saved");
    setError(null);
  }, []);

  const clearSaved = useCallback(() => {
    setStatus((current) => (current === "saved" ? "idle" : current));
  }, []);

  return { status, error, run, reset, landed, clearSaved };
}

function defaultDescribe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "The change could not be saved.";
}
