// The public pages' live reads over one connection per tab: a REST stream of the change marker
// (changes.ts: a counter per section, bumped by every content write in the same update), and each
// read fetched once (a plain GET) when nothing was embedded, then again only when its section's
// counter moves. A page's sections cost no connection of their own, and a value embedded by the
// server render is kept until the marker says it changed, so arriving downloads nothing else.
// Reads of the same path and query share one entry. A tab hidden for HIDDEN_CLOSE_MS lets go of
// the stream; shown again, it reconnects and the marker's new value tells it what to fetch. A read
// the page already shows is read again after a random delay under REREAD_SPREAD_MS, so that the
// pages open at an edit do not all ask at once.
import { changeCount, changeSectionsOf, REREAD_SPREAD_MS, rereadDelayMs } from "../changes";
import { ContentError, isContentError } from "../errors";
import { PATHS } from "../paths";
import { readKey, sameStoredValue, type LiveQuerySpec, type LiveSource } from "./source";

/** What the feed runs on: a stream of one path's whole value, and a one-shot read. */
export interface FeedTransport {
  stream(path: string, next: (value: unknown) => void, fail: (error: unknown) => void): () => void;
  get(path: string, query: LiveQuerySpec | undefined): Promise<unknown>;
}

/** How long a hidden tab keeps its stream (a quick look at another tab costs no reconnect). */
export const HIDDEN_CLOSE_MS = 60_000;
const MAX_RETRY_MS = 30_000;
/** How long a read with nothing embedded waits for the marker's first value before it reads anyway. */
const MARKER_WAIT_MS = 1500;
/** How long the stream outlives the page's last read. */
const STREAM_LINGER_MS = 1000;
/** Not known: no marker seen yet, or the value was not read at a known marker. */
const UNKNOWN = Symbol("unknown");
type Marker = string | typeof UNKNOWN;

interface Listener {
  next: (value: unknown) => void;
  fail: (error: unknown) => void;
}

interface Entry {
  path: string;
  query: LiveQuerySpec | undefined;
  listeners: Set<Listener>;
  last: { value: unknown } | undefined;
  /** The marker (of its sections) at which `last` is known to be current. */
  seen: Marker;
  busy: boolean;
  again: boolean;
  /** A re-read is waiting for its random delay (`timer`). */
  spreading: boolean;
  retryMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface ChangeFeedOptions {
  /** How long a hidden tab keeps its stream; default HIDDEN_CLOSE_MS (`hiddenCloseMs()` may override it). */
  hiddenCloseMs?: () => number;
  /** The first retry delay of a failed read (doubles up to 30 s). */
  retryMs?: number;
  /** The longest random wait before a shown read is read again after its counter moved; default REREAD_SPREAD_MS. */
  rereadSpreadMs?: number;
}

/** A LiveSource over `transport`: one marker stream for every read it serves. */
export function changeFeedSource(transport: FeedTransport, options: ChangeFeedOptions = {}): LiveSource {
  const entries = new Map<string, Entry>();
  const firstRetryMs = options.retryMs ?? 1000;
  const spreadMs = options.rereadSpreadMs ?? REREAD_SPREAD_MS;
  let changes: { value: unknown } | undefined;
  /** The stream failed before its first value: reads do not wait for it. */
  let markerFailed = false;

  const markerOf = (path: string): Marker => (changes ? markerIn(changes.value, path) : UNKNOWN);

  const refresh = (key: string, entry: Entry) => {
    if (entry.busy) {
      entry.again = true;
      return;
    }
    entry.busy = true;
    entry.again = false;
    entry.spreading = false;
    clearTimeout(entry.timer);
    // What the answer is at least as new as: the marker known now (a later change moves it again).
    const at = markerOf(entry.path);
    transport.get(entry.path, entry.query).then(
      (value) => {
        entry.busy = false;
        if (entries.get(key) !== entry) return;
        entry.retryMs = firstRetryMs;
        entry.seen = at;
        deliver(entry, value ?? null);
        if (entry.again || markerOf(entry.path) !== at) refresh(key, entry);
      },
      (error: unknown) => {
        entry.busy = false;
        if (entries.get(key) !== entry) return;
        const mapped = isContentError(error) ? error : new ContentError("unavailable", undefined, { cause: error });
        if (mapped.code !== "unavailable") return drop(entries, key, entry, mapped);
        // Reported only until the first value; the page keeps what it shows and tries again.
        if (!entry.last) for (const l of [...entry.listeners]) l.fail(mapped);
        entry.timer = setTimeout(() => refresh(key, entry), entry.retryMs);
        entry.retryMs = Math.min(entry.retryMs * 2, MAX_RETRY_MS);
      },
    );
  };

  /** Its counter moved: read it again (after the spread's delay when it shows a value). */
  const reread = (key: string, entry: Entry) => spreadReread(entry, spreadMs, () => refresh(key, entry));

  /** Reads that wait for the marker's first value, read without it when it is late or refused. */
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  const readWaiting = () => {
    clearTimeout(waitTimer);
    waitTimer = undefined;
    for (const [key, entry] of entries) if (!entry.last && !entry.busy && entry.seen === UNKNOWN) refresh(key, entry);
  };
  const waitForMarker = () => {
    waitTimer ??= setTimeout(readWaiting, MARKER_WAIT_MS);
  };

  const onChanges = (value: unknown) => {
    clearTimeout(waitTimer);
    waitTimer = undefined;
    markerFailed = false;
    changes = { value };
    for (const [key, entry] of entries) if (entry.seen !== markerOf(entry.path)) reread(key, entry);
  };

  // No marker to follow (refused, or unreachable until it answers): the reads keep what they
  // have, those waiting for it are read now; the stream itself keeps retrying a database it
  // cannot reach.
  const stream = markerStream(transport, options, onChanges, () => {
    markerFailed = true;
    readWaiting();
  });
  /** The page let go of its last read: nothing is known of the marker from now on. */
  const forget = () => {
    clearTimeout(waitTimer);
    waitTimer = undefined;
    changes = undefined;
    markerFailed = false;
  };

  return (path, query, next, fail, seed) => {
    const key = readKey({ path, query });
    let entry = entries.get(key);
    const created = !entry;
    if (!entry) {
      entry = newEntry(path, query, firstRetryMs);
      entries.set(key, entry);
      if (entries.size === 1) stream.hold();
    }
    const joined = entry;
    const listener = { next, fail };
    joined.listeners.add(listener);
    if (created && seed) {
      // The server's value, read after the marker it embedded: current until that marker moves.
      joined.last = { value: seed.value };
      joined.seen = seed.changes && "value" in seed.changes ? markerIn(seed.changes.value, path) : UNKNOWN;
      if (changes && joined.seen !== markerOf(path)) refresh(key, joined);
    } else if (created) {
      // Read at a known marker, so that its first value needs no second read; until the stream
      // answers (at most MARKER_WAIT_MS) the read waits for it.
      if (changes || !stream.isOpen() || markerFailed) refresh(key, joined);
      else waitForMarker();
    } else if (joined.last) {
      const last = joined.last;
      queueMicrotask(() => {
        if (joined.listeners.has(listener)) next(last.value);
      });
    }
    return () => {
      if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
      clearTimeout(joined.timer);
      if (entries.get(key) === joined) entries.delete(key);
      if (entries.size === 0) stream.release(forget);
    };
  };
}

/**
 * The marker's one stream: opened when the page takes its first read (`hold`), closed a moment
 * after it lets go of the last (`release`: a page changing screens takes new reads at once), and
 * closed while the tab has been hidden for the options' delay, then opened again when it is shown
 * (its first value tells the feed what changed meanwhile).
 */
function markerStream(transport: FeedTransport, options: ChangeFeedOptions, onChanges: (value: unknown) => void, onFail: () => void) {
  let stopStream: (() => void) | null = null;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let closedWhileHidden = false;
  const watchesVisibility = typeof document !== "undefined";

  const open = () => {
    if (!stopStream && !closedWhileHidden) stopStream = transport.stream(PATHS.changes, onChanges, onFail);
  };
  const close = () => {
    stopStream?.();
    stopStream = null;
  };
  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") {
      hiddenTimer = setTimeout(() => {
        closedWhileHidden = true;
        close();
      }, options.hiddenCloseMs?.() ?? HIDDEN_CLOSE_MS);
    } else if (closedWhileHidden) {
      closedWhileHidden = false;
      open();
    }
  };
  return {
    isOpen: () => stopStream !== null,
    hold() {
      if (idleTimer !== undefined) {
        clearTimeout(idleTimer);
        idleTimer = undefined;
        return;
      }
      if (watchesVisibility) document.addEventListener("visibilitychange", onVisibility);
      open();
    },
    release(then: () => void) {
      idleTimer = setTimeout(() => {
        idleTimer = undefined;
        if (watchesVisibility) document.removeEventListener("visibilitychange", onVisibility);
        clearTimeout(hiddenTimer);
        closedWhileHidden = false;
        close();
        then();
      }, STREAM_LINGER_MS);
    },
  };
}

/** A refused read: its listeners fail, and it is forgotten. */
function drop(entries: Map<string, Entry>, key: string, entry: Entry, error: unknown): void {
  clearTimeout(entry.timer);
  if (entries.get(key) === entry) entries.delete(key);
  for (const l of [...entry.listeners]) l.fail(error);
  entry.listeners.clear();
}

function newEntry(path: string, query: LiveQuerySpec | undefined, retryMs: number): Entry {
  return { path, query, listeners: new Set(), last: undefined, seen: UNKNOWN, busy: false, again: false, spreading: false, retryMs, timer: undefined };
}

/**
 * A read whose counter moved: one that shows nothing yet (or is being read) is read now; one that
 * shows a value after a random delay under `spreadMs` (one wait, however many moves come
 * meanwhile: it reads the newest).
 */
function spreadReread(entry: Entry, spreadMs: number, read: () => void): void {
  if (!entry.last || entry.busy || spreadMs <= 0) return read();
  if (entry.spreading) return;
  entry.spreading = true;
  clearTimeout(entry.timer);
  entry.timer = setTimeout(read, rereadDelayMs(spreadMs));
}

/** Hands a read's new value on; the same value again is not. */
function deliver(entry: Entry, value: unknown): void {
  if (entry.last && sameStoredValue(entry.last.value, value)) return;
  entry.last = { value };
  for (const l of [...entry.listeners]) l.next(value);
}

/** The marker of `path`'s sections in a `changes` value. */
function markerIn(value: unknown, path: string): string {
  return changeSectionsOf(path)
    .map((s) => changeCount(value, s) ?? 0)
    .join(",");
}
