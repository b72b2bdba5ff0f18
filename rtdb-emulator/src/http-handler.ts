// The HTTP side of the server: routing (CORS preflight, the long-poll stub, the rules endpoint,
// the REST API of rest.ts) and the terminal handler, which turns every error into an answer
// through the one table of error codes and their HTTP status.
import type http from "node:http";
import { CodedError, type ErrorCode } from "./errors.js";
import { answerPreflight, requestUrl } from "local-server-kit";
import { EDGE_ERRORS, actorFor, handleData, isStreamRequest, readBody, sendJson, type RestContext } from "./rest.js";

export interface HttpContext extends RestContext {
  /** Replaces the rules of one namespace, or the default ones (throws when they do not parse). */
  setRules(text: string, namespace?: string): void;
  log: (line: string) => void;
}

/** The HTTP status of each error code (the wire protocol sends the code itself). */
const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  permission_denied: 401,
  not_found: 404,
  method_not_allowed: 405,
  datastale: 412,
  too_big: 413,
  internal_error: 500,
  unavailable: 503,
};

/** The HTTP status an error answers with: its code's, or 500 for anything uncoded. */
export function httpStatusOf(err: unknown): number {
  return err instanceof CodedError ? ERROR_STATUS[err.code] : 500;
}

/** The terminal handler: every error thrown while answering a request ends here. */
function answerError(res: http.ServerResponse, err: unknown, log: (line: string) => void): void {
  const status = httpStatusOf(err);
  if (status === 500) log(`REST error: ${(err as Error)?.stack ?? String(err)}`);
  // The rest of an oversized body is not read: the connection cannot carry another request.
  if (status === 413 && !res.headersSent) res.setHeader("connection", "close");
  // A refused stream has no CORS header yet (see route).
  if (!res.headersSent) res.setHeader("Access-Control-Allow-Origin", "*");
  sendJson(res, status, { error: (err as Error).message ?? "Internal error" });
}

export function createHttpHandler(ctx: HttpContext): http.RequestListener {
  return (req, res) => {
    route(ctx, req, res).catch((err: unknown) => answerError(res, err, ctx.log));
  };
}

async function route(ctx: HttpContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  // Not on a stream, which sends it with its own headers: a header set here is kept, as a
  // name-value pair, for as long as the response lasts, and a stream lasts.
  if (!isStreamRequest(req, method)) res.setHeader("Access-Control-Allow-Origin", "*");
  if (method === "OPTIONS") return preflight(req, res);
  const url = requestUrl(req, EDGE_ERRORS);
  if (url.pathname === "/.lp") return longPoll(url, res, ctx.log);
  if (url.pathname === "/" || url.pathname === "") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("rtdb-emulator: Firebase Realtime Database wire protocol server\n");
    return;
  }
  if (url.pathname === "/.settings/rules.json") return rulesEndpoint(ctx, req, res, method, url);
  if (!url.pathname.endsWith(".json")) throw new CodedError("not_found", "Not found: REST paths end in .json");
  return handleData(ctx, req, res, url, method);
}

/** CORS preflight: every method, and whatever headers the browser asks for (Content-Type for a JSON POST, Authorization...). */
const preflight = (req: http.IncomingMessage, res: http.ServerResponse) =>
  answerPreflight(req, res, "GET, PUT, PATCH, POST, DELETE, OPTIONS", "Authorization, Content-Type, Accept, Cache-Control");

/** GET: the rules of `?ns=` (or the default ones); PUT (owner only): replace them. */
async function rulesEndpoint(ctx: HttpContext, req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL): Promise<void> {
  const namespace = url.searchParams.get("ns") ?? undefined;
  if (method === "GET") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(ctx.namespaces.rulesText(namespace));
    return;
  }
  if (method !== "PUT") throw new CodedError("method_not_allowed", "Use GET or PUT");
  if (actorFor(req, url) !== "owner") throw new CodedError("permission_denied", 'Replacing rules needs "Authorization: Bearer owner"');
  const text = await readBody(req, ctx.maxMessageBytes);
  try {
    ctx.setRules(text, namespace);
  } catch (err) {
    throw err instanceof CodedError ? err : new CodedError("invalid_request", (err as Error).message);
  }
  ctx.log(namespace === undefined ? "default rules replaced through REST" : `rules of ${namespace} replaced through REST`);
  sendJson(res, 200, { status: "ok" });
}

/**
 * The browser SDK starts with long-polling when localStorage says a websocket failed
 * before. This answer clears that flag and closes the poll, so the SDK's next attempt
 * uses a websocket (which is all this server speaks).
 */
function longPoll(url: URL, res: http.ServerResponse, log: (line: string) => void): void {
  const cb = (url.searchParams.get("cb") ?? "").replace(/[^0-9A-Za-z_]/g, "");
  const script =
    "try{localStorage.removeItem('firebase:previous_websocket_failure')}catch(e){}" +
    (cb ? `try{var w=window.parent||window;var f=w['pLPCommand${cb}'];if(f){f('close')}}catch(e){}` : "");
  res.writeHead(200, { "content-type": "application/javascript", "cache-control": "no-store" });
  res.end(script);
  log("long-poll attempt answered: websocket-failure flag cleared, poll closed");
}
