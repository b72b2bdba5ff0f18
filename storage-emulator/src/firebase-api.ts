// The Firebase Storage REST API under /v0/b/{bucket}/o, as the firebase/storage SDK calls it:
// uploads (multipart, resumable, plain media), metadata reads and updates, downloads
// (alt=media, download tokens, Range), deletes and listings. Each handler decides who acts
// (auth.ts), asks the rules (access.ts), and leaves storage to the object store and sessions.
import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { actorOf, type Actor } from "./auth.js";
import { parseJson, parseMultipart, readBody } from "./body.js";
import { hashMismatch, mergeHashes, parseHashHeader } from "./checksums.js";
import { StorageError, badRequest, notFound } from "./errors.js";
import {
  etagOf,
  newObjectMetadata,
  outgoingMetadata,
  parseIncomingMetadata,
  rulesResource,
  updatedMetadata,
  type IncomingMetadata,
  type StoredMetadata,
} from "./metadata.js";
import { checkObjectName, nameParam } from "./names.js";
import type { ObjectStore } from "./object-store.js";
import { parseRange } from "./range.js";
import type { CompiledRules, Method } from "./rules/index.js";
import type { UploadSessions } from "./uploads.js";

export interface ApiContext {
  store: ObjectStore;
  uploads: UploadSessions;
  rules: () => CompiledRules;
  /** Replaces the rules (PUT /internal/setRules); throws when they cannot be enforced. */
  setRules: (text: string) => void;
  maxObjectBytes: number;
  log: (line: string) => void;
}

export interface ObjectRequest {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  bucket: string;
  /** The decoded object name, or null for the bucket's object collection (/o). */
  name: string | null;
}

const DEFAULT_LIST_MAX = 1000;
/** JSON bodies (metadata) are small. */
export const MAX_JSON_BYTES = 1024 * 1024;

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** Asks the rules (the owner is always allowed); a refusal is a 403 naming the method and object. */
export function authorize(
  ctx: ApiContext,
  actor: Actor,
  method: Method,
  bucket: string,
  name: string,
  resources: { request?: StoredMetadata; existing?: StoredMetadata },
): void {
  if (actor === "owner") return;
  const path = ["b", bucket, "o", ...(name === "" ? [] : name.split("/"))];
  const decision = ctx.rules().check({
    path,
    method,
    auth: actor,
    requestResource: resources.request ? rulesResource(resources.request) : null,
    resource: resources.existing ? rulesResource(resources.existing) : null,
  });
  if (!decision.allowed) {
    ctx.log(`denied ${method} of ${bucket}/${name} for ${actor ? `uid ${actor.uid}` : "a visitor"}: ${decision.reason}`);
    throw new StorageError(
      "permission_denied",
      `Permission denied: ${actor ? "this user" : "a visitor without sign-in"} may not ${method} ${name || "/"} (${decision.reason})`,
    );
  }
}

function existing(ctx: ApiContext, bucket: string, name: string): StoredMetadata {
  const meta = ctx.store.get(bucket, name);
  if (!meta) throw notFound(`No object ${JSON.stringify(name)} in bucket ${bucket}`);
  return meta;
}

export async function getObject(ctx: ApiContext, r: ObjectRequest): Promise<void> {
  const name = r.name!;
  const meta = existing(ctx, r.bucket, name);
  const token = r.url.searchParams.get("token");
  // A download token lets anyone holding the URL read the object, whatever the rules say.
  const byToken = token !== null && meta.downloadTokens.some((t) => safeEqual(t, token));
  if (!byToken) authorize(ctx, actorOf(r.req), "get", r.bucket, name, { existing: meta });
  if (r.url.searchParams.get("alt") === "media") return sendBytes(ctx, r, meta);
  sendJson(r.res, 200, outgoingMetadata(meta), { ETag: etagOf(meta) });
}

async function sendBytes(ctx: ApiContext, r: ObjectRequest, meta: StoredMetadata): Promise<void> {
  const range = parseRange(r.req.headers.range, meta.size);
  const etag = etagOf(meta);
  const headers: Record<string, string | number> = {
    "Content-Type": meta.contentType,
    "Cache-Control": meta.cacheControl ?? "private, max-age=0",
    "Content-Disposition": `${meta.contentDisposition ?? "inline"}; filename*=utf-8''${encodeURIComponent(meta.name.split("/").pop()!)}`,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": new Date(meta.updated).toUTCString(),
    "X-Goog-Generation": meta.generation,
    "X-Goog-Metageneration": String(meta.metageneration),
  };
  if (meta.contentEncoding) headers["Content-Encoding"] = meta.contentEncoding;
  if (meta.contentLanguage) headers["Content-Language"] = meta.contentLanguage;
  if (!range && r.req.headers["if-none-match"] === etag) {
    r.res.writeHead(304, headers);
    r.res.end();
    return;
  }
  const bytes = await ctx.store.readBytes(meta);
  if (range) {
    r.res.writeHead(206, { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${meta.size}`, "Content-Length": range.end - range.start + 1 });
    r.res.end(bytes.subarray(range.start, range.end + 1));
    return;
  }
  r.res.writeHead(200, { ...headers, "Content-Length": bytes.length });
  r.res.end(bytes);
}

export function listObjects(ctx: ApiContext, r: ObjectRequest): void {
  const params = r.url.searchParams;
  const prefix = params.get("prefix") ?? "";
  if (prefix !== "" && !prefix.endsWith("/")) throw badRequest("The prefix parameter must be empty or end with a single /");
  if (prefix !== "") checkObjectName(prefix.slice(0, -1));
  const delimiter = params.get("delimiter") ?? "";
  if (delimiter !== "" && delimiter !== "/") throw badRequest('The only delimiter supported is "/"');
  const maxRaw = params.get("maxResults");
  const maxResults = maxRaw === null ? DEFAULT_LIST_MAX : Number(maxRaw);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > DEFAULT_LIST_MAX)
    throw badRequest(`maxResults must be an integer from 1 to ${DEFAULT_LIST_MAX}`);
  const tokenRaw = params.get("pageToken");
  let pageToken: string | undefined;
  if (tokenRaw) {
    pageToken = Buffer.from(tokenRaw, "base64url").toString("utf8");
    if (!pageToken.startsWith(prefix) || Buffer.from(pageToken).toString("base64url") !== tokenRaw)
      throw badRequest("The pageToken is not one this listing gave");
  }
  authorize(ctx, actorOf(r.req), "list", r.bucket, prefix.replace(/\/$/, ""), {});
  const page = ctx.store.list(r.bucket, { prefix, delimiter, pageToken, maxResults });
  sendJson(r.res, 200, {
    prefixes: page.prefixes,
    items: page.items.map((m) => ({ name: m.name, bucket: m.bucket })),
    nextPageToken: page.nextPageToken === undefined ? undefined : Buffer.from(page.nextPageToken).toString("base64url"),
  });
}

export async function updateObjectMetadata(ctx: ApiContext, r: ObjectRequest): Promise<void> {
  const actor = actorOf(r.req);
  const incoming = parseIncomingMetadata(parseJson(await readBody(r.req, MAX_JSON_BYTES), "metadata"));
  const current = existing(ctx, r.bucket, r.name!);
  const next = updatedMetadata(current, incoming);
  authorize(ctx, actor, "update", r.bucket, r.name!, { request: next, existing: current });
  sendJson(r.res, 200, outgoingMetadata(await ctx.store.updateMetadata(next)));
}

export async function deleteObject(ctx: ApiContext, r: ObjectRequest): Promise<void> {
  const actor = actorOf(r.req);
  const meta = existing(ctx, r.bucket, r.name!);
  authorize(ctx, actor, "delete", r.bucket, r.name!, { existing: meta });
  await ctx.store.delete(meta);
  r.res.writeHead(204);
  r.res.end();
}

/**
 * Stores a complete upload once its bytes match the checksums the client sent and the rules
 * allow it: create, or update when the name exists. A refusal stores nothing.
 */
export async function commitUpload(ctx: ApiContext, actor: Actor, bucket: string, name: string, bytes: Buffer, incoming: IncomingMetadata, bytesType?: string) {
  const meta = newObjectMetadata(bucket, name, bytes, incoming, bytesType);
  const mismatch = hashMismatch(incoming.hashes ?? {}, { md5Hash: meta.md5Hash, crc32c: meta.crc32c! });
  if (mismatch) throw new StorageError("checksum_mismatch", mismatch);
  const previous = ctx.store.get(bucket, name);
  authorize(ctx, actor, previous ? "update" : "create", bucket, name, { request: meta, existing: previous });
  return outgoingMetadata(await ctx.store.put(meta, bytes));
}

/** POST /v0/b/{bucket}/o?name=...: a multipart or media upload (resumable-api.ts has the resumable protocol). */
export async function upload(ctx: ApiContext, r: ObjectRequest): Promise<void> {
  const protocol = r.req.headers["x-goog-upload-protocol"];
  const actor = actorOf(r.req);
  const body = await readBody(r.req, ctx.maxObjectBytes + 64 * 1024);
  if (protocol === "multipart") {
    const { metadata, bytes, bytesType } = parseMultipart(r.req.headers["content-type"], body);
    if (bytes.length > ctx.maxObjectBytes) throw new StorageError("too_big", `Objects are limited to ${ctx.maxObjectBytes} bytes on this server`);
    const incoming = parseIncomingMetadata(metadata);
    incoming.hashes = mergeHashes(incoming.hashes ?? {}, parseHashHeader(r.req.headers["x-goog-hash"]));
    const name = checkObjectName(nameParam(r.url) ?? incoming.name ?? "");
    sendJson(r.res, 200, await commitUpload(ctx, actor, r.bucket, name, bytes, incoming, bytesType));
    return;
  }
  if (protocol !== undefined && protocol !== "raw") throw badRequest(`Unknown X-Goog-Upload-Protocol ${JSON.stringify(protocol)}: multipart, resumable or raw`);
  const name = checkObjectName(nameParam(r.url) ?? r.name ?? "");
  if (body.length > ctx.maxObjectBytes) throw new StorageError("too_big", `Objects are limited to ${ctx.maxObjectBytes} bytes on this server`);
  const hashes = parseHashHeader(r.req.headers["x-goog-hash"]);
  sendJson(r.res, 200, await commitUpload(ctx, actor, r.bucket, name, body, { fields: {}, hashes }, r.req.headers["content-type"]));
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
