// The official emulator's control endpoints that test tools call, with its request and answer
// shapes: `PUT /internal/setRules` (what @firebase/rules-unit-testing's loadStorageRules and
// initializeTestEnvironment send) and `POST /internal/reset` (every object and upload removed).
import { parseJson, readBody } from "./body.js";
import { StorageError } from "./errors.js";
import { MAX_JSON_BYTES, sendJson, type ApiContext } from "./firebase-api.js";
import type http from "node:http";
import { RulesError } from "./rules/index.js";

/** Rules files are small; the official emulator takes up to 130 MB, which no rules file needs. */
const MAX_RULES_BYTES = 4 * 1024 * 1024;

export async function internalEndpoint(ctx: ApiContext, req: http.IncomingMessage, res: http.ServerResponse, method: string, pathname: string): Promise<void> {
  if (pathname === "/internal/setRules") {
    if (method !== "PUT") throw new StorageError("method_not_allowed", `${method} is not supported here: use PUT`);
    return setRules(ctx, req, res);
  }
  if (pathname === "/internal/reset") {
    if (method !== "POST") throw new StorageError("method_not_allowed", `${method} is not supported here: use POST`);
    await readBody(req, MAX_JSON_BYTES);
    const objects = await ctx.store.clear();
    await ctx.uploads.clear();
    ctx.log(`reset: ${objects} objects and every resumable upload removed`);
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("OK");
    return;
  }
  throw new StorageError("not_found", `Not found: ${pathname.slice(0, 200)} (this server has /internal/setRules and /internal/reset)`);
}

/** Body `{"rules": {"files": [{"name", "content"}]}}`; answers `{"message"}` as the official emulator does. */
async function setRules(ctx: ApiContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = parseJson(await readBody(req, MAX_RULES_BYTES), "request body");
  } catch (error) {
    return sendJson(res, error instanceof StorageError && error.code === "too_big" ? 413 : 400, { message: (error as Error).message });
  }
  const files = (body as { rules?: { files?: unknown } } | null)?.rules?.files;
  if (!Array.isArray(files) || files.length === 0) return sendJson(res, 400, { message: "Request body must include 'rules.files' array" });
  const file = files[0] as { name?: unknown; content?: unknown } | null;
  if (files.length > 1) return sendJson(res, 400, { message: "This server keeps one ruleset for every bucket: send one member in 'rules.files'" });
  if (typeof file?.name !== "string" || typeof file.content !== "string")
    return sendJson(res, 400, { message: "Each member of 'rules.files' array must contain 'name' and 'content'" });
  try {
    ctx.setRules(file.content);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    ctx.log(`rules from PUT /internal/setRules refused (the old rules stay): ${error.message}`);
    return sendJson(res, 400, { message: `There was an error updating rules: ${file.name}: ${error.message}` });
  }
  ctx.log(`rules replaced by PUT /internal/setRules (${file.name})`);
  sendJson(res, 200, { message: "Rules updated successfully" });
}
