// The REST API on /<path>.json: reads (plain, shallow, queried, or streamed as Server-Sent
// Events), writes, and the rules endpoint. Answers and status codes follow Firebase's.
import type http from "node:http";
import type net from "node:net";
import { readBody as readRequestBody, type EdgeErrors } from "local-server-kit";
import { decodeIdToken } from "./auth.js";
import type { Actor, Namespace } from "./database.js";
import { CodedError } from "./errors.js";
import type { Namespaces } from "./namespaces.js";
import { CompiledQuery, type QuerySpec } from "./order.js";
import { pushId } from "./push-id.js";
import { toRestJson } from "./rest-json.js";
import { ResponseOutput, SocketOutput, type StreamOutput } from "./rest-stream.js";
import { childKeys, hasChildren, parseWritePath, priorityOf, type Json } from "./tree.js";

/** A GET answer larger than this (bytes) is not kept after it is sent. */
const MAX_KEPT_ANSWER_BYTES = 64 * 1024;

export interface RestContext {
  namespaces: Namespaces;
  defaultNamespace: string;
  maxMessageBytes: number;
  /** Starts a REST stream (the caller has checked the read rules). */
  openStream(out: StreamOutput, ns: Namespace, parts: string[], actor: Actor, query: QuerySpec | undefined, exportFormat: boolean): void;
}

/** `Authorization: Bearer <token>` or `?auth=`: the owner, a signed-in user, or a visitor (null). */
export function actorFor(req: http.IncomingMessage, url: URL): Actor {
  const header = req.headers["authorization"];
  const token =
    typeof header === "string" && /^Bearer /i.test(header) ? header.slice(7).trim() : (url.searchParams.get("auth") ?? url.searchParams.get("access_token"));
  if (!token) return null;
  if (token === "owner") return "owner";
  return decodeIdToken(token);
}

/** How this server words a bad or oversized request edge (the kit reads the URL and the body). */
export const EDGE_ERRORS: EdgeErrors = {
  badRequest: (message) => new CodedError("invalid_request", message),
  tooBig: (limit) => new CodedError("too_big", `Body larger than ${limit} bytes`),
};

export async function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string> {
  return (await readRequestBody(req, maxBytes, EDGE_ERRORS)).toString("utf8");
}

async function readJsonBody(req: http.IncomingMessage, maxBytes: number): Promise<unknown> {
  const text = await readBody(req, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new CodedError("invalid_request", "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

export function sendJson(res: http.ServerResponse, code: number, body: unknown, pretty = false): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(code, { "content-type": "application/json; charset=utf-8" });
  res.end(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
}

/** A GET's answer, as the bytes sent. */
function restAnswer(value: Json, shallow: boolean, exportFormat: boolean, pretty: boolean): Buffer {
  if (shallow && hasChildren(value)) value = Object.fromEntries(childKeys(value).map((k) => [k, true]));
  const rendered = toRestJson(value, exportFormat);
  return Buffer.from(pretty ? JSON.stringify(rendered, null, 2) : JSON.stringify(rendered));
}

/**
 * A GET's answer once the rules have allowed it. Every visitor's page reads the same path again
 * after an edit: one serialization per version of the data.
 */
function readAnswer(
  ns: Namespace,
  parts: string[],
  query: QuerySpec | undefined,
  format: { exportFormat: boolean; shallow: boolean; pretty: boolean },
): Buffer {
  const { exportFormat, shallow, pretty } = format;
  const key = JSON.stringify(["GET", parts, query ?? null, exportFormat, shallow, pretty]);
  const answer = () => restAnswer(ns.read(parts, "owner", query), shallow, exportFormat, pretty);
  return ns.derive(key, answer, (body) => body.length <= MAX_KEPT_ANSWER_BYTES);
}

/**
 * A visitor's plain read of `rawPath` (`/<path>.json`, no query) in `namespace` (null: the
 * default) when handleData would allow it: the namespace and its path. Null for a refused,
 * invalid or priority read, or a namespace not made yet, which are left to handleData.
 */
function plainTarget(ctx: RestContext, namespace: string | null, rawPath: string): { ns: Namespace; parts: string[] } | null {
  const ns = ctx.namespaces.existing(namespace ?? ctx.defaultNamespace);
  if (!ns) return null;
  let path: { parts: string[]; priority: boolean };
  try {
    path = dataPath(rawPath);
  } catch {
    return null;
  }
  return path.priority || !ns.canRead(path.parts, null) ? null : { ns, parts: path.parts };
}

/** A visitor's plain GET (plain-requests.ts), as handleData answers it, or null to leave it to handleData. */
export function plainReadAnswer(ctx: RestContext, namespace: string | null, rawPath: string): Buffer | null {
  const target = plainTarget(ctx, namespace, rawPath);
  return target && readAnswer(target.ns, target.parts, undefined, { exportFormat: false, shallow: false, pretty: false });
}

/**
 * A visitor's plain stream (plain-requests.ts), started on `socket`; false leaves it to handleData.
 * It throws while the server closes, and the caller then leaves it to handleData, which says why.
 */
export function plainStream(ctx: RestContext, namespace: string | null, rawPath: string, socket: net.Socket): boolean {
  const target = plainTarget(ctx, namespace, rawPath);
  if (!target) return false;
  ctx.openStream(new SocketOutput(socket), target.ns, target.parts, null, undefined, false);
  return true;
}

function sendAnswer(res: http.ServerResponse, code: number, body: Buffer): void {
  res.writeHead(code, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
}

export function namespaceFor(ctx: RestContext, url: URL): Namespace {
  return ctx.namespaces.get(url.searchParams.get("ns") ?? ctx.defaultNamespace);
}

/**
 * Splits the raw request path (not url.pathname: URL parsing silently resolves '..'); a path
 * ending in `.priority` addresses the node's priority.
 */
function dataPath(rawUrl: string): { parts: string[]; priority: boolean } {
  const rawPath = rawUrl.split("?")[0]!.slice(0, -".json".length);
  try {
    const segments = rawPath
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    if (segments.some((s) => s === ".." || s === ".")) throw new CodedError("invalid_request", "Path segments . and .. are not allowed");
    const parsed = parseWritePath(segments.join("/"));
    if (segments.some((s) => s.includes("/"))) throw new CodedError("invalid_request", "Encoded / in a key");
    return parsed;
  } catch (err) {
    throw new CodedError("invalid_request", err instanceof URIError ? "Malformed path encoding" : (err as Error).message);
  }
}

/** A REST stream's request: a GET that accepts `text/event-stream`. */
export function isStreamRequest(req: http.IncomingMessage, method: string): boolean {
  return method === "GET" && /text\/event-stream/i.test(req.headers.accept ?? "");
}

/** GET/PUT/PATCH/POST/DELETE on `<path>.json`. */
export async function handleData(ctx: RestContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL, method: string): Promise<void> {
  const ns = namespaceFor(ctx, url);
  const { parts, priority } = dataPath(req.url ?? "/");
  const actor = actorFor(req, url);
  if (priority) return handlePriority(ctx, req, res, ns, parts, actor, method);
  switch (method) {
    case "GET": {
      const query = restQuery(url);
      const exportFormat = url.searchParams.get("format") === "export";
      if (isStreamRequest(req, method)) {
        if (!ns.canRead(parts, actor, query)) throw new CodedError("permission_denied", "Permission denied");
        return ctx.openStream(new ResponseOutput(res), ns, parts, actor, query, exportFormat);
      }
      ns.checkRead(parts, actor, query);
      const shallow = url.searchParams.get("shallow") === "true";
      const pretty = url.searchParams.get("print") === "pretty";
      return sendAnswer(res, 200, readAnswer(ns, parts, query, { exportFormat, shallow, pretty }));
    }
    case "PUT": {
      const body = await readJsonBody(req, ctx.maxMessageBytes);
      await ns.set(parts, body, actor);
      return sendJson(res, 200, toRestJson(ns.read(parts, "owner")));
    }
    case "PATCH": {
      const body = await readJsonBody(req, ctx.maxMessageBytes);
      await ns.update(parts, body, actor);
      // The patch as sent (server values unresolved), arrays rendered like every answer.
      return sendJson(res, 200, toRestJson(body as Json));
    }
    case "POST": {
      const body = await readJsonBody(req, ctx.maxMessageBytes);
      const id = pushId();
      await ns.set([...parts, id], body, actor);
      return sendJson(res, 200, { name: id });
    }
    case "DELETE":
      await ns.set(parts, null, actor);
      return sendJson(res, 200, null);
    default:
      throw new CodedError("method_not_allowed", `Method ${method} not allowed`);
  }
}

/** `<path>/.priority.json`: read, set or remove a node's priority. */
async function handlePriority(
  ctx: RestContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ns: Namespace,
  parts: string[],
  actor: Actor,
  method: string,
): Promise<void> {
  switch (method) {
    case "GET":
      return sendJson(res, 200, priorityOf(ns.read(parts, actor)));
    case "PUT":
      await ns.setPriority(parts, await readJsonBody(req, ctx.maxMessageBytes), actor);
      return sendJson(res, 200, priorityOf(ns.read(parts, "owner")));
    case "DELETE":
      await ns.setPriority(parts, null, actor);
      return sendJson(res, 200, null);
    default:
      throw new CodedError("method_not_allowed", `Method ${method} not allowed on a priority`);
  }
}

/** REST query parameters (orderBy, limitToFirst, ...) to the wire query form. */
export function restQuery(url: URL): QuerySpec | undefined {
  const p = url.searchParams;
  const orderBy = p.get("orderBy");
  if (!orderBy) {
    if (["limitToFirst", "limitToLast", "startAt", "endAt", "equalTo"].some((k) => p.has(k))) {
      throw new CodedError("invalid_request", "orderBy must be defined when other query parameters are defined");
    }
    return undefined;
  }
  const parse = (name: string): Json | undefined => {
    const v = p.get(name);
    if (v === null) return undefined;
    try {
      return JSON.parse(v) as Json;
    } catch {
      throw new CodedError("invalid_request", `${name} must be JSON`);
    }
  };
  let index: unknown;
  try {
    index = JSON.parse(orderBy);
  } catch {
    throw new CodedError("invalid_request", "orderBy must be JSON");
  }
  const q: QuerySpec = {};
  if (index === "$key") q.i = ".key";
  else if (index === "$value") q.i = ".value";
  else if (typeof index !== "string") throw new CodedError("invalid_request", "orderBy must be a JSON string");
  else if (index !== "$priority") q.i = index;
  const equalTo = parse("equalTo");
  const startAt = parse("startAt");
  const endAt = parse("endAt");
  if (equalTo !== undefined) {
    q.sp = equalTo;
    q.ep = equalTo;
  }
  if (startAt !== undefined) q.sp = startAt;
  if (endAt !== undefined) q.ep = endAt;
  const first = parse("limitToFirst");
  const last = parse("limitToLast");
  for (const [name, v] of [
    ["limitToFirst", first],
    ["limitToLast", last],
  ] as const) {
    if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v <= 0))
      throw new CodedError("invalid_request", `${name} must be a positive integer`);
  }
  if (first !== undefined && last !== undefined) throw new CodedError("invalid_request", "Only one of limitToFirst and limitToLast can be given");
  if (equalTo !== undefined && (startAt !== undefined || endAt !== undefined))
    throw new CodedError("invalid_request", "equalTo cannot be combined with startAt or endAt");
  if (typeof first === "number") {
    q.l = first;
    q.vf = "l";
  } else if (typeof last === "number") {
    q.l = last;
    q.vf = "r";
  }
  try {
    new CompiledQuery(q);
  } catch (err) {
    throw new CodedError("invalid_request", (err as Error).message);
  }
  return q;
}
