import { useEffect, useRef, useState } from "react";
import { Button, StatusMessage, UnsavedChangesGuard } from "../ui";
import type { RecordEditor } from "./use-record-editor";

export interface EditorNoticesProps<F> {
  editor: RecordEditor<F>;
  /** "post", "quote", "about section". */
  noun: string;
  /** What a leave-confirmation names, e.g. "your changes to this post". */
  what: string;
  /** Discard the edits and load the newer version (defaults to the form's loadLatest). */
  onLoadLatest?: () => void;
  /** Keep the input as a new record (collections, posts). */
  onSaveAsNew?: () => void;
  /** The user's text, for "Copy my text" (offered when a save is refused). */
  copyText?: () => string;
}

/**
 * What every editor says about its record's state: the unsaved-changes guard (also on while a
 * save is unconfirmed), "changed elsewhere" with Load the newer version, "deleted elsewhere"
 * keeping the input, and ways to keep the user's text. When a save is refused, the notice takes
 * the focus and scrolls into view, wherever the user was in the form.
 */
export function EditorNotices<F>({ editor, noun, what, onLoadLatest, onSaveAsNew, copyText }: EditorNoticesProps<F>) {
  const { form, unconfirmed, deletedElsewhere, refused } = editor;
  const noticeRef = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!refused) return;
    noticeRef.current?.focus();
    noticeRef.current?.scrollIntoView?.({ block: "center" });
  }, [refused]);
  useEffect(() => setCopied(null), [form.values]);

  const copy = async () => {
    if (!copyText) return;
    try {
      await navigator.clipboard.writeText(copyText());
      setCopied("Copied your text to the clipboard.");
    } catch {
      setCopied("Could not copy to the clipboard; select the text in the form and copy it by hand.");
    }
  };
  const keepActions = (
    <>
      {onSaveAsNew ? <Button onClick={onSaveAsNew}>Save as a new {noun}</Button> : null}
      {copyText ? <Button onClick={() => void copy()}>Copy my text</Button> : null}
    </>
  );
  const changed = !deletedElsewhere && (form.changedElsewhere || refused);
  return (
    <>
      <UnsavedChangesGuard when={editor.guarded} what={unconfirmed ? "a save the database has not confirmed yet" : what} />
      {deletedElsewhere || changed ? (
        <div ref={noticeRef} tabIndex={-1} data-editor-notice="">
          {deletedElsewhere ? (
            <StatusMessage kind="warning" action={keepActions}>
              This {noun} was deleted elsewhere while you were editing. Your input is kept below; saving it as it is would be refused.
            </StatusMessage>
          ) : (
            <StatusMessage
              kind="warning"
              action={
                <>
                  <Button onClick={onLoadLatest ?? form.loadLatest}>Load the newer version (discard my edits)</Button>
                  {keepActions}
                </>
              }
            >
              This {noun} was changed elsewhere while you were editing. Saving now would be refused so that the newer change is not overwritten. Your input is
              kept below.
            </StatusMessage>
          )}
          {copied ? <StatusMessage kind="info">{copied}</StatusMessage> : null}
        </div>
      ) : null}
    </>
  );
}
