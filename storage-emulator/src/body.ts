// Reading request bodies with a size limit, JSON bodies, and the multipart/related body of a
// one-shot upload (a JSON metadata part, then the bytes).
import type http from "node:http";
import { readBody as readRequestBody, type EdgeErrors } from "local-server-kit";
import { StorageError, badRequest } from "./errors.js";

/** How this server words a bad or oversized body (the kit reads it). */
export const EDGE_ERRORS: EdgeErrors = {
  badRequest,
  tooBig: (limit) => new StorageError("too_big", `The request body is larger than this server accepts (${limit} bytes)`),
};

export const readBody = (req: http.IncomingMessage, limit: number): Promise<Buffer> => readRequestBody(req, limit, EDGE_ERRORS);

export function parseJson(bytes: Buffer, what: string): unknown {
  if (bytes.length === 0) return null;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    throw badRequest(`The ${what} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Splits a multipart/related upload body into its metadata JSON and its bytes (with their Content-Type). */
export function parseMultipart(contentType: string | undefined, body: Buffer): { metadata: unknown; bytes: Buffer; bytesType?: string } {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  if (!contentType || !/^multipart\/related/i.test(contentType) || !boundaryMatch)
    throw badRequest("A multipart upload needs Content-Type: multipart/related; boundary=...");
  const boundary = boundaryMatch[1] ?? boundaryMatch[2]!;
  const delimiter = Buffer.from(`--${boundary}`);
  const first = body.indexOf(delimiter);
  const closing = body.lastIndexOf(Buffer.from(`\r\n--${boundary}--`));
  if (first === -1 || closing === -1 || closing < first) throw badRequest("The multipart body is not framed by its boundary");
  const second = body.indexOf(Buffer.from(`\r\n--${boundary}\r\n`), first + delimiter.length);
  if (second === -1 || second >= closing) throw badRequest("The multipart body must have two parts: metadata, then the bytes");
  const metadataPart = splitPart(body.subarray(first + delimiter.length, second));
  const dataPart = splitPart(body.subarray(second + 2 + delimiter.length, closing));
  return {
    metadata: parseJson(metadataPart.content, "metadata part of the multipart body"),
    bytes: dataPart.content,
    bytesType: dataPart.headers["content-type"],
  };
}

function splitPart(part: Buffer): { headers: Record<string, string>; content: Buffer } {
  const start = part.indexOf("\r\n") === 0 ? 2 : 0;
  const end = part.indexOf("\r\n\r\n", start);
  if (end === -1) throw badRequest("A part of the multipart body has no blank line after its headers");
  const headers: Record<string, string> = {};
  for (const line of part.subarray(start, end).toString("utf8").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, content: part.subarray(end + 4) };
}
