import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, StatusMessage, UnsavedChangesGuard, useConfirm } from "../ui";
import { overwriteQuestion } from "./overwrite-question";
import type { RecordEditor } from "./use-record-editor";
import styles from "./editor-notices.module.css";

export interface EditorNoticesProps<F> {
  editor: RecordEditor<F>;
  /** "post", "quote", "about section". */
  noun: string;
  /** What a leave-confirmation names, e.g. "your changes to this post". */
  what: string;
  /** Keep the input as a new record (collections, posts). */
  onSaveAsNew?: () => void;
  /** The user's text, for "Copy my text" (offered when a save is refused). */
  copyText?: () => string;
}

/** "Copy my text", with what it did. */
function useCopyText<F>(editor: RecordEditor<F>, copyText: (() => string) | undefined) {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => setCopied(null), [editor.form.values]);
  const copy = async () => {
    if (!copyText) return;
    try {
      await navigator.clipboard.writeText(copyText());
      setCopied("Copied your text to the clipboard.");
    } catch {
      setCopied("Could not copy to the clipboard; select the text in the form and copy it by hand.");
    }
  };
  const button = copyText ? (
    <Button size="small" onClick={() => void copy()}>
      Copy my text
    </Button>
  ) : null;
  return { button, copied: copied ? <StatusMessage kind="info">{copied}</StatusMessage> : null };
}

/**
 * What every editor says at its top about its record's state: the unsaved-changes guard (also
 * on while a save is unconfirmed), and "deleted elsewhere" keeping the input, with ways to keep
 * it. (A change made elsewhere is told where the owner is: `ConflictNotice`, by the Save button.)
 */
export function EditorNotices<F>({ editor, noun, what, onSaveAsNew, copyText }: EditorNoticesProps<F>) {
  const { unconfirmed, deletedElsewhere, refused } = editor;
  const noticeRef = useRef<HTMLDivElement>(null);
  const { button: copyButton, copied } = useCopyText(editor, copyText);
  useEffect(() => {
    if (!refused || !deletedElsewhere) return;
    noticeRef.current?.focus();
    noticeRef.current?.scrollIntoView?.({ block: "center" });
  }, [refused, deletedElsewhere]);
  return (
    <>
      <UnsavedChangesGuard when={editor.guarded} what={unconfirmed ? "a save the database has not confirmed yet" : what} />
      {deletedElsewhere ? (
        <div ref={noticeRef} tabIndex={-1} data-editor-notice="">
          <StatusMessage
            kind="warning"
            action={
              <>
                {onSaveAsNew ? <Button onClick={onSaveAsNew}>Save as a new {noun}</Button> : null}
                {copyButton}
              </>
            }
          >
            This {noun} was deleted elsewhere while you were editing. Your input is kept below; saving it as it is would be refused.
          </StatusMessage>
          {copied}
        </div>
      ) : null}
    </>
  );
}

export interface ConflictNoticeProps<F extends object> {
  editor: RecordEditor<F>;
  noun: string;
  /** Discard the edits and load the newer version (defaults to the form's loadLatest). */
  onLoadLatest?: () => void;
  /** Save the form over the stored revision given ("Keep mine", after the owner saw what it replaces). */
  onKeepMine?: (storedRev: number) => void;
  /** Where the replaced version goes, for the question before "Keep mine" (posts: their earlier versions). */
  keptWhere?: string;
  /** Field names as the form labels them, for that question. */
  labels?: Record<string, string>;
  copyText?: () => string;
  /** Shown in the live region when there is no conflict (the save's own state, for instance). */
  children?: ReactNode;
}

/**
 * "Changed elsewhere", where the owner is: rendered by the Save button, in a bar that stays at
 * the bottom of the window while the form scrolls, inside a polite live region (announced
 * without taking the focus from someone typing). When a save is refused the notice takes the
 * focus without scrolling (it is in view already). Its ways out: load theirs, keep mine (after
 * seeing what it replaces), copy mine. A refused save's message is part of the notice (the
 * editor's `saveError` leaves it out beside the buttons), so the bar holds one block, not two.
 */
export function ConflictNotice<F extends object>({ editor, noun, onLoadLatest, onKeepMine, keptWhere, labels, copyText, children }: ConflictNoticeProps<F>) {
  const { form, deletedElsewhere, refused, stored, storedRev, unconfirmed } = editor;
  const noticeRef = useRef<HTMLDivElement>(null);
  const { button: copyButton, copied } = useCopyText(editor, copyText);
  const { confirm, dialog } = useConfirm();
  const changed = !deletedElsewhere && (form.changedElsewhere || refused);
  useEffect(() => {
    if (refused && changed) noticeRef.current?.focus({ preventScroll: true });
  }, [refused, changed]);

  const keepMine = async () => {
    if (!onKeepMine || stored === null || storedRev === null) return;
    const rev = storedRev;
    if (await confirm(overwriteQuestion({ noun, theirs: stored, mine: form.values, labels, keptWhere }))) onKeepMine(rev);
  };
  return (
    <>
      {dialog}
      <div role="status" className={changed ? styles.bar : undefined}>
        {changed ? (
          <div ref={noticeRef} tabIndex={-1} data-editor-notice="" className={styles.notice}>
            <p className={styles.text}>
              <strong>This {noun} was changed elsewhere while you were editing.</strong>{" "}
              {/* A refused save is told here, in the one notice, not again beside the buttons (saveError). */}
              {refused && editor.save.error ? (
                <span role="alert">{editor.save.error}</span>
              ) : (
                "Saving as it is would be refused, so that their change is not overwritten. Your input is kept."
              )}
            </p>
            <div className={styles.actions}>
              <Button size="small" onClick={onLoadLatest ?? form.loadLatest} disabled={unconfirmed}>
                Load the newer version (discard my edits)
              </Button>
              {onKeepMine && stored !== null ? (
                <Button size="small" onClick={() => void keepMine()} disabled={unconfirmed}>
                  Keep mine (save over theirs)…
                </Button>
              ) : null}
              {copyButton}
            </div>
            {copied}
          </div>
        ) : (
          children
        )}
      </div>
    </>
  );
}
