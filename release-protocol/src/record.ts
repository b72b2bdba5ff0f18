// The release record's entries (`releases/record` in the database; docs/releases.md): who did
// what to which remote, when, from which commit, and the shared packages the build needs.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What an entry of the release record did, in the words `npm run releases` and the admin's Releases screen use. */
export const RELEASE_ACTIONS = {
  release: "released",
  rollback: "rolled back to",
  start: "started with",
  canary: "started a canary of",
  promote: "promoted the canary",
  abort: "aborted the canary",
} as const;

/** A shared package a release needs, with the changeset notes of the version it needs. */
export interface SharedNeed {
  package: string;
  range: string;
  notes: string[];
}

/**
 * One entry of the release record (`releases/record` in the database; scripts/releases/record.ts
 * writes them, the renderer its automatic aborts): who did what to which remote, when, from which commit.
 */
export interface ReleaseLogEntry {
  at: string;
  kind: keyof typeof RELEASE_ACTIONS;
  remote: string;
  release: string;
  /** The release that was live before, if any. */
  from: string | null;
  by: string;
  commit: string;
  needs: SharedNeed[];
  /** What else to know: a canary's share of visitors, why it was aborted. */
  note?: string;
}

const str = (value: unknown): value is string => typeof value === "string";

/** The entries of a release record as read from the database (in order); what is not an entry is left out. */
export function parseReleaseLog(value: unknown): ReleaseLogEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown): ReleaseLogEntry[] => {
    if (!isRecord(e) || !str(e.at) || !str(e.remote) || !str(e.release) || !str(e.by) || !str(e.commit)) return [];
    if (!str(e.kind) || !(e.kind in RELEASE_ACTIONS)) return [];
    const needs = (Array.isArray(e.needs) ? e.needs : []).flatMap((n: unknown) =>
      isRecord(n) && str(n.package) && str(n.range) ? [{ package: n.package, range: n.range, notes: Array.isArray(n.notes) ? n.notes.filter(str) : [] }] : [],
    );
    return [
      {
        at: e.at,
        kind: e.kind as ReleaseLogEntry["kind"],
        remote: e.remote,
        release: e.release,
        from: str(e.from) ? e.from : null,
        by: e.by,
        commit: e.commit,
        needs,
        ...(str(e.note) ? { note: e.note } : {}),
      },
    ];
  });
}
