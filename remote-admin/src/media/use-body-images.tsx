// Pictures in a markdown body (the post editor): paste, drop, or the "Insert image" button. Each
// picture is described (alt text) and uploaded like any other; while it uploads, a placeholder
// line holds its place at the cursor, replaced by ![alt](share JPEG URL) when it is stored and
// removed when it fails or is cancelled. A picture described but not inserted yet is inserted by
// the form's Save, at the same place (pending-pictures.tsx).
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { markdownAlt } from "shared-content/admin";
import { Button, StatusMessage } from "../ui";
import { AltTextField, usePendingAlt } from "./alt-text-field";
import { ACCEPT_IMAGES } from "./image-file-check";
import { usePendingPicture } from "./pending-pictures";
import { UploadStatus } from "./upload-progress";
import { heldPicture, useImageUpload } from "./use-image-upload";
import styles from "./media.module.css";

let placeholders = 0;

/** The text with `line` inserted as a paragraph of its own at `at`. */
export function insertLine(text: string, at: number, line: string): string {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  return `${before}${lead}${line}${trail}${after}`;
}

/** The text with `line` replaced (or removed with the blank lines it brought, when `by` is empty). */
export function replaceLine(text: string, line: string, by: string): string {
  if (by) return text.replace(line, by);
  return text.replace(new RegExp(`\\n{0,2}${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), "");
}

export interface BodyImagesOptions {
  value: string;
  onChange: (value: string) => void;
  /** The form field holding the text ("body"): a picture sent by the form's Save goes into it. */
  fieldKey: string;
}

export function useBodyImages({ value, onChange, fieldKey }: BodyImagesOptions) {
  const { state, choose, upload, cancel, reset } = useImageUpload();
  const { alt, setAlt, refuse, clearError, field: altField } = usePendingAlt();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const cursor = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altId = `body-image-alt${useId().replace(/:/g, "")}`;
  // The latest text, for an upload that finishes after more typing.
  const latest = useRef(value);
  latest.current = value;

  const take = (file: File | undefined) => {
    if (!file) return;
    cursor.current = source.current?.selectionStart ?? latest.current.length;
    setMessage(null);
    clearError();
    void choose(file);
  };

  const held = heldPicture(state);
  const name = held?.name ?? "image";
  const at = (text: string) => Math.min(cursor.current ?? text.length, text.length);
  const altProblem = () => {
    if (alt.trim()) return null;
    refuse("Describe the picture in the alt text: what would you tell someone who cannot see it?");
    document.getElementById(altId)?.focus();
    return `the picture “${name}” for the body has no alt text yet. Describe it, or discard it.`;
  };
  const inserted = () => {
    setMessage({ kind: "success", text: `Inserted “${name}” into the body.` });
    setAlt("");
  };

  const insert = async () => {
    if (altProblem()) return;
    const line = `![Uploading “${name.replace(/[[\]]/g, "")}”…](#uploading-${++placeholders})`;
    onChange(insertLine(latest.current, at(latest.current), line));
    const outcome = await upload(alt.trim());
    if ("stored" in outcome) {
      onChange(replaceLine(latest.current, line, `![${markdownAlt(outcome.stored.image.alt)}](${outcome.stored.url})`));
      inserted();
    } else {
      onChange(replaceLine(latest.current, line, ""));
    }
  };
  usePendingPicture(
    held
      ? {
          label: `the picture “${name}” for the body`,
          check: () => (held.ready ? altProblem() : `the picture “${name}” for the body is still being prepared. Save again in a moment.`),
          send: async () => {
            const outcome = await upload(alt.trim());
            if ("failed" in outcome) throw new Error(outcome.failed);
            inserted();
            const line = `![${markdownAlt(outcome.stored.image.alt)}](${outcome.stored.url})`;
            return (values) => {
              const text = String(values[fieldKey] ?? "");
              return { ...values, [fieldKey]: insertLine(text, at(text), line) };
            };
          },
        }
      : null,
  );

  const pending = state.phase === "ready" || (state.phase === "failed" && state.processed) ? state : null;
  const toolbar = (
    <div className={styles.upload}>
      <div className={styles.actions}>
        <Button size="small" onClick={() => fileInput.current?.click()} disabled={state.phase === "uploading"}>
          Insert image
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT_IMAGES}
          hidden
          aria-label="Choose an image to insert into the body"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <span className={styles.hint}>or paste or drop a picture into the text</span>
      </div>
      {pending && pending.preview ? (
        <div className={styles.pending}>
          <img src={pending.preview} alt={`Preview of “${pending.name ?? ""}”`} className={styles.focalImage} />
          <AltTextField id={altId} label="Alt text for the inserted image" {...altField} hint="Saving the post inserts it too, where the cursor was." />
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => void insert()}>
              Insert “{pending.name}”
            </Button>
            <Button onClick={reset}>Discard</Button>
          </div>
        </div>
      ) : null}
      <UploadStatus state={state} label="Uploading the inserted image" onCancel={cancel} />
      {message && state.phase === "idle" ? <StatusMessage kind={message.kind}>{message.text}</StatusMessage> : null}
    </div>
  );

  return { toolbar, sourceProps: { ref: source, ...fileDropHandlers(take) } };
}

/** A text area's paste and drop of a file: the file is taken, text is pasted and dropped as usual. */
function fileDropHandlers(take: (file: File) => void) {
  return {
    onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => {
      const file = [...e.clipboardData.files][0];
      if (!file) return;
      e.preventDefault();
      take(file);
    },
    onDragOver: (e: DragEvent<HTMLTextAreaElement>) => {
      if (e.dataTransfer.types.includes("Files")) e.preventDefault();
    },
    onDrop: (e: DragEvent<HTMLTextAreaElement>) => {
      const file = [...e.dataTransfer.files][0];
      if (!file) return;
      e.preventDefault();
      take(file);
    },
  };
}
