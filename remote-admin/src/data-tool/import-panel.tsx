import { useId, useMemo, useRef, useState, type ChangeEvent } from "react";
import { analyseImport, contentErrorMessage, exportAll, importAll, type ContentTree, type ImportSummary } from "shared-content/admin";
import { Button, CheckboxField, Panel, StatusMessage, UnsavedChangesGuard, useConfirm } from "../ui";
import { keepRecordsNotInFile, leaveRecordsAsTheyAre, parseImportFile, prepareImport, type ImportFormat } from "./import-plan";
import { changeCount, ImportSummaryView } from "./import-summary-view";
import { isOldSiteExport } from "./old-site";
import styles from "./data-tool.module.css";

interface Loaded {
  fileName: string;
  parsed: unknown;
  /** The content as it was when the file was chosen (what the preview compares with). */
  current: ContentTree;
}

type Result = { kind: "none" } | { kind: "error"; message: string } | { kind: "done"; fileName: string; summary: ImportSummary; differed: boolean };

// Far above any real export (every limit of the schemas filled would not reach it); stops a
// wrong file from freezing the tab while it is parsed.
const MAX_FILE_BYTES = 50 * 1024 * 1024;

const FORMATS: { value: ImportFormat; label: string; hint: string }[] = [
  { value: "auto", label: "Detect", hint: "Recognises this site's export and the older site's export." },
  { value: "current", label: "This site's export", hint: "A file made with Export above." },
  { value: "old-site", label: "Older site's export", hint: "A Realtime Database export of the previous version of the site; HTML becomes Markdown." },
];

/** Blob.text() where present; FileReader otherwise (older engines, jsdom). */
function readText(file: File): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsText(file);
  });
}

export function ImportPanel() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reading, setReading] = useState(false);
  const [writing, setWriting] = useState(false);
  const [format, setFormat] = useState<ImportFormat>("auto");
  const [keep, setKeep] = useState(false);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>({ kind: "none" });
  const fileInput = useRef<HTMLInputElement>(null);
  const { confirm, dialog } = useConfirm();
  const inputId = `import-file-${useId().replace(/:/g, "")}`;
  const formatName = `import-format-${useId().replace(/:/g, "")}`;

  // The preview is pure: it is recomputed as the options change, without reading again.
  const preview = useMemo(() => {
    if (!loaded) return null;
    const prepared = prepareImport(loaded.parsed, format, loaded.current);
    let tree = prepared.tree;
    if (keep) tree = keepRecordsNotInFile(tree, loaded.current);
    if (leftOut.length > 0) tree = leaveRecordsAsTheyAre(tree, leftOut, loaded.current);
    const plan = analyseImport(tree, loaded.current);
    return { tree, notes: prepared.notes, format: prepared.format, summary: plan.summary };
  }, [loaded, format, keep, leftOut]);

  const reset = () => {
    setLoaded(null);
    setLeftOut([]);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setResult({ kind: "none" });
    setLeftOut([]);
    setLoaded(null);
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(`${file.name}: the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, which is more than this site's content can be.`);
      return;
    }
    setReading(true);
    try {
      const parsed = parseImportFile(await readText(file));
      if (!parsed.ok) {
        setFileError(`${file.name}: ${parsed.message}`);
        return;
      }
      const current = await exportAll();
      setLoaded({ fileName: file.name, parsed: parsed.value, current });
    } catch (error) {
      setFileError(contentErrorMessage(error));
    } finally {
      setReading(false);
    }
  };

  const onImport = async () => {
    if (!loaded || !preview) return;
    const { summary } = preview;
    const ok = await confirm({
      title: "Import this file?",
      message: (
        <>
          This writes {changeCount(summary)} change(s) from <strong>{loaded.fileName}</strong> in one operation: {summary.added.length} added,{" "}
          {summary.changed.length} changed, {summary.removed.length} removed.
          {summary.removed.length > 0 ? " Removed records are deleted." : ""} Export first if you may want them back.
        </>
      ),
      confirmLabel: "Import",
      cancelLabel: "Cancel",
      tone: summary.removed.length > 0 ? "danger" : "normal",
    });
    if (!ok) return;
    setWriting(true);
    try {
      const written = await importAll(preview.tree);
      const differed = changeCount(written) !== changeCount(summary) || written.removed.length !== summary.removed.length;
      setResult({ kind: "done", fileName: loaded.fileName, summary: written, differed });
      reset();
    } catch (error) {
      setResult({ kind: "error", message: `Nothing was imported. ${contentErrorMessage(error)}` });
    } finally {
      setWriting(false);
    }
  };

  const recheck = async () => {
    if (!loaded) return;
    setResult({ kind: "none" });
    setReading(true);
    try {
      setLoaded({ ...loaded, current: await exportAll() });
    } catch (error) {
      setResult({ kind: "error", message: contentErrorMessage(error) });
    } finally {
      setReading(false);
    }
  };

  // A file that is not an export at all is refused as such, next to the field, with no summary.
  const refusal =
    loaded && preview?.summary.notAnExport
      ? `${loaded.fileName}: ${preview.summary.notAnExport}${preview.format === "current" && isOldSiteExport(loaded.parsed) ? " It looks like an export of the older site: choose “Detect” or “Older site's export” above." : ""}`
      : null;
  const shownError = fileError ?? refusal;
  const invalid = preview?.summary.invalid ?? [];
  const changes = preview ? changeCount(preview.summary) : 0;
  const canImport = !!preview && invalid.length === 0 && changes > 0 && !writing;

  return (
    <Panel title="Import">
      {dialog}
      <UnsavedChangesGuard when={!!loaded && !refusal && !writing} what="the import you have not confirmed" />
      <p>
        Choose a JSON file. It is checked against the content rules and compared with what is on the site now; you see what would be added, changed and removed
        before anything is written. Confirming writes it all in one operation.
      </p>
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
              onChange={() => {
                setFormat(f.value);
                setLeftOut([]);
              }}
              aria-describedby={`${formatName}-${f.value}-hint`}
            />
            <label htmlFor={`${formatName}-${f.value}`}>{f.label}</label>
            <span id={`${formatName}-${f.value}-hint`} className={styles.hint}>
              {f.hint}
            </span>
          </div>
        ))}
      </fieldset>
      <CheckboxField
        label="Keep records that are not in the file"
        checked={keep}
        onChange={setKeep}
        hint="Off: each section in the file replaces that section on the site. On: nothing is removed."
      />
      <div className={styles.fileField}>
        <label htmlFor={inputId} className={styles.label}>
          JSON file
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="application/json,.json"
          onChange={(e) => void onFile(e)}
          disabled={reading || writing}
          aria-describedby={shownError ? `${inputId}-error` : undefined}
        />
        {shownError ? (
          <p id={`${inputId}-error`} role="alert" className={styles.error}>
            {shownError}
          </p>
        ) : null}
      </div>
      {reading ? <StatusMessage kind="info">Reading the file and the current content…</StatusMessage> : null}

      {loaded && preview && !refusal ? (
        <div className={styles.preview}>
          <p>
            <strong>{loaded.fileName}</strong>:{" "}
            {preview.format === "old-site" ? "an export of the older site, converted to this site's format." : "this site's export format."}
          </p>
          <ImportSummaryView summary={preview.summary} notes={preview.notes} heading="What the import would do" />
          {invalid.length > 0 ? (
            <StatusMessage kind="error">
              The file has {invalid.length} invalid record(s), so nothing can be imported. Fix them in the file and choose it again
              {preview.format === "old-site" ? ", or leave them out and import the rest" : ""}.
            </StatusMessage>
          ) : changes === 0 ? (
            <StatusMessage kind="info">Nothing to import: the file matches the current content.</StatusMessage>
          ) : null}
          {leftOut.length > 0 ? (
            <StatusMessage kind="warning">
              Left out {leftOut.length} invalid record(s); they stay as they are on the site: {leftOut.join(", ")}.
            </StatusMessage>
          ) : null}
          <div className={styles.row}>
            <Button variant="primary" onClick={() => void onImport()} disabled={!canImport} aria-busy={writing || undefined}>
              {writing ? "Importing…" : `Import ${changes} change(s)`}
            </Button>
            {invalid.length > 0 && preview.format === "old-site" ? (
              <Button onClick={() => setLeftOut((prev) => [...prev, ...invalid.map((i) => i.path)])}>Leave out the invalid records</Button>
            ) : null}
            <Button onClick={() => void recheck()} disabled={reading || writing}>
              Compare again
            </Button>
            <Button variant="ghost" onClick={reset} disabled={writing}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      {result.kind === "error" ? <StatusMessage kind="error">{result.message}</StatusMessage> : null}
      {result.kind === "done" ? (
        <div className={styles.preview}>
          <StatusMessage kind="success">
            Imported {result.fileName}: {result.summary.added.length} added, {result.summary.changed.length} changed, {result.summary.removed.length} removed.
            {result.differed ? " The content had changed since the preview, so the numbers differ from it." : ""}
          </StatusMessage>
        </div>
      ) : null}
    </Panel>
  );
}
