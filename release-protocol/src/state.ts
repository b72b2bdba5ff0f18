// The release state: one tree in the Realtime Database (`releases/`, shared-content's
// PATHS.releases) holds, for every remote, the live release, its canary, the history of its
// releases, the release record, the per-release health and the aborts (docs/releases.md). The
// release command writes it (an admin, or RELEASE_TOOL_UID through the Admin SDK), the renderer's
// reporter writes health and aborts, the renderer follows it with a listener and the browser reads
// `live` (public) where no server-rendered page embeds it. `config.json` keeps only what does not
// change per release: its `remotes` are each remote's own site, the default until a release is
// recorded.
import type { CanaryConfig, RuntimeConfig } from "runtime-config";
import type { ReleaseLogEntry } from "./record.js";
import { releaseKey } from "./health.js";

/** The live release of one remote: its id and the manifest the site loads. */
export interface LiveRelease {
  release: string;
  entry: string;
  /** When it went live (ms since 1970). */
  at: number;
}

/** A remote's canary: the candidate `percent` % of visitors get. `key` is releaseKey(release): an abort of that key ends it. */
export interface CanaryState {
  release: string;
  key: string;
  entry: string;
  percent: number;
  /** ms since 1970. */
  startedAt: number;
}

/** One published build of a remote, in its history (keyed by releaseKey). */
export interface HistoryEntry {
  id: string;
  version: string;
  /** ms since 1970 */
  at: number;
  /** Its manifest's URL. */
  entry: string;
  /** Where its files are on the remote's site ("" for the site root; "releases/<id>/"; a channel's name on Firebase). */
  path: string;
  source: string;
  retiredAt?: number;
  abortedAt?: number;
}

/** A release command holding a remote: another one waits or is refused. */
export interface ReleaseLock {
  by: string;
  command: string;
  at: number;
}

/** What the renderer and the browser act on: the live releases, the canaries and the revoked previews. */
export interface ServedReleases {
  live: Record<string, LiveRelease>;
  canary: Record<string, CanaryState>;
  previewsRevokedBefore: Record<string, number>;
}

/** The paths inside `releases/` (one place, so the command, the renderer, the rules and the tests agree). */
export const RELEASE_STATE_PATHS = {
  live: (remote: string) => `live/${remote}`,
  canary: (remote: string) => `canary/${remote}`,
  history: (remote: string, release?: string) => `history/${remote}${release ? `/${releaseKey(release)}` : ""}`,
  lock: (remote: string) => `lock/${remote}`,
  record: "record",
  revoked: (remote: string) => `previewsRevokedBefore/${remote}`,
  counts: (remote: string) => `health/counts/${remote}`,
  aborts: (remote: string) => `health/aborts/${remote}`,
} as const;

/** How long a release command may hold a remote before another may take it over (a command that crashed). */
export const LOCK_STALE_MS = 10 * 60_000;

/** Who an automatic abort is recorded as. */
export const AUTOMATIC_ABORT_BY = "the renderer (automatic)";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isUrl = (value: unknown): value is string => typeof value === "string" && /^(https?:\/\/|\/)/.test(value);

function entries<T>(value: unknown, parse: (v: Record<string, unknown>) => T | null): Record<string, T> {
  if (!isRecord(value)) return {};
  const out: Record<string, T> = {};
  for (const [remote, v] of Object.entries(value)) {
    const parsed = isRecord(v) ? parse(v) : null;
    if (parsed) out[remote] = parsed;
  }
  return out;
}

export const parseLive = (v: Record<string, unknown>): LiveRelease | null =>
  typeof v.release === "string" && isUrl(v.entry) ? { release: v.release, entry: v.entry, at: typeof v.at === "number" ? v.at : 0 } : null;

export const parseCanary = (v: Record<string, unknown>): CanaryState | null =>
  typeof v.release === "string" && isUrl(v.entry) && typeof v.percent === "number" && v.percent >= 1 && v.percent <= 99
    ? {
        release: v.release,
        key: typeof v.key === "string" ? v.key : releaseKey(v.release),
        entry: v.entry,
        percent: v.percent,
        startedAt: typeof v.startedAt === "number" ? v.startedAt : 0,
      }
    : null;

/** The served part of the state as read from the database (anything malformed is left out, never thrown). */
export function parseServedReleases(value: unknown): ServedReleases {
  const tree = isRecord(value) ? value : {};
  const revoked = isRecord(tree.previewsRevokedBefore) ? tree.previewsRevokedBefore : {};
  return {
    live: entries(tree.live, parseLive),
    canary: entries(tree.canary, parseCanary),
    previewsRevokedBefore: Object.fromEntries(Object.entries(revoked).filter((e): e is [string, number] => Number.isFinite(e[1]))),
  };
}

/**
 * The runtime config as the site serves it now: config.json's settings with the recorded live
 * releases in place of the remotes' defaults, the running canaries and the revoked previews. A
 * remote config.json does not name is never added (the site does not load it).
 */
export function withServedReleases(config: RuntimeConfig, state: ServedReleases): RuntimeConfig {
  const known = (remote: string) => remote in config.remotes;
  const remotes = { ...config.remotes };
  for (const [remote, live] of Object.entries(state.live)) if (known(remote)) remotes[remote] = live.entry;
  const canaries: Record<string, CanaryConfig> = {};
  for (const [remote, c] of Object.entries(state.canary))
    if (known(remote)) canaries[remote] = { entry: c.entry, release: c.release, percent: c.percent, startedAt: new Date(c.startedAt).toISOString() };
  const revoked = { ...config.previewsRevokedBefore, ...state.previewsRevokedBefore };
  const { canaries: _ignored, ...rest } = config;
  return {
    ...rest,
    remotes,
    ...(Object.keys(canaries).length > 0 ? { canaries } : {}),
    ...(Object.keys(revoked).length > 0 ? { previewsRevokedBefore: revoked } : {}),
  };
}

/** The record's entries, oldest first, as read from `releases/record` (push keys sort by time). */
export function recordEntries(value: unknown, parse: (list: unknown) => ReleaseLogEntry[]): ReleaseLogEntry[] {
  if (!isRecord(value)) return [];
  return parse(
    Object.keys(value)
      .sort()
      .map((k) => value[k]),
  );
}
