import { useDeferredValue, useId, useMemo, useRef, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";
import { Field, withLengthNote } from "./field";
import fieldStyles from "./field.module.css";
import styles from "./markdown-editor.module.css";

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Renders the preview. Pass shared-content's `<Markdown>` so the preview is exactly what the
   * public page shows, e.g. `renderPreview={(md) => <Markdown source={md} />}`.
   */
  renderPreview: (markdown: string) => ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  /** The limit, shown as you type (never applied by cutting the text); past it the preview pauses. */
  maxLength?: number;
  id?: string;
  /** Shown above the text (e.g. the post body's Insert image), and the text area's extra handlers (paste, drop). */
  toolbar?: ReactNode;
  sourceProps?: Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, "onPaste" | "onDrop" | "onDragOver"> & { ref?: Ref<HTMLTextAreaElement> };
}

/**
 * Markdown source on the left, live preview on the right (stacked on narrow screens). The
 * preview renders a deferred copy of the text, only when that copy changes, so typing stays
 * responsive on long posts; a text over the limit (a huge paste) is not rendered at all.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  renderPreview,
  error,
  hint,
  required,
  rows = 16,
  maxLength,
  id,
  toolbar,
  sourceProps,
}: MarkdownEditorProps) {
  const autoId = useId();
  const controlId = id ?? `md${autoId.replace(/:/g, "")}`;
  const previewHeadingId = `${controlId}-preview-heading`;
  const deferred = useDeferredValue(value);
  const render = useRef(renderPreview);
  render.current = renderPreview;
  const tooLong = maxLength !== undefined && deferred.length > maxLength;
  const preview = useMemo(
    () =>
      tooLong ? (
        <p className={fieldStyles.hint}>The preview is paused while the text is over the limit.</p>
      ) : deferred.trim() ? (
        render.current(deferred)
      ) : (
        <p className={fieldStyles.hint}>Nothing to preview yet.</p>
      ),
    [deferred, tooLong],
  );
  return (
    <div className={styles.editor}>
      <Field label={label} error={error} hint={withLengthNote(hint, value, maxLength)} required={required} id={controlId}>
        {(control) => (
          <>
            {toolbar}
            <textarea
              {...sourceProps}
              {...control}
              className={`${fieldStyles.textarea} ${styles.source}`}
              value={value}
              rows={rows}
              required={required}
              // Spell checking a text past the limit (a huge paste) keeps the browser busy for seconds.
              spellCheck={maxLength === undefined || value.length <= maxLength}
              onChange={(e) => onChange(e.target.value)}
            />
          </>
        )}
      </Field>
      <section className={fieldStyles.field} aria-labelledby={previewHeadingId}>
        <h3 id={previewHeadingId} className={styles.label}>
          Preview
        </h3>
        <div className={styles.preview} data-testid="markdown-preview">
          {preview}
        </div>
      </section>
    </div>
  );
}
