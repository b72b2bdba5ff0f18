import { useEffect, useState } from "react";
import { formatMoment } from "shared-content/admin";
import { StatusMessage } from "../ui";
import { RestorePrompt } from "./restore-prompt";
import { clearKeptSave, readKeptSave, type KeptSave } from "./kept-save";

export interface KeptSavePromptProps<F extends object> {
  /** Where the editor keeps its pending saves (`keptSaveKey`). */
  keepKey: string;
  /** "quote", "about section". */
  noun: string;
  /** The form's values now: a kept save equal to them is nothing to offer. */
  current: F;
  /** The record's revision now (null for a new record). */
  rev: number | null;
  /** Restore at once instead of asking (the owner chose Restore in the list already). */
  restoreNow?: boolean;
  /** A create's save landed after all (its reserved id is in the database): forget it. */
  landedAfterAll?: (id: string) => boolean;
  onRestore: (kept: KeptSave<F>) => void;
}

/**
 * Offered when an editor opens with a save this browser kept that the database never confirmed
 * (the tab was closed, the browser crashed or the page reloaded while it waited for the
 * network): restore it into the form (nothing is sent until Save), or discard it.
 */
export function KeptSavePrompt<F extends object>({ keepKey, noun, current, rev, restoreNow = false, landedAfterAll, onRestore }: KeptSavePromptProps<F>) {
  const [kept, setKept] = useState(() => {
    const found = readKeptSave(keepKey, current);
    if (found?.id && landedAfterAll?.(found.id)) {
      clearKeptSave(keepKey);
      return null;
    }
    return found && JSON.stringify(found.values) !== JSON.stringify(current) ? found : null;
  });
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restoreNow && kept) {
      onRestore(kept);
      setKept(null);
      setRestored(true);
    }
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (restored) return <StatusMessage kind="info">Restored the {noun} this browser kept. Check it and save it.</StatusMessage>;
  if (!kept) return null;
  const savedSince = rev !== null && kept.baseRev !== rev;
  return (
    <RestorePrompt
      restoreLabel="Restore it"
      discardLabel="Discard it"
      onRestore={() => {
        onRestore(kept);
        setKept(null);
        setRestored(true);
      }}
      onDiscard={() => {
        clearKeptSave(keepKey);
        setKept(null);
      }}
    >
      This browser kept a save of this {noun} from {formatMoment(kept.at)} that the database never confirmed (the page was closed or lost its connection while
      it was on its way).
      {savedSince ? " The record has been saved again since then: restoring puts that older input back over it." : ""} Restore it?
    </RestorePrompt>
  );
}
