// Malformed requests get an error that says what is wrong, never a crash: the server answers
// the next request as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "local-server-kit/testing";
import type { StorageEmulator } from "../src/index.js";
import { BUCKET, answer, objectUrl, pattern, startResumable, startServer, uploadCommand } from "./helpers.js";

let emu: StorageEmulator;
const logs: string[] = [];
/** Every answer's body, to check that none leaks a stack trace. */
const bodies: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  globalThis.fetch = async (...args) => {
    const res = await realFetch(...args);
    bodies.push(await res.clone().text());
    return res;
  };
  emu = await startServer({ maxObjectBytes: 1024, log: (line) => logs.push(line) });
  const res = await fetch(`${emu.url}/v0/b/${BUCKET}/o?name=test%2Fexisting.bin`, { method: "POST", body: pattern(100) });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await emu.close();
});

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
      'No resumable upload with id "../../etc/passwd": it was never started, or it expired after 1 h idle, or it gave way to newer uploads',
    ]);
    expect((await post("", { ...base, "X-Goog-Upload-Command": "upload" })).status).toBe(400);
    expect(await answer(await post("?upload_id=x", { ...base, "X-Goog-Upload-Command": "explode" }))).toEqual([
      400,
      'X-Goog-Upload-Command must be start, upload, finalize, "upload, finalize", query or cancel (got "explode")',
    ]);
    const started = await post("?name=test%2Fr", { ...base, "X-Goog-Upload-Command": "start" }, "{}");
    const url = started.headers.get("x-goog-upload-url")!;
    const noOffset = await answer(await fetch(url, { method: "POST", headers: { "X-Goog-Upload-Command": "upload" }, body: "abc" }));
    expect(noOffset).toEqual([400, "An upload chunk needs X-Goog-Upload-Offset: <bytes already sent> (a whole number)"]);
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

  it("negative, huge and inconsistent Content-Range and offsets on a chunk", async () => {
    const url = await startResumable(emu, "test/ranges.bin", { size: 10 });
    const chunk = (range: string, offset = "0", body = pattern(5)) =>
      fetch(url, { method: "POST", headers: { "X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": offset, "Content-Range": range }, body });
    expect(await answer(await chunk("bytes -5-4/10"))).toEqual([400, expect.stringMatching(/^Malformed Content-Range "bytes -5-4\/10"/)]);
    expect(await answer(await chunk("bytes 0-4/-10"))).toEqual([400, expect.stringMatching(/^Malformed Content-Range/)]);
    expect(await answer(await chunk("bytes 0-4/99999999999999999999"))).toEqual([400, expect.stringMatching(/^Malformed Content-Range/)]);
    expect(await answer(await chunk("bytes 0-4/9999999999999999"))).toEqual([413, expect.stringMatching(/^Content-Range announces 9999999999999999 bytes/)]);
    expect(await answer(await chunk("bytes 0-4/11"))).toEqual([400, "Content-Range announces 11 bytes, but 10 were announced at start"]);
    expect(await answer(await chunk("bytes 4-0/10"))).toEqual([400, "Content-Range bytes 4-0/10 ends before it starts"]);
    expect(await answer(await chunk("bytes 0-9/10"))).toEqual([400, "Content-Range spans 10 bytes, but the body has 5"]);
    expect(await answer(await chunk("bytes 3-7/10"))).toEqual([400, "Content-Range starts at 3, but X-Goog-Upload-Offset says 0"]);
    expect((await answer(await chunk("bytes 0-4/10", "-1")))[0]).toBe(400);
    expect(await answer(await chunk("bytes 0-4/10", "99999999999999999999"))).toEqual([
      400,
      "An upload chunk needs X-Goog-Upload-Offset: <bytes already sent> (a whole number)",
    ]);
    expect((await uploadCommand(url, "query")).headers.get("x-goog-upload-size-received")).toBe("0");
    expect((await chunk("bytes 0-4/10")).status).toBe(200);
    const tooBig = await post(
      "?name=test%2Fhuge",
      { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start", "X-Goog-Upload-Header-Content-Length": "1e30" },
      "{}",
    );
    expect(await answer(tooBig)).toEqual([400, "X-Goog-Upload-Header-Content-Length must be a byte count"]);
  });

  it("unknown commands and command sets", async () => {
    const url = await startResumable(emu, "test/commands.bin", { size: 2 });
    for (const cmd of ["explode", "query, cancel", "start, upload", "upload, query", ",", "finalize, cancel"]) {
      const [status, message] = await answer(await uploadCommand(url, cmd));
      expect([cmd, status]).toEqual([cmd, 400]);
      expect(message).toMatch(/^X-Goog-Upload-Command must be start, upload, finalize, "upload, finalize", query or cancel/);
    }
    expect((await uploadCommand(url, "query")).headers.get("x-goog-upload-status")).toBe("active");
  });

  it("names that are not UTF-8, and 10,000-character paths", async () => {
    for (const raw of ["%FF", "test%2F%C3%28", "%ED%A0%80"]) {
      expect(await answer(await fetch(`${emu.url}${collection}/${raw}`))).toEqual([400, `Malformed percent-encoding in "${raw}"`]);
      const [status, message] = await answer(await post(`?name=${raw}`, {}, "x"));
      expect([raw, status]).toEqual([raw, 400]);
      expect(message).toMatch(/^The name parameter is not percent-encoded UTF-8/);
      const started = await post(`?name=${raw}`, { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" }, "{}");
      expect((await answer(started))[0]).toBe(400);
    }
    expect(await answer(await fetch(objectUrl(emu, "a".repeat(10_000))))).toEqual([400, "Object names are at most 1024 bytes"]);
    expect(await answer(await fetch(`${emu.url}${collection}/${"ab/".repeat(3333)}c`))).toEqual([400, "Object names are at most 1024 bytes"]);
    expect(await answer(await post(`?name=${"b".repeat(10_000)}`, {}, "x"))).toEqual([400, "Object names are at most 1024 bytes"]);
    expect((await answer(await fetch(`${emu.url}${collection}?prefix=${"c".repeat(10_000)}/`)))[0]).toBe(400);
  });

  it("more malformed multipart bodies", async () => {
    const headers = { "X-Goog-Upload-Protocol": "multipart", "Content-Type": "multipart/related; boundary=b" };
    const bodies = [
      "--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b\r\nContent-Type: image/png\r\n\r\nbytes",
      "--b\r\nContent-Type: application/json\r\n\r\n{not json\r\n--b\r\nContent-Type: image/png\r\n\r\nbytes\r\n--b--",
      "--b\r\nno blank line\r\n--b\r\nContent-Type: image/png\r\n\r\nbytes\r\n--b--",
      "--b\r\nContent-Type: application/json\r\n\r\n[1]\r\n--b\r\nContent-Type: image/png\r\n\r\nbytes\r\n--b--",
      "\u0000\u00ff".repeat(100),
    ];
    for (const body of bodies) {
      const [status, message] = await answer(await post("?name=test%2Fmp", headers, body));
      expect([body.slice(0, 40), status]).toEqual([body.slice(0, 40), 400]);
      expect(message.length).toBeGreaterThan(10);
    }
    expect((await answer(await post("?name=test%2Fmp", { ...headers, "Content-Type": "multipart/related" }, "x")))[0]).toBe(400);
    expect((await fetch(objectUrl(emu, "test/mp"))).status).toBe(404);
  });

  it("the control endpoints refuse what they cannot use", async () => {
    const setRules = (body: string, method = "PUT") => fetch(`${emu.url}/internal/setRules`, { method, body });
    expect(await (await setRules("{nope")).json()).toEqual({ message: expect.stringMatching(/^The request body is not valid JSON/) });
    expect(await (await setRules("{}")).json()).toEqual({ message: "Request body must include 'rules.files' array" });
    expect((await setRules(JSON.stringify({ rules: { files: [{ name: 1 }] } }))).status).toBe(400);
    expect((await setRules("{}", "POST")).status).toBe(405);
    expect((await fetch(`${emu.url}/internal/export`, { method: "POST" })).status).toBe(404);
  });

  it("oversized headers and garbage on the socket get 431/400, and the server goes on", async () => {
    const huge = await rawRequest(emu.port, `GET ${collection}/x HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(await rawRequest(emu.port, "NOT HTTP AT ALL\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
    const ok = await fetch(objectUrl(emu, "test/existing.bin", "?alt=media"));
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBe(100);
    expect(logs.filter((l) => l.startsWith("error:"))).toEqual([]);
    expect(bodies.filter((b) => /\bat .+:\d+:\d+|node:internal|\.ts:\d+/.test(b))).toEqual([]);
  });
});
