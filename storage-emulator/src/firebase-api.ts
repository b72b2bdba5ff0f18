// The Firebase Storage REST API under /v0/b/{bucket}/o, as the firebase/storage SDK calls it:
// uploads (multipart, resumable, plain media), metadata reads and updates, downloads
// (alt=media, download tokens, Range), deletes and listings. Each handler decides who acts
// (auth.ts), asks the rules (access.ts), and leaves storage to the object store and sessions.
import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { actorOf, type Actor } from "./auth.js";
import { parseJson, parseMultipart, readBody } from "./body.js";
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
import { checkObjectName } from "./names.js";
import type { ObjectStore } from "./object-store.js";
import { parseRange } from "./range.js";
import type { CompiledRules, Method } from "./rules/index.js";
import type { UploadSession, UploadSessions } from "./uploads.js";

export interface ApiContext {
  store: ObjectStore;
  uploads: UploadSessions;
  rules: () => CompiledRules;
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
const MAX_JSON_BYTES = 1024 * 1024;

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
function authorize(
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

/** Stores a complete upload after the rules allowed it: create, or update when the name exists. */
async function commitUpload(ctx: ApiContext, actor: Actor, bucket: string, name: string, bytes: Buffer, incoming: IncomingMetadata, bytesType?: string) {
  const meta = newObjectMetadata(bucket, name, bytes, incoming, bytesType);
  const previous = ctx.store.get(bucket, name);
  authorize(ctx, actor, previous ? "update" : "create", bucket, name, { request: meta, existing: previous });
  return outgoingMetadata(await ctx.store.put(meta, bytes));
}

/** POST /v0/b/{bucket}/o?name=...: a multipart or media upload, or a resumable upload's command. */
export async function upload(ctx: ApiContext, r: ObjectRequest): Promise<void> {
  const command = r.req.headers["x-goog-upload-command"];
  const protocol = r.req.headers["x-goog-upload-protocol"];
  if (command !== undefined || protocol === "resumable") return resumable(ctx, r, String(command ?? ""));
  const actor = actorOf(r.req);
  const body = await readBody(r.req, ctx.maxObjectBytes + 64 * 1024);
  if (protocol === "multipart") {
    const { metadata, bytes, bytesType } = parseMultipart(r.req.headers["content-type"], body);
    if (bytes.length > ctx.maxObjectBytes) throw new StorageError("too_big", `Objects are limited to ${ctx.maxObjectBytes} bytes on this server`);
    const incoming = parseIncomingMetadata(metadata);
    const name = checkObjectName(r.url.searchParams.get("name") ?? incoming.name ?? "");
    sendJson(r.res, 200, await commitUpload(ctx, actor, r.bucket, name, bytes, incoming, bytesType));
    return;
  }
  if (protocol !== undefined && protocol !== "raw") throw badRequest(`Unknown X-Goog-Upload-Protocol ${JSON.stringify(protocol)}: multipart, resumable or raw`);
  const name = checkObjectName(r.url.searchParams.get("name") ?? r.name ?? "");
  if (body.length > ctx.maxObjectBytes) throw new StorageError("too_big", `Objects are limited to ${ctx.maxObjectBytes} bytes on this server`);
  sendJson(r.res, 200, await commitUpload(ctx, actor, r.bucket, name, body, { fields: {} }, r.req.headers["content-type"]));
}

const COMMANDS = new Set(["start", "upload", "finalize", "query", "cancel"]);

async function resumable(ctx: ApiContext, r: ObjectRequest, header: string): Promise<void> {
  const commands = new Set(
    header
      .split(",")
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean),
  );
  const unknown = [...commands].filter((c) => !COMMANDS.has(c));
  if (commands.size === 0 || unknown.length > 0)
    throw badRequest(`X-Goog-Upload-Command must be start, upload, finalize, "upload, finalize", query or cancel (got ${JSON.stringify(header)})`);
  const actor = actorOf(r.req);
  if (commands.has("start")) return startResumable(ctx, r, actor);
  const id = r.url.searchParams.get("upload_id");
  if (!id) throw badRequest("This resumable upload command needs ?upload_id=");
  const session = ctx.uploads.get(id);
  if (session.bucket !== r.bucket) throw notFound(`No resumable upload ${id} in bucket ${r.bucket}`);
  const status = (s: UploadSession) => ({ "X-Goog-Upload-Status": s.status, "X-Goog-Upload-Size-Received": String(s.received) });
  if (commands.has("query")) {
    r.res.writeHead(200, status(session));
    r.res.end();
    return;
  }
  if (commands.has("cancel")) {
    await ctx.uploads.cancel(id);
    r.res.writeHead(200, { "X-Goog-Upload-Status": "cancelled" });
    r.res.end();
    return;
  }
  if (commands.has("upload")) {
    const offsetHeader = r.req.headers["x-goog-upload-offset"];
    const offset = Number(offsetHeader);
    if (offsetHeader === undefined || !/^\d+$/.test(String(offsetHeader)) || !Number.isSafeInteger(offset))
      throw badRequest("An upload chunk needs X-Goog-Upload-Offset: <bytes already sent>");
    const chunk = await readBody(r.req, ctx.maxObjectBytes);
    await ctx.uploads.append(id, offset, chunk);
  } else {
    // A finalize without bytes has no body to read; drain whatever came.
    await readBody(r.req, MAX_JSON_BYTES);
  }
  if (!commands.has("finalize")) {
    r.res.writeHead(200, status(session));
    r.res.end();
    return;
  }
  const answer = await ctx.uploads.finalize(id, async (s, bytes) => {
    try {
      return { status: 200, body: await commitUpload(ctx, actor, s.bucket, s.name, bytes, s.metadata, s.contentType) };
    } catch (error) {
      if (error instanceof StorageError && error.code === "permission_denied") return { status: 403, body: { error: { code: 403, message: error.message } } };
      throw error;
    }
  });
  sendJson(r.res, answer.status, answer.body, { "X-Goog-Upload-Status": "final" });
}

async function startResumable(ctx: ApiContext, r: ObjectRequest, actor: Actor): Promise<void> {
  const incoming = parseIncomingMetadata(parseJson(await readBody(r.req, MAX_JSON_BYTES), "upload metadata"));
  const name = checkObjectName(r.url.searchParams.get("name") ?? incoming.name ?? "");
  const sizeHeader = r.req.headers["x-goog-upload-header-content-length"];
  const declaredSize = sizeHeader === undefined ? undefined : Number(sizeHeader);
  if (declaredSize !== undefined && (!Number.isSafeInteger(declaredSize) || declaredSize < 0))
    throw badRequest("X-Goog-Upload-Header-Content-Length must be a byte count");
  if (declaredSize !== undefined && declaredSize > ctx.maxObjectBytes)
    throw new StorageError("too_big", `Objects are limited to ${ctx.maxObjectBytes} bytes on this server`);
  const typeHeader = r.req.headers["x-goog-upload-header-content-type"];
  const contentType = typeof typeHeader === "string" ? typeHeader : undefined;
  // Refuse early what the rules would refuse at the end, so a denied client sends no bytes; the
  // check at finalize, on the bytes received, is the one that counts.
  if (declaredSize !== undefined) {
    const provisional = newObjectMetadata(r.bucket, name, Buffer.alloc(0), incoming, contentType);
    provisional.size = declaredSize;
    const previous = ctx.store.get(r.bucket, name);
    authorize(ctx, actor, previous ? "update" : "create", r.bucket, name, { request: provisional, existing: previous });
  }
  const session = await ctx.uploads.start({ bucket: r.bucket, name, metadata: incoming, contentType, declaredSize });
  const host = r.req.headers.host && /^[A-Za-z0-9.[\]:-]+$/.test(r.req.headers.host) ? r.req.headers.host : undefined;
  if (!host) throw badRequest("A resumable upload needs a Host header");
  const uploadUrl = new URL(`http://${host}/v0/b/${encodeURIComponent(r.bucket)}/o`);
  uploadUrl.searchParams.set("name", name);
  uploadUrl.searchParams.set("upload_id", session.id);
  uploadUrl.searchParams.set("upload_protocol", "resumable");
  r.res.writeHead(200, {
    "X-Goog-Upload-Status": "active",
    "X-Goog-Upload-URL": uploadUrl.toString(),
    "X-Goog-Upload-Chunk-Granularity": "262144",
    "X-GUploader-UploadID": session.id,
  });
  r.res.end();
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
