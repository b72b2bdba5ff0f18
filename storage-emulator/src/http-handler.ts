// The HTTP side: CORS, routing to the Firebase API (firebase-api.ts, resumable-api.ts) and the
// control endpoints (internal-api.ts), and the terminal handler,
// which turns every error into {"error": {code, message}} with the status from ERROR_STATUS.
import type http from "node:http";
import { answerPreflight, requestUrl } from "local-server-kit";
import { EDGE_ERRORS } from "./body.js";
import { ERROR_STATUS, StorageError, type ErrorCode } from "./errors.js";
import { deleteObject, getObject, listObjects, sendJson, updateObjectMetadata, upload, type ApiContext, type ObjectRequest } from "./firebase-api.js";
import { internalEndpoint } from "./internal-api.js";
import { checkBucket, checkObjectName, decodePart } from "./names.js";
import { resumable } from "./resumable-api.js";

/** Response headers a page's script may read: the resumable protocol's, and the download's. */
const EXPOSED_HEADERS = [
  "X-Goog-Upload-URL",
  "X-Goog-Upload-Status",
  "X-Goog-Upload-Size-Received",
  "X-Goog-Upload-Chunk-Granularity",
  "X-GUploader-UploadID",
  "X-Goog-Generation",
  "X-Goog-Metageneration",
  "Content-Range",
  "Content-Length",
  "Content-Disposition",
  "ETag",
].join(", ");

export function createHttpHandler(ctx: ApiContext): http.RequestListener {
  return (req, res) => {
    route(ctx, req, res).catch((err: unknown) => answerError(res, err, ctx.log));
  };
}

function answerError(res: http.ServerResponse, err: unknown, log: (line: string) => void): void {
  const code: ErrorCode = err instanceof StorageError ? err.code : "internal";
  const status = ERROR_STATUS[code];
  if (status === 500) log(`error: ${(err as Error)?.stack ?? String(err)}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = err instanceof StorageError ? { ...err.headers } : {};
  // The rest of an oversized body is not read: the connection cannot carry another request.
  if (status === 413) headers["Connection"] = "close";
  sendJson(res, status, { error: { code: status, message: status === 500 ? "Internal error" : (err as Error).message } }, headers);
}

async function route(ctx: ApiContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  if (method === "OPTIONS") return preflight(req, res);
  const url = requestUrl(req, EDGE_ERRORS);
  const parts = url.pathname.split("/");
  if (url.pathname === "/" || url.pathname === "") return sendJson(res, 200, { emulator: "storage", server: "storage-emulator" });
  if (parts[1] === "internal") return internalEndpoint(ctx, req, res, method, url.pathname);
  // ["", "v0", "b", bucket, "o", ...encoded name]
  if (parts[1] !== "v0" || parts[2] !== "b" || parts[3] === undefined || parts[4] !== "o")
    throw new StorageError("not_found", `Not found: ${url.pathname.slice(0, 200)} (the API lives under /v0/b/{bucket}/o)`);
  const bucket = checkBucket(decodePart(parts[3]));
  const rawName = parts.slice(5).join("/");
  const name = rawName === "" ? null : checkObjectName(decodePart(rawName));
  const r: ObjectRequest = { req, res, url, bucket, name };
  const override = String(req.headers["x-http-method-override"] ?? "").toUpperCase();
  const effective = method === "PUT" && override === "PATCH" ? "PATCH" : method;
  const command = req.headers["x-goog-upload-command"];
  if ((effective === "POST" || effective === "PUT") && (command !== undefined || req.headers["x-goog-upload-protocol"] === "resumable"))
    return resumable(ctx, r, String(command ?? ""));
  if (name === null) {
    if (effective === "GET" || effective === "HEAD") return listObjects(ctx, r);
    if (effective === "POST" || effective === "PUT") return upload(ctx, r);
    throw methodNotAllowed(method, "GET (list) or POST (upload)");
  }
  switch (effective) {
    case "GET":
    case "HEAD":
      return getObject(ctx, r);
    case "PATCH":
      return updateObjectMetadata(ctx, r);
    case "DELETE":
      return deleteObject(ctx, r);
    case "POST":
    case "PUT":
      return upload(ctx, r);
    default:
      throw methodNotAllowed(method, "GET, PATCH, DELETE or POST");
  }
}

const methodNotAllowed = (method: string, allowed: string) => new StorageError("method_not_allowed", `${method} is not supported here: use ${allowed}`);

/** CORS preflight: the SDK sends Authorization and X-Goog-* / X-Firebase-* headers from any page. */
const preflight = (req: http.IncomingMessage, res: http.ServerResponse) =>
  answerPreflight(req, res, "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS", "Authorization, Content-Type, X-Goog-Upload-Protocol, X-Goog-Upload-Command");
