// What each release command changes in the release state, as one multi-path update relative to
// `releases/` (release-protocol's state.ts): pure functions of a remote's state, so the
// local stack and Firebase run the same decisions and a unit test reads them whole.
import { RELEASE_STATE_PATHS as P, releaseKey, type CanaryState, type HistoryEntry, type LiveRelease } from "release-protocol";

/** One remote's release state as the commands read it. */
export interface RemoteState {
  live: LiveRelease | null;
  canary: CanaryState | null;
  /** Oldest first. */
  history: HistoryEntry[];
  /** Release id -> the renderer's automatic abort of it. */
  aborts: Record<string, { at: number; reason: string }>;
}

export type Updates = Record<string, unknown>;

export const historyOf = (state: RemoteState, id: string | undefined | null) => state.history.find((r) => r.id === id) ?? null;
export const liveEntry = (state: RemoteState) => historyOf(state, state.live?.release);
const wasAborted = (state: RemoteState, r: HistoryEntry) => Boolean(r.abortedAt || state.aborts[r.id]);

/** The release before the live one that a rollback goes back to (never an aborted canary), or null. */
export function previousRelease(state: RemoteState): HistoryEntry | null {
  const index = state.history.findIndex((r) => r.id === state.live?.release);
  return (
    state.history
      .slice(0, Math.max(index, 0))
      .filter((r) => !wasAborted(state, r))
      .at(-1) ?? null
  );
}

/** Makes `release` live (adding it to the history when new); the release it replaces is retired now. */
export function planLive(remote: string, state: RemoteState, release: HistoryEntry, now: number): Updates {
  const updates: Updates = {};
  const previous = state.live?.release;
  if (previous && previous !== release.id && historyOf(state, previous)) updates[`${P.history(remote, previous)}/retiredAt`] = now;
  const { retiredAt: _retired, ...entry } = release;
  updates[P.history(remote, release.id)] = entry;
  updates[P.live(remote)] = { release: release.id, entry: release.entry, at: now };
  return updates;
}

/** Serves `release` to `percent` % of visitors (a canary of the same release keeps its start). */
export function planCanary(remote: string, state: RemoteState, release: HistoryEntry, percent: number, now: number): Updates {
  const startedAt = state.canary?.release === release.id ? state.canary.startedAt : now;
  const { abortedAt: _aborted, ...entry } = release;
  return {
    [P.history(remote, release.id)]: entry,
    [P.canary(remote)]: { release: release.id, key: releaseKey(release.id), entry: release.entry, percent, startedAt },
  };
}

/** The canary becomes the live release; nobody is in a cohort any more. */
export function planPromote(remote: string, state: RemoteState, now: number): Updates {
  const release = historyOf(state, state.canary?.release);
  if (!release) throw new Error(`${remote}'s canary is not in its history`);
  return { ...planLive(remote, state, release, now), [P.canary(remote)]: null };
}

/** The canary ends; its release is marked, so a rollback never goes back to it. */
export function planAbort(remote: string, state: RemoteState, now: number): Updates {
  const release = historyOf(state, state.canary?.release);
  return { [P.canary(remote)]: null, ...(release && release.id !== state.live?.release ? { [`${P.history(remote, release.id)}/abortedAt`]: now } : {}) };
}

/**
 * The releases whose files may go: not live, not the canary, not the rollback target, not the
 * site's root build, and retired (or published and never live) more than `windowMs` ago.
 */
export function expiredReleases(state: RemoteState, now: number, windowMs: number): HistoryEntry[] {
  const keep = new Set([state.live?.release, state.canary?.release, previousRelease(state)?.id]);
  return state.history.filter((r) => r.path !== "" && !keep.has(r.id) && now - (r.retiredAt ?? r.at) > windowMs);
}

/** Removes expired releases from the history (the record keeps what happened to them). */
export const planPrune = (remote: string, expired: HistoryEntry[]): Updates => Object.fromEntries(expired.map((r) => [P.history(remote, r.id), null]));
