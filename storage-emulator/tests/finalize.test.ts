// Finalize checks what arrived against what the client declared: the size announced at start,
// and an MD5 or CRC32C when the client sends one (in the metadata, or X-Goog-Hash). A mismatch
// stores nothing; a mismatched checksum ends the upload, and a repeated finalize answers the same.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMetadata, ref, uploadBytes, uploadBytesResumable } from "firebase/storage";
import { crc32c } from "../src/checksums.js";
import type { StorageEmulator } from "../src/index.js";
import { answer, closeApps, makeStorage, objectUrl, pattern, startResumable, startServer, uploadCommand, type TestStorage } from "./helpers.js";

let emu: StorageEmulator;
const clients: TestStorage[] = [];

beforeAll(async () => {
  emu = await startServer();
});

afterAll(async () => {
  await closeApps(clients);
  await emu.close();
});

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");
const exists = async (name: string) => (await fetch(objectUrl(emu, name))).status !== 404;

describe("CRC32C", () => {
  it("matches the standard check value and GCS's encoding", () => {
    // The CRC-32C of "123456789" is 0xE3069283 (RFC 3720, appendix B.4).
    expect(Buffer.from(crc32c(Buffer.from("123456789")), "base64").toString("hex")).toBe("e3069283");
    expect(crc32c(Buffer.alloc(0))).toBe("AAAAAA==");
  });
});

describe("finalize checks", () => {
  it("a size short of the one announced is refused, stores nothing, and the upload can still complete", async () => {
    const url = await startResumable(emu, "test/short.bin", { size: 10 });
    await uploadCommand(url, "upload", pattern(4), 0);
    expect(await answer(await uploadCommand(url, "finalize"))).toEqual([400, "Upload finalized with 4 bytes, but 10 were announced"]);
    expect(await exists("test/short.bin")).toBe(false);
    expect((await uploadCommand(url, "upload, finalize", pattern(10).subarray(4), 4)).status).toBe(200);
    expect(await exists("test/short.bin")).toBe(true);
  });

  it("a CRC32C in X-Goog-Hash that differs ends the upload with nothing stored; a repeat answers the same; cancel is then 400", async () => {
    const bytes = pattern(5000);
    const url = await startResumable(emu, "test/crc-bad.bin", { size: 5000 });
    await uploadCommand(url, "upload", bytes, 0);
    const wrong = crc32c(pattern(5000, 3));
    const first = await uploadCommand(url, "finalize", undefined, undefined, { "X-Goog-Hash": `crc32c=${wrong}` });
    expect(first.headers.get("x-goog-upload-status")).toBe("final");
    const [status, message] = await answer(first);
    expect(status).toBe(400);
    expect(message).toMatch(/^The CRC32C of the bytes received \(.+\) is not the one sent .*nothing was stored$/);
    expect(await exists("test/crc-bad.bin")).toBe(false);
    expect(await answer(await uploadCommand(url, "finalize"))).toEqual([400, message]);
    expect((await uploadCommand(url, "cancel")).status).toBe(400);
    expect(await exists("test/crc-bad.bin")).toBe(false);
  });

  it("an MD5 or CRC32C that matches is accepted, and the object reports both", async () => {
    const bytes = pattern(3000, 11);
    const url = await startResumable(emu, "test/crc-good.bin", { size: 3000, metadata: undefined });
    await uploadCommand(url, "upload", bytes, 0);
    const done = await uploadCommand(url, "finalize", undefined, undefined, { "X-Goog-Hash": `crc32c=${crc32c(bytes)},md5=${md5(bytes)}` });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ size: "3000", md5Hash: md5(bytes), crc32c: crc32c(bytes) });
  });

  it("hashes in the start metadata are checked too; malformed ones are refused at start", async () => {
    const bytes = pattern(100);
    const res = await fetch(`${emu.url}/v0/b/demo-portfolio.appspot.com/o?name=test%2Fmeta-md5.bin`, {
      method: "POST",
      headers: { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start", "X-Goog-Upload-Header-Content-Length": "100" },
      body: JSON.stringify({ md5Hash: md5(pattern(100, 5)) }),
    });
    const url = res.headers.get("x-goog-upload-url")!;
    const [status, message] = await answer(await uploadCommand(url, "upload, finalize", bytes, 0));
    expect([status, message]).toEqual([400, expect.stringMatching(/^The MD5 of the bytes received/)]);
    expect(await exists("test/meta-md5.bin")).toBe(false);
    const bad = await fetch(`${emu.url}/v0/b/demo-portfolio.appspot.com/o?name=test%2Fx`, {
      method: "POST",
      headers: { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" },
      body: JSON.stringify({ crc32c: "not base64!" }),
    });
    expect(await answer(bad)).toEqual([400, "crc32c must be the base64 of a 4-byte CRC32C checksum"]);
  });

  it("a one-shot media upload checks X-Goog-Hash too", async () => {
    const post = (hash: string) =>
      fetch(`${emu.url}/v0/b/demo-portfolio.appspot.com/o?name=test%2Fmedia.bin`, { method: "POST", headers: { "X-Goog-Hash": hash }, body: pattern(50) });
    expect((await answer(await post(`md5=${md5(pattern(50, 3))}`)))[0]).toBe(400);
    expect(await exists("test/media.bin")).toBe(false);
    expect(await answer(await post("sha1=abc"))).toEqual([400, 'X-Goog-Hash must list crc32c=<base64> and/or md5=<base64> (got "sha1=abc")']);
    expect((await post(`crc32c=${crc32c(pattern(50))}`)).status).toBe(200);
  });

  it("through the SDK: a resumable or multipart upload whose md5Hash differs fails and leaves no object", async () => {
    const c = makeStorage(emu);
    clients.push(c);
    const bytes = pattern(400_000, 17);
    const wrong = md5(pattern(400_000, 19));
    const resumable = await uploadBytesResumable(ref(c.storage, "test/sdk-md5.jpg"), bytes, { contentType: "image/jpeg", md5Hash: wrong }).then(
      () => "stored",
      (e: { status?: number }) => e.status,
    );
    expect(resumable).toBe(400);
    await expect(getMetadata(ref(c.storage, "test/sdk-md5.jpg"))).rejects.toMatchObject({ code: "storage/object-not-found" });
    const multipart = await uploadBytes(ref(c.storage, "test/sdk-md5-small.jpg"), pattern(1000), { md5Hash: md5(pattern(1000, 2)) }).then(
      () => "stored",
      (e: { status?: number }) => e.status,
    );
    expect(multipart).toBe(400);
    await expect(getMetadata(ref(c.storage, "test/sdk-md5-small.jpg"))).rejects.toMatchObject({ code: "storage/object-not-found" });
    // The right hash is accepted.
    const ok = await uploadBytesResumable(ref(c.storage, "test/sdk-md5.jpg"), bytes, { contentType: "image/jpeg", md5Hash: md5(bytes) });
    expect(ok.metadata.md5Hash).toBe(md5(bytes));
  });
});
