// Malformed requests get an error that says what is wrong, never a crash: the server answers
// the next request as before.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageEmulator } from "../src/index.js";
import { BUCKET, objectUrl, pattern, startServer } from "./helpers.js";

let emu: StorageEmulator;
const logs: string[] = [];

beforeAll(async () => {
  emu = await startServer({ maxObjectBytes: 1024, log: (line) => logs.push(line) });
  const res = await fetch(`${emu.url}/v0/b/${BUCKET}/o?name=test%2Fexisting.bin`, { method: "POST", body: pattern(100) });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await emu.close();
});

/** The status and the error message of an answer. */
async function answer(res: Response): Promise<[number, string]> {
  const text = await res.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { error: { message: string } }).error.message;
  } catch {
    /* not JSON */
  }
  return [res.status, message];
}

const collection = `/v0/b/${BUCKET}/o`;
const post = (query: string, headers: Record<string, string>, body?: string | Uint8Array<ArrayBuffer>) =>
  fetch(`${emu.url}${collection}${query}`, { method: "POST", headers, body });

describe("malformed requests", () => {
  it("bad JSON: metadata updates and resumable starts", async () => {
    const patch = await answer(
      await fetch(objectUrl(emu, "test/existing.bin"), { method: "PATCH", headers: { "Content-Type": "application/json" }, body: "{not json" }),
    );
    expect(patch[0]).toBe(400);
    expect(patch[1]).toMatch(/^The metadata is not valid JSON/);
    const start = await answer(await post("?name=test%2Fx", { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" }, "[1,"));
    expect(start).toEqual([400, expect.stringMatching(/^The upload metadata is not valid JSON/)]);
    const wrongType = await answer(await fetch(objectUrl(emu, "test/existing.bin"), { method: "PATCH", body: JSON.stringify({ cacheControl: 5 }) }));
    expect(wrongType).toEqual([400, "Metadata field cacheControl must be a string or null"]);
    const customType = await answer(await fetch(objectUrl(emu, "test/existing.bin"), { method: "PATCH", body: JSON.stringify({ metadata: { a: { b: 1 } } }) }));
    expect(customType).toEqual([400, 'Custom metadata "a" must be a string or null']);
  });

  it("bad multipart bodies", async () => {
    expect(await answer(await post("?name=test%2Fm", { "X-Goog-Upload-Protocol": "multipart", "Content-Type": "application/json" }, "{}"))).toEqual([
      400,
      "A multipart upload needs Content-Type: multipart/related; boundary=...",
    ]);
    const unframed = await answer(
      await post("?name=test%2Fm", { "X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=xyz" }, "no parts here"),
    );
    expect(unframed).toEqual([400, "The multipart body is not framed by its boundary"]);
    const onePart = await answer(
      await post(
        "?name=test%2Fm",
        { "X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=xyz" },
        "--xyz\r\nContent-Type: application/json\r\n\r\n{}\r\n--xyz--",
      ),
    );
    expect(onePart[0]).toBe(400);
  });

  it("bad ranges: malformed, reversed, several, past the end", async () => {
    const url = objectUrl(emu, "test/existing.bin", "?alt=media");
    for (const range of ["bytes=abc", "bytes=5-2", "items=0-1", "bytes=-"]) {
      const [status] = await answer(await fetch(url, { headers: { Range: range } }));
      expect([range, status]).toEqual([range, 400]);
    }
    expect(await answer(await fetch(url, { headers: { Range: "bytes=0-1,4-5" } }))).toEqual([400, "Only one byte range per request is supported"]);
    const past = await fetch(url, { headers: { Range: "bytes=500-600" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */100");
  });

  it("unknown and malformed upload ids, commands and offsets", async () => {
    const base = { "X-Goog-Upload-Protocol": "resumable" };
    expect((await post("?upload_id=0123456789abcdef0123456789abcdef", { ...base, "X-Goog-Upload-Command": "query" })).status).toBe(404);
    expect(await answer(await post("?upload_id=../../etc/passwd", { ...base, "X-Goog-Upload-Command": "query" }))).toEqual([
      404,
      'No resumable upload with id "../../etc/passwd"',
    ]);
    expect((await post("", { ...base, "X-Goog-Upload-Command": "upload" })).status).toBe(400);
    expect(await answer(await post("?upload_id=x", { ...base, "X-Goog-Upload-Command": "explode" }))).toEqual([
      400,
      'X-Goog-Upload-Command must be start, upload, finalize, "upload, finalize", query or cancel (got "explode")',
    ]);
    const started = await post("?name=test%2Fr", { ...base, "X-Goog-Upload-Command": "start" }, "{}");
    const url = started.headers.get("x-goog-upload-url")!;
    const noOffset = await answer(await fetch(url, { method: "POST", headers: { "X-Goog-Upload-Command": "upload" }, body: "abc" }));
    expect(noOffset).toEqual([400, "An upload chunk needs X-Goog-Upload-Offset: <bytes already sent>"]);
    const badOffset = await fetch(url, { method: "POST", headers: { "X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "-1" }, body: "abc" });
    expect(badOffset.status).toBe(400);
    expect((await answer(await post("?name=test%2Fu", { "X-Goog-Upload-Protocol": "carrier-pigeon" }, "x")))[1]).toMatch(/Unknown X-Goog-Upload-Protocol/);
  });

  it("path traversal and bad names", async () => {
    const names = ["../../etc/passwd", "test/../secret", "test/./x", "/test/x", "test//x", "test/x/", "a\u0000b"];
    for (const name of names) {
      const [status, message] = await answer(await fetch(objectUrl(emu, name)));
      expect([name, status]).toEqual([name, 400]);
      expect(message).toMatch(/Object names/);
    }
    // An upload to such a name stores nothing.
    expect((await post(`?name=${encodeURIComponent("../escape")}`, {}, "x")).status).toBe(400);
    // Unencoded dot segments are resolved away before routing: what remains is not the API.
    expect((await fetch(`${emu.url}/v0/b/${BUCKET}/o/../../../etc/passwd`)).status).toBe(404);
    expect(await answer(await fetch(`${emu.url}/v0/b/${BUCKET}/o/%E0%A4%A`))).toEqual([400, 'Malformed percent-encoding in "%E0%A4%A"']);
    expect((await answer(await fetch(`${emu.url}/v0/b/NOT_A_BUCKET/o/x`)))[1]).toMatch(/^Invalid bucket name/);
  });

  it("listing parameters", async () => {
    expect((await answer(await fetch(`${emu.url}${collection}?prefix=test`)))[1]).toBe("The prefix parameter must be empty or end with a single /");
    expect((await fetch(`${emu.url}${collection}?prefix=test/&maxResults=0`)).status).toBe(400);
    expect((await fetch(`${emu.url}${collection}?prefix=test/&maxResults=abc`)).status).toBe(400);
    expect((await answer(await fetch(`${emu.url}${collection}?prefix=test/&pageToken=%%%`)))[1]).toBe("The pageToken is not one this listing gave");
    expect((await fetch(`${emu.url}${collection}?prefix=test/&delimiter=%7C`)).status).toBe(400);
  });

  it("bodies over the limit, unknown methods, unreadable credentials", async () => {
    const big = await fetch(`${emu.url}${collection}?name=test%2Fbig`, { method: "POST", body: new Uint8Array(200_000) });
    expect(big.status).toBe(413);
    expect((await fetch(objectUrl(emu, "test/big"))).status).toBe(404);
    expect((await fetch(objectUrl(emu, "test/existing.bin"), { method: "PROPFIND" })).status).toBe(405);
    expect(await answer(await fetch(objectUrl(emu, "test/existing.bin"), { headers: { Authorization: "Firebase not-a-token" } }))).toEqual([
      401,
      "The Authorization header does not hold a readable ID token",
    ]);
    expect((await fetch(objectUrl(emu, "test/existing.bin"), { headers: { Authorization: "Basic abc" } })).status).toBe(401);
    expect((await fetch(`${emu.url}/elsewhere`)).status).toBe(404);
  });

  it("oversized headers and garbage on the socket get 431/400, and the server goes on", async () => {
    const huge = await rawRequest(`GET ${collection}/x HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(await rawRequest("NOT HTTP AT ALL\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
    const ok = await fetch(objectUrl(emu, "test/existing.bin", "?alt=media"));
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBe(100);
    expect(logs.filter((l) => l.startsWith("error:"))).toEqual([]);
  });
});

function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(emu.port, "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.on("data", (d) => (out += d.toString()));
    socket.on("end", () => resolve(out));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
  });
}
