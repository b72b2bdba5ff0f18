// Which release of a remote a page used (docs/architecture.md, "Releases"). `npm run release`
// stamps a published build's id into its mf-manifest.json (`contract.release`); the renderer
// names the releases a response used in the X-Remote-Releases header and in the page data, and
// the browser records the ones it loaded, in the same format, so an error can be traced to a
// release. A build that was never published by the release command carries only its version.
import { CONTRACT_FIELD } from "./index.js";

/** The response header naming the release of each remote a page used. */
export const RELEASES_HEADER = "X-Remote-Releases";

/**
 * A shareable preview link (docs/releases.md): `?preview=<signed token>`
 * on any page puts its holder into the preview; `?leave-preview` takes them out. The renderer
 * reads both (renderer/src/releases/selection.ts), the banner and the release command write them.
 */
export const PREVIEW_LINK_PARAM = "preview";
export const LEAVE_PREVIEW_PARAM = "leave-preview";
/** Where a signed-in admin asks the renderer for a preview link (POST, their ID token as Bearer). */
export const PREVIEW_LINK_ENDPOINT = "/__preview-link";

/** A preview a server-rendered page was rendered with, as its page data carries it. */
export interface LinkPreview {
  remote: string;
  manifestUrl: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The release a parsed mf-manifest.json is: its stamped release id, else its version; null when it is not a remote's manifest. */
export function releaseOf(manifest: unknown): string | null {
  if (!isRecord(manifest) || typeof manifest.name !== "string") return null;
  const contract = isRecord(manifest[CONTRACT_FIELD]) ? manifest[CONTRACT_FIELD] : {};
  if (typeof contract.release === "string" && contract.release) return contract.release;
  return typeof contract.version === "string" && contract.version ? contract.version : null;
}

/** `remote_blog=1.4.0-3f2a…; <remote>=<release>…`, sorted by remote: the header's value and the page's record. */
export function formatReleases(releases: Readonly<Record<string, string>>): string {
  return Object.keys(releases)
    .sort()
    .map((remote) => `${remote}=${releases[remote]}`)
    .join("; ");
}

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
