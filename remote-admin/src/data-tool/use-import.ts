import { useMemo, useRef, useState } from "react";
import { analyseImport, contentErrorMessage, exportAll, importAll, type ContentTree, type ImportSummary } from "shared-content/admin";
import { keepRecordsNotInFile, leaveRecordsAsTheyAre, parseImportFile, prepareImport, type ImportFormat } from "./import-plan";
import { changeCount } from "./import-summary-view";
import { isOldSiteExport } from "./old-site";

export interface LoadedFile {
  fileName: string;
  parsed: unknown;
  /** The content as it was when the file was chosen (what the preview compares with). */
  current: ContentTree;
}

export type ImportResult =
  | { kind: "none" }
  | { kind: "error"; message: string }
  | { kind: "done"; fileName: string; summary: ImportSummary; differed: boolean };

export interface ImportOptions {
  format: ImportFormat;
  /** Keep the site's records that the file does not have (nothing is removed). */
  keep: boolean;
  /** Paths of invalid records left as they are on the site. */
  leftOut: string[];
}

// Far above any real export (every limit of the schemas filled would not reach it); stops a
// wrong file from freezing the tab while it is parsed.
const MAX_FILE_BYTES = 50 * 1024 * 1024;

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

function oversizeMessage(file: File): string | null {
  return file.size > MAX_FILE_BYTES
    ? `${file.name}: the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, which is more than this site's content can be.`
    : null;
}

/** Reads and parses the file, then the current content to compare it with; a failure is a sentence for the file field. */
async function loadFile(file: File): Promise<{ loaded: LoadedFile } | { error: string }> {
  try {
    const parsed = parseImportFile(await readText(file));
    if (!parsed.ok) return { error: `${file.name}: ${parsed.message}` };
    return { loaded: { fileName: file.name, parsed: parsed.value, current: await exportAll() } };
  } catch (error) {
    return { error: contentErrorMessage(error) };
  }
}

/** What importing the file with these options would write, and what it would change (pure: nothing is read again). */
export function previewImport(loaded: LoadedFile, { format, keep, leftOut }: ImportOptions) {
  const prepared = prepareImport(loaded.parsed, format, loaded.current);
  let tree = prepared.tree;
  if (keep) tree = keepRecordsNotInFile(tree, loaded.current);
  if (leftOut.length > 0) tree = leaveRecordsAsTheyAre(tree, leftOut, loaded.current);
  const plan = analyseImport(tree, loaded.current);
  return { tree, notes: prepared.notes, format: prepared.format, summary: plan.summary };
}

export type ImportPreview = ReturnType<typeof previewImport>;

/** A file that is not an export at all is refused as such (with a pointer to the older site's format when it is one). */
export function refusalOf(loaded: LoadedFile | null, preview: ImportPreview | null): string | null {
  if (!loaded || !preview?.summary.notAnExport) return null;
  const oldSiteHint =
    preview.format === "current" && isOldSiteExport(loaded.parsed)
      ? " It looks like an export of the older site: choose “Detect” or “Older site's export” above."
      : "";
  return `${loaded.fileName}: ${preview.summary.notAnExport}${oldSiteHint}`;
}

/**
 * The import's steps: choose a file (read, parsed, compared with the current content), adjust the options
 * (the preview follows), compare again, confirm and write in one operation.
 */
export function useImport(confirmImport: (fileName: string, summary: ImportSummary) => Promise<boolean>) {
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  const [writing, setWriting] = useState(false);
  const [options, setOptions] = useState<ImportOptions>({ format: "auto", keep: false, leftOut: [] });
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult>({ kind: "none" });
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (loaded ? previewImport(loaded, options) : null), [loaded, options]);

  const setLeftOut = (leftOut: string[]) => setOptions((o) => ({ ...o, leftOut }));
  // Another format reads the file differently, so what was left out no longer applies.
  const setFormat = (format: ImportFormat) => setOptions((o) => ({ ...o, format, leftOut: [] }));
  const setKeep = (keep: boolean) => setOptions((o) => ({ ...o, keep }));
  const leaveOutInvalid = () => setOptions((o) => ({ ...o, leftOut: [...o.leftOut, ...(preview?.summary.invalid ?? []).map((i) => i.path)] }));

  const reset = () => {
    setLoaded(null);
    setLeftOut([]);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const chooseFile = async (file: File | undefined) => {
    setResult({ kind: "none" });
    setLeftOut([]);
    setLoaded(null);
    setFileError(null);
    if (!file) return;
    const tooLarge = oversizeMessage(file);
    if (tooLarge) return setFileError(tooLarge);
    setReading(true);
    const outcome = await loadFile(file);
    if ("loaded" in outcome) setLoaded(outcome.loaded);
    else setFileError(outcome.error);
    setReading(false);
  };

  const runImport = async () => {
    if (!loaded || !preview) return;
    const { summary } = preview;
    if (!(await confirmImport(loaded.fileName, summary))) return;
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

  return {
    loaded,
    preview,
    reading,
    writing,
    options,
    fileError,
    result,
    fileInput,
    setFormat,
    setKeep,
    leaveOutInvalid,
    reset,
    chooseFile,
    runImport,
    recheck,
  };
}
