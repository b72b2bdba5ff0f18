import { useId, type Ref } from "react";
import type { ImportSummary } from "shared-content/admin";
import { countOf } from "../editors/collection-logic";
import { Button, CheckboxField, Panel, StatusMessage, UnsavedChangesGuard, useConfirm, type ConfirmOptions } from "../ui";
import type { ImportFormat } from "./import-plan";
import { changeCount, ImportSummaryView } from "./import-summary-view";
import { refusalOf, useImport, type ImportPreview, type ImportResult, type LoadedFile } from "./use-import";
import styles from "./data-tool.module.css";

const FORMATS: { value: ImportFormat; label: string; hint: string }[] = [
  { value: "auto", label: "Detect", hint: "Recognises this site's export and the older site's export." },
  { value: "current", label: "This site's export", hint: "A file made with Export above." },
  { value: "old-site", label: "Older site's export", hint: "A Realtime Database export of the previous version of the site; HTML becomes Markdown." },
];

/** The question asked before writing: how many changes, and a warning tone when records would be deleted. */
function importConfirmation(fileName: string, summary: ImportSummary): ConfirmOptions {
  return {
    title: "Import this file?",
    message: (
      <>
        This writes {countOf(changeCount(summary), "change")} from <strong>{fileName}</strong> in one operation: {summary.added.length} added,{" "}
        {summary.changed.length} changed, {summary.removed.length} removed.
        {summary.removed.length > 0 ? " Removed records are deleted." : ""} Export first if you may want them back.
      </>
    ),
    confirmLabel: "Import",
    cancelLabel: "Cancel",
    tone: summary.removed.length > 0 ? "danger" : "normal",
  };
}

function FormatChoice({ format, onChange }: { format: ImportFormat; onChange: (format: ImportFormat) => void }) {
  const formatName = `import-format-${useId().replace(/:/g, "")}`;
  return (
    <fieldset className={styles.fieldset}>
      <legend>File format</legend>
      {FORMATS.map((f) => (
        <div key={f.value} className={styles.radio}>
          <input
            type="radio"
            id={`${formatName}-${f.value}`}
            name={formatName}
            value={f.value}
            checked={format === f.value}
            onChange={() => onChange(f.value)}
            aria-describedby={`${formatName}-${f.value}-hint`}
          />
          <label htmlFor={`${formatName}-${f.value}`}>{f.label}</label>
          <span id={`${formatName}-${f.value}-hint`} className={styles.hint}>
            {f.hint}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

interface FileFieldProps {
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
  disabled: boolean;
  error: string | null;
}

function FileField({ inputRef, onChoose, disabled, error }: FileFieldProps) {
  const inputId = `import-file-${useId().replace(/:/g, "")}`;
  return (
    <div className={styles.fileField}>
      <label htmlFor={inputId} className={styles.label}>
        JSON file
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="application/json,.json"
        onChange={(e) => onChoose(e.target.files?.[0])}
        disabled={disabled}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ImportPreviewViewProps {
  loaded: LoadedFile;
  preview: ImportPreview;
  leftOut: string[];
  reading: boolean;
  writing: boolean;
  onImport: () => void;
  onLeaveOutInvalid: () => void;
  onRecheck: () => void;
  onCancel: () => void;
}

/** What the import would do, why it cannot (invalid records, nothing to change), and the buttons to go on. */
function ImportPreviewView({ loaded, preview, leftOut, reading, writing, onImport, onLeaveOutInvalid, onRecheck, onCancel }: ImportPreviewViewProps) {
  const invalid = preview.summary.invalid;
  const changes = changeCount(preview.summary);
  const canImport = invalid.length === 0 && changes > 0 && !writing;
  return (
    <div className={styles.preview}>
      <p>
        <strong>{loaded.fileName}</strong>:{" "}
        {preview.format === "old-site" ? "an export of the older site, converted to this site's format." : "this site's export format."}
      </p>
      <ImportSummaryView summary={preview.summary} notes={preview.notes} heading="What the import would do" />
      {invalid.length > 0 ? (
        <StatusMessage kind="error">
          The file has {countOf(invalid.length, "invalid record")}, so nothing can be imported. Fix them in the file and choose it again
          {preview.format === "old-site" ? ", or leave them out and import the rest" : ""}.
        </StatusMessage>
      ) : changes === 0 ? (
        <StatusMessage kind="info">Nothing to import: the file matches the current content.</StatusMessage>
      ) : null}
      {leftOut.length > 0 ? (
        <StatusMessage kind="warning">
          Left out {countOf(leftOut.length, "invalid record")}; they stay as they are on the site: {leftOut.join(", ")}.
        </StatusMessage>
      ) : null}
      <div className={styles.row}>
        <Button variant="primary" onClick={onImport} disabled={!canImport} aria-busy={writing || undefined}>
          {writing ? "Importing…" : `Import ${countOf(changes, "change")}`}
        </Button>
        {invalid.length > 0 && preview.format === "old-site" ? <Button onClick={onLeaveOutInvalid}>Leave out the invalid records</Button> : null}
        <Button onClick={onRecheck} disabled={reading || writing}>
          Compare again
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={writing}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ImportResultMessage({ result }: { result: ImportResult }) {
  if (result.kind === "error") return <StatusMessage kind="error">{result.message}</StatusMessage>;
  if (result.kind !== "done") return null;
  return (
    <div className={styles.preview}>
      <StatusMessage kind="success">
        Imported {result.fileName}: {result.summary.added.length} added, {result.summary.changed.length} changed, {result.summary.removed.length} removed.
        {result.differed ? " The content had changed since the preview, so the numbers differ from it." : ""}
      </StatusMessage>
    </div>
  );
}

export function ImportPanel() {
  const { confirm, dialog } = useConfirm();
  const io = useImport((fileName, summary) => confirm(importConfirmation(fileName, summary)));
  const { loaded, preview, reading, writing, options } = io;
  // A file that is not an export at all is refused as such, next to the field, with no summary.
  const refusal = refusalOf(loaded, preview);

  return (
    <Panel title="Import">
      {dialog}
      <UnsavedChangesGuard when={!!loaded && !refusal && !writing} what="the import you have not confirmed" />
      <p>
        Choose a JSON file. It is checked against the content rules and compared with what is on the site now; you see what would be added, changed and removed
        before anything is written. Confirming writes it all in one operation.
      </p>
      <FormatChoice format={options.format} onChange={io.setFormat} />
      <CheckboxField
        label="Keep records that are not in the file"
        checked={options.keep}
        onChange={io.setKeep}
        hint="Off: each section in the file replaces that section on the site. On: nothing is removed."
      />
      <FileField inputRef={io.fileInput} onChoose={(file) => void io.chooseFile(file)} disabled={reading || writing} error={io.fileError ?? refusal} />
      {reading ? <StatusMessage kind="info">Reading the file and the current content…</StatusMessage> : null}
      {loaded && preview && !refusal ? (
        <ImportPreviewView
          loaded={loaded}
          preview={preview}
          leftOut={options.leftOut}
          reading={reading}
          writing={writing}
          onImport={() => void io.runImport()}
          onLeaveOutInvalid={io.leaveOutInvalid}
          onRecheck={() => void io.recheck()}
          onCancel={io.reset}
        />
      ) : null}
      <ImportResultMessage result={io.result} />
    </Panel>
  );
}
