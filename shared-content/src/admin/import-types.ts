// The shapes an export and an import's preview are told in (data-transfer.ts does the work).
import type { CollectionKind } from "shared-content";

/** The content part of the database, as exported (JSON). */
export type ContentTree = Record<string, unknown>;

export interface ImportIssue {
  path: string;
  reason: string;
}

export interface ImportSummary {
  /** Record paths that the import creates. */
  added: string[];
  /** Record paths whose content differs. */
  changed: string[];
  /** Record paths that exist now but not in the file (only for nodes present in the file). */
  removed: string[];
  /** Number of records identical in both. */
  unchanged: number;
  /** Records (or nodes) that do not match their schema: nothing is written while any exist. */
  invalid: ImportIssue[];
  /** Nodes in the file that are not content and are skipped (pending submissions, admins). */
  ignored: string[];
  /** For each added, changed and removed record path: its title or name, and for a changed one the fields that differ. */
  details: Record<string, RecordDetail>;
  /** Set when the file is not an export of this site at all (then nothing else is listed). */
  notAnExport?: string;
}

export interface RecordDetail {
  /** What the record is called (a post's title, a skill's name ...), when it has one. */
  label?: string;
  /** Changed records only: each field whose value differs, as text ("" when absent). */
  changes?: FieldChange[];
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface ImportPlan {
  summary: ImportSummary;
  /** The multi-path update that applies it (empty when nothing changes). */
  updates: Record<string, unknown>;
  /** Records overwritten, with the rev they must still have (compare-and-set). */
  checks: { path: string; expectedRev: number | null }[];
}

/** What kind of record a path holds: decides its schema, its key rule and how it is labelled. */
export type RecordKind = "about" | "contact" | CollectionKind | "posts" | "media";
