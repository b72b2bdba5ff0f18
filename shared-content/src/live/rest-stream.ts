// The public pages' transport: the Realtime Database REST API, read with fetch so no Firebase SDK
// ships to visitors. One stream (Server-Sent Events) per page, of the change marker
// (change-feed.ts), and plain GETs for the reads. The stream keeps the streamed value, applies
// `put`/`patch` at relative paths and reconnects (re-reading the whole value) after a network
// error. A refused read (HTTP 401 or a `cancel` event) is final; a network error or a 5xx is
// reported only until the first value (the hook then shows the last value it has, as the SDK
// does) and retried with a capped backoff.
import { getRuntimeConfig } from "shared-auth";
import { type RuntimeConfig } from "runtime-config";
import { readStored } from "shared-auth/browser-storage";
import { HIDDEN_CLOSE_STORAGE_KEY } from "../changes";
import { ContentError, isContentError } from "../errors";
import { changeFeedSource, HIDDEN_CLOSE_MS } from "./change-feed";
import type { LiveQuerySpec, LiveSource } from "./source";

type Tree = Record<string, unknown>;

/** `<base>/<path>.json?<query>`: production databaseURL, or the emulator with `ns`. */
export function restUrl(config: RuntimeConfig, path: string, query?: LiveQuerySpec): string {
  const dbUrl = new URL(config.firebase.databaseURL);
  const emulator = config.emulators?.database;
  const params = new URLSearchParams();
  let base = dbUrl.origin;
  if (emulator) {
    base = `http://${emulator.host}:${emulator.port}`;
    params.set("ns", dbUrl.searchParams.get("ns") ?? dbUrl.hostname.split(".")[0] ?? "");
  }
  if (query) {
    params.set("orderBy", JSON.stringify(query.orderBy));
    if (query.startAt !== undefined) params.set("startAt", JSON.stringify(query.startAt));
    if (query.endAt !== undefined) params.set("endAt", JSON.stringify(query.endAt));
    if (query.limitToFirst !== undefined) params.set("limitToFirst", String(query.limitToFirst));
    if (query.limitToLast !== undefined) params.set("limitToLast", String(query.limitToLast));
  }
  const segments = path.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  const search = params.toString();
  return `${base}/${segments}.json${search ? `?${search}` : ""}`;
}

/** Incremental SSE parser: feed text chunks, get (event, data) for each complete event. */
export function sseParser(onEvent: (event: string, data: string) => void): (chunk: string) => void {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent(event || "message", data.join("\n"));
      event = "";
      data = [];
      return;
    }
    const colon = text.indexOf(":");
    if (colon === 0) return; // comment
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  };
  return (chunk) => {
    buffer += chunk;
    const eol = /\r\n|\r|\n/g;
    let start = 0;
    for (let m = eol.exec(buffer); m; m = eol.exec(buffer)) {
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (m[0] === "\r" && m.index === buffer.length - 1) break;
      line(buffer.slice(start, m.index));
      start = eol.lastIndex;
    }
    buffer = buffer.slice(start);
  };
}

const isObject = (x: unknown): x is Tree => typeof x === "object" && x !== null && !Array.isArray(x);

/** Keys such as `__proto__` or `constructor` are ordinary children: never the object's prototype or its methods. */
const setOwn = (node: Tree, key: string, value: unknown) => Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * Stored form: arrays as objects keyed by index, no nulls (as the database keeps them). The
 * schemas decode such index-keyed objects as lists (schemas.ts `list`).
 */
function toTree(value: unknown): unknown {
  if (Array.isArray(value)) value = { ...value };
  if (!isObject(value)) return value ?? null;
  const out: Tree = {};
  for (const [k, v] of Object.entries(value)) {
    const c = toTree(v);
    if (c !== null) setOwn(out, k, c);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Returns the tree with `data` put at `path` ("/a/b"); null deletes (and prunes empty parents). */
export function putAt(tree: unknown, path: string, data: unknown): unknown {
  const [key, ...rest] = path.split("/").filter(Boolean);
  if (key === undefined) return toTree(data);
  const node: Tree = isObject(tree) ? { ...tree } : {};
  const child = putAt(Object.hasOwn(node, key) ? node[key] : undefined, rest.join("/"), data);
  if (child === null) delete node[key];
  else setOwn(node, key, child);
  return Object.keys(node).length > 0 ? node : null;
}

/** `patch`: update the children named in `data` (keys may be deeper paths) under `path`. */
export function patchAt(tree: unknown, path: string, data: unknown): unknown {
  let next = tree;
  for (const [k, v] of Object.entries(isObject(data) ? data : {})) next = putAt(next, `${path}/${k}`, v);
  return next;
}

const MAX_BACKOFF_MS = 30_000;
/** The server sends keep-alive after 30 s of silence: twice that means the connection is dead. */
const IDLE_MS = 65_000;

/**
 * Streams `url` and calls `next` with the whole value after every change. Returns the stop
 * function (aborts the request). `retryMs`: the first reconnect delay (doubles, capped at 30 s);
 * `idleMs`: silence after which the connection counts as dead and is replaced.
 */
export function streamValue(
  url: string,
  next: (value: unknown) => void,
  fail: (error: unknown) => void,
  { retryMs = 1000, idleMs = IDLE_MS }: { retryMs?: number; idleMs?: number } = {},
): () => void {
  let stopped = false;
  let delivered = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let delay = retryMs;

  const reconnect = (error: ContentError) => {
    if (stopped) return;
    if (!delivered) fail(error);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, MAX_BACKOFF_MS);
  };

  const connect = async () => {
    const current = new AbortController();
    controller = current;
    // A connection that went quiet without closing (a sleeping laptop, a dropped route).
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => current.abort(), idleMs);
    };
    watch();
    let tree: unknown = null;
    let done = false;
    const parse = sseParser((event, data) => {
      if (done) return;
      if (event === "put" || event === "patch") {
        const body = JSON.parse(data) as { path: string; data: unknown };
        tree = (event === "put" ? putAt : patchAt)(tree, body.path, body.data);
        delivered = true;
        delay = retryMs;
        next(tree);
      } else if (event === "cancel") {
        done = true;
        stopped = true;
        current.abort();
        fail(new ContentError("permission-denied"));
      } else if (event === "auth_revoked") {
        done = true;
        current.abort();
      }
    });
    try {
      const response = await fetch(url, { headers: { accept: "text/event-stream" }, cache: "no-store", signal: current.signal });
      if (response.status === 401 || response.status === 403) {
        stopped = true;
        void response.body?.cancel();
        fail(new ContentError("permission-denied"));
        return;
      }
      if (!response.ok || !response.body) {
        void response.body?.cancel();
        if (response.status >= 500) return reconnect(new ContentError("unavailable"));
        stopped = true;
        fail(new ContentError("unknown", `The database refused the read (HTTP ${response.status}).`));
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        watch();
        parse(value);
        if (done) break;
      }
      reconnect(new ContentError("unavailable")); // the server closed the stream
    } catch (error) {
      if (stopped) return;
      reconnect(isContentError(error) ? error : new ContentError("unavailable", undefined, { cause: error }));
    } finally {
      clearTimeout(idle); // the next connection (if any) starts later, with its own watch
    }
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(idle);
    controller?.abort();
  };
}

/** One read of `url` (a plain GET): its JSON value, or a ContentError as the stream reports it. */
export async function getValue(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch (error) {
    throw new ContentError("unavailable", undefined, { cause: error });
  }
  if (response.status === 401 || response.status === 403) throw new ContentError("permission-denied");
  if (!response.ok) {
    throw new ContentError(response.status >= 500 ? "unavailable" : "unknown", `The database refused the read (HTTP ${response.status}).`);
  }
  return (await response.json()) as unknown;
}

/** How long a hidden tab keeps its stream: HIDDEN_CLOSE_MS, or what this browser's storage says (tests shorten it). */
const hiddenCloseMs = () => {
  const stored = readStored(HIDDEN_CLOSE_STORAGE_KEY);
  return typeof stored === "number" && stored >= 0 ? stored : HIDDEN_CLOSE_MS;
};

/** The public pages' source: one stream of the change marker at the runtime config's database, reads fetched when it moves. */
export const restSource: LiveSource = changeFeedSource(
  {
    stream: (path, next, fail) => {
      try {
        return streamValue(restUrl(getRuntimeConfig(), path), next, fail);
      } catch (error) {
        fail(error);
        return () => undefined;
      }
    },
    get: async (path, query) => getValue(restUrl(getRuntimeConfig(), path, query)),
  },
  { hiddenCloseMs },
);
