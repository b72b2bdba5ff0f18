// The resumable upload protocol as the SDK and Google's upload servers speak it: a POST with
// `X-Goog-Upload-Command` start, upload, "upload, finalize", finalize, query or cancel. Its
// answers carry `X-Goog-Upload-Status` (active, final, cancelled) and the bytes received so far
// (`X-Goog-Upload-Size-Received`), which a client resumes from; sessions live in uploads.ts.
import { actorOf, type Actor } from "./auth.js";
import { parseJson, readBody } from "./body.js";
import { mergeHashes, parseHashHeader, type ExpectedHashes } from "./checksums.js";
import { ERROR_STATUS, StorageError, badRequest, notFound } from "./errors.js";
import { authorize, commitUpload, sendJson, MAX_JSON_BYTES, type ApiContext, type ObjectRequest } from "./firebase-api.js";
import { newObjectMetadata, parseIncomingMetadata } from "./metadata.js";
import { checkObjectName, nameParam } from "./names.js";
import { checkContentRange } from "./range.js";
import type { UploadSession } from "./uploads.js";

/** The command sets a request may carry: one command, or an upload that also finalizes. */
const COMMANDS = ["start", "upload", "finalize", "upload,finalize", "query", "cancel"];

export async function resumable(ctx: ApiContext, r: ObjectRequest, header: string): Promise<void> {
  const commands = [
    ...new Set(
      header
        .split(",")
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort((a, b) => COMMANDS.indexOf(a) - COMMANDS.indexOf(b));
  const command = commands.join(",");
  if (!COMMANDS.includes(command))
    throw badRequest(
      `X-Goog-Upload-Command must be start, upload, finalize, "upload, finalize", query or cancel (got ${JSON.stringify(header.slice(0, 100))})`,
    );
  const actor = actorOf(r.req);
  if (command === "start") return startResumable(ctx, r, actor);
  const id = r.url.searchParams.get("upload_id");
  if (!id) throw badRequest("This resumable upload command needs ?upload_id=");
  return ctx.uploads.using(id, async (session) => {
    if (session.bucket !== r.bucket) throw notFound(`No resumable upload ${id} in bucket ${r.bucket}`);
    if (command === "query") return answerStatus(r, session);
    if (command === "cancel") {
      await ctx.uploads.cancel(id);
      return answerStatus(r, session);
    }
    // A finalize repeated (its answer lost) gets the earlier outcome, whatever bytes it carries again.
    if (command.endsWith("finalize") && session.final) {
      await readBody(r.req, ctx.maxObjectBytes);
      return sendJson(r.res, session.final.status, session.final.body, { "X-Goog-Upload-Status": "final" });
    }
    // A malformed X-Goog-Hash is refused before any byte is taken.
    const hashes = command.endsWith("finalize") ? parseHashHeader(r.req.headers["x-goog-hash"]) : {};
    if (command.startsWith("upload")) await uploadChunk(ctx, r, session);
    // A finalize without bytes has no body to read; drain whatever came.
    else await readBody(r.req, MAX_JSON_BYTES);
    if (!command.endsWith("finalize")) return answerStatus(r, session);
    return finalize(ctx, r, actor, id, hashes);
  });
}

/** Stores the bytes received; a refusal of the bytes themselves (rules, checksum) is the upload's final outcome too. */
async function finalize(ctx: ApiContext, r: ObjectRequest, actor: Actor, id: string, hashes: ExpectedHashes): Promise<void> {
  const answer = await ctx.uploads.finalize(id, async (s, bytes) => {
    try {
      const expected = mergeHashes(s.metadata.hashes ?? {}, hashes);
      return { status: 200, body: await commitUpload(ctx, actor, s.bucket, s.name, bytes, { ...s.metadata, hashes: expected }, s.contentType) };
    } catch (error) {
      if (!(error instanceof StorageError) || (error.code !== "permission_denied" && error.code !== "checksum_mismatch")) throw error;
      const status = ERROR_STATUS[error.code];
      return { status, body: { error: { code: status, message: error.message } } };
    }
  });
  sendJson(r.res, answer.status, answer.body, { "X-Goog-Upload-Status": "final" });
}

function answerStatus(r: ObjectRequest, session: UploadSession): void {
  const headers: Record<string, string> = { "X-Goog-Upload-Status": session.status, "X-GUploader-UploadID": session.id };
  if (session.status !== "cancelled") headers["X-Goog-Upload-Size-Received"] = String(session.received);
  r.res.writeHead(200, headers);
  r.res.end();
}

async function uploadChunk(ctx: ApiContext, r: ObjectRequest, session: UploadSession): Promise<void> {
  const offsetHeader = r.req.headers["x-goog-upload-offset"];
  const offset = Number(offsetHeader);
  if (offsetHeader === undefined || !/^\d{1,16}$/.test(String(offsetHeader)) || !Number.isSafeInteger(offset))
    throw badRequest("An upload chunk needs X-Goog-Upload-Offset: <bytes already sent> (a whole number)");
  const chunk = await readBody(r.req, ctx.maxObjectBytes);
  const contentRange = r.req.headers["content-range"];
  checkContentRange(contentRange, { offset, length: chunk.length, declaredSize: session.declaredSize, maxBytes: ctx.maxObjectBytes });
  await ctx.uploads.append(session.id, offset, chunk);
}

async function startResumable(ctx: ApiContext, r: ObjectRequest, actor: Actor): Promise<void> {
  const incoming = parseIncomingMetadata(parseJson(await readBody(r.req, MAX_JSON_BYTES), "upload metadata"));
  const name = checkObjectName(nameParam(r.url) ?? incoming.name ?? "");
  const sizeHeader = r.req.headers["x-goog-upload-header-content-length"];
  const declaredSize = sizeHeader === undefined ? undefined : Number(sizeHeader);
  if (declaredSize !== undefined && (!/^\d{1,16}$/.test(String(sizeHeader)) || !Number.isSafeInteger(declaredSize)))
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
  const host = r.req.headers.host && /^[A-Za-z0-9.[\]:-]+$/.test(r.req.headers.host) ? r.req.headers.host : undefined;
  if (!host) throw badRequest("A resumable upload needs a Host header");
  const session = await ctx.uploads.start({ bucket: r.bucket, name, metadata: incoming, contentType, declaredSize });
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
