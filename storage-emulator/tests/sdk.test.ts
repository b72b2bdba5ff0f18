// Every call of the firebase/storage SDK that the project uses, against the server, through the
// real SDK in Node: uploads (one-shot and resumable), download URLs and tokens, metadata,
// deletes, listings, getBytes and Range downloads, CORS.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
} from "firebase/storage";
import type { StorageEmulator } from "../src/index.js";
import { BUCKET, closeApps, makeStorage, objectUrl, pattern, sameBytes, startServer, type TestStorage } from "./helpers.js";

let emu: StorageEmulator;
let storage: FirebaseStorage;
const clients: TestStorage[] = [];

beforeAll(async () => {
  emu = await startServer();
  const client = makeStorage(emu);
  clients.push(client);
  storage = client.storage;
});

afterAll(async () => {
  await closeApps(clients);
  await emu.close();
});

const errorCode = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e: { code?: string }) => e.code,
  );

describe("uploads and metadata", () => {
  it("uploads in one request with metadata, and getMetadata reads it back", async () => {
    const bytes = pattern(1000);
    const result = await uploadBytes(ref(storage, "test/one.webp"), bytes, {
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
      customMetadata: { alt: "A red door", width: "320" },
    });
    expect(result.metadata).toMatchObject({ fullPath: "test/one.webp", name: "one.webp", bucket: BUCKET, size: 1000, contentType: "image/webp" });
    const meta = await getMetadata(ref(storage, "test/one.webp"));
    expect(meta.cacheControl).toBe("public, max-age=31536000, immutable");
    expect(meta.customMetadata).toEqual({ alt: "A red door", width: "320" });
    expect(meta.md5Hash).toBe(createHash("md5").update(bytes).digest("base64"));
    expect(meta.metageneration).toBe("1");
    expect(sameBytes(new Uint8Array(await getBytes(ref(storage, "test/one.webp"))), bytes)).toBe(true);
  });

  it("uploads a string, and the content type defaults to what the client says", async () => {
    await uploadString(ref(storage, "test/note.txt"), "hello", "raw", { contentType: "text/plain" });
    expect(new TextDecoder().decode(await getBytes(ref(storage, "test/note.txt")))).toBe("hello");
    expect((await getMetadata(ref(storage, "test/note.txt"))).contentType).toBe("text/plain");
  });

  it("updates cacheControl, contentType and custom metadata (null removes a key), with a new metageneration", async () => {
    const r = ref(storage, "test/update.jpg");
    await uploadBytes(r, pattern(10), { contentType: "image/jpeg", customMetadata: { keep: "1", drop: "2" } });
    const updated = await updateMetadata(r, {
      cacheControl: "no-cache",
      contentType: "image/webp",
      customMetadata: { drop: null as unknown as string, add: "3" },
    });
    expect(updated.cacheControl).toBe("no-cache");
    expect(updated.contentType).toBe("image/webp");
    expect(updated.customMetadata).toEqual({ keep: "1", add: "3" });
    expect(updated.metageneration).toBe("2");
    const res = await fetch(await getDownloadURL(r));
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("uploads over 256 KiB in resumable chunks, reporting progress, byte for byte", async () => {
    const bytes = pattern(1_300_000, 13);
    const task = uploadBytesResumable(ref(storage, "test/large.jpg"), bytes, { contentType: "image/jpeg" });
    const seen: number[] = [];
    task.on("state_changed", (s) => seen.push(s.bytesTransferred));
    const done = await task;
    expect(done.metadata.size).toBe(bytes.length);
    // Chunks of 256 KiB, then 512 KiB...: progress passes through the chunk boundaries.
    expect(seen).toContain(262_144);
    expect(seen[seen.length - 1]).toBe(bytes.length);
    expect(sameBytes(new Uint8Array(await getBytes(ref(storage, "test/large.jpg"))), bytes)).toBe(true);
  });

  it("a cancelled resumable upload stores nothing", async () => {
    const r = ref(storage, "test/cancelled.jpg");
    const task = uploadBytesResumable(r, pattern(2_000_000), { contentType: "image/jpeg" });
    task.on("state_changed", (s) => {
      if (s.bytesTransferred > 0) task.cancel();
    });
    expect(await errorCode(task.then())).toBe("storage/canceled");
    expect(await errorCode(getMetadata(r))).toBe("storage/object-not-found");
  });
});

describe("download URLs and tokens", () => {
  it("getDownloadURL gives a token URL that downloads without credentials, with the object's headers", async () => {
    const r = ref(storage, "test/token.webp");
    await uploadBytes(r, pattern(64), { contentType: "image/webp", cacheControl: "public, max-age=60" });
    const url = await getDownloadURL(r);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${emu.port}/v0/b/${BUCKET}/o/test%2Ftoken\\.webp\\?alt=media&token=[0-9a-f-]{36}$`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(sameBytes(new Uint8Array(await res.arrayBuffer()), pattern(64))).toBe(true);
  });

  it("a token opens only its own object, and objects outside the rules need one", async () => {
    const owner = makeStorage(emu, { owner: true });
    clients.push(owner);
    const secret = ref(owner.storage, "private/a.txt");
    await uploadString(secret, "secret", "raw", { contentType: "text/plain" });
    const url = new URL(await getDownloadURL(secret));
    expect((await fetch(url)).status).toBe(200);
    const token = url.searchParams.get("token")!;
    expect((await fetch(objectUrl(emu, "private/a.txt", "?alt=media"))).status).toBe(403);
    expect((await fetch(objectUrl(emu, "private/a.txt", `?alt=media&token=${token.replace(/.$/, "0")}x`))).status).toBe(403);
    // The owner's token-less read goes through; a visitor's SDK read is refused.
    expect(new TextDecoder().decode(await getBytes(secret))).toBe("secret");
    expect(await errorCode(getBytes(ref(storage, "private/a.txt")))).toBe("storage/unauthorized");
  });

  it("custom download tokens (firebaseStorageDownloadTokens) are honoured", async () => {
    const r = ref(storage, "test/custom-token.txt");
    await uploadString(r, "x", "raw", { customMetadata: { firebaseStorageDownloadTokens: "my-token" } });
    expect(await getDownloadURL(r)).toContain("token=my-token");
    expect((await getMetadata(r)).customMetadata).toBeUndefined();
  });
});

describe("deletes and listings", () => {
  it("deletes an object; a second delete and later reads say not found", async () => {
    const r = ref(storage, "test/gone.txt");
    await uploadString(r, "bye");
    await deleteObject(r);
    expect(await errorCode(getMetadata(r))).toBe("storage/object-not-found");
    expect(await errorCode(getBytes(r))).toBe("storage/object-not-found");
    expect(await errorCode(deleteObject(r))).toBe("storage/object-not-found");
  });

  it("listAll gives items and folder prefixes; list pages through with page tokens", async () => {
    const names = ["test/tree/a.txt", "test/tree/b.txt", "test/tree/sub/c.txt", "test/tree/sub/deeper/d.txt", "test/tree/z.txt", "test/tree2/x.txt"];
    for (const name of names) await uploadString(ref(storage, name), name);
    const all = await listAll(ref(storage, "test/tree"));
    expect(all.items.map((i) => i.fullPath)).toEqual(["test/tree/a.txt", "test/tree/b.txt", "test/tree/z.txt"]);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual(["test/tree/sub"]);
    const collected: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list(ref(storage, "test/tree"), { maxResults: 2, pageToken });
      expect(page.items.length + page.prefixes.length).toBeLessThanOrEqual(2);
      collected.push(...page.items.map((i) => i.fullPath), ...page.prefixes.map((p) => `${p.fullPath}/`));
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(2);
    expect(collected.sort()).toEqual(["test/tree/a.txt", "test/tree/b.txt", "test/tree/sub/", "test/tree/z.txt"]);
    expect((await listAll(ref(storage, "test/tree/sub"))).prefixes.map((p) => p.fullPath)).toEqual(["test/tree/sub/deeper"]);
  });
});

describe("getBytes and Range", () => {
  it("getBytes with a maximum reads the start of the object (the SDK asks for a Range)", async () => {
    const r = ref(storage, "test/range.bin");
    await uploadBytes(r, pattern(100));
    expect(sameBytes(new Uint8Array(await getBytes(r, 10)), pattern(100).subarray(0, 10))).toBe(true);
  });

  it("answers byte ranges with 206 and Content-Range; past the end with 416", async () => {
    const url = objectUrl(emu, "test/range.bin", "?alt=media");
    const auth = { Authorization: "Firebase owner" };
    const cases: [string, number, number][] = [
      ["bytes=2-4", 2, 4],
      ["bytes=95-", 95, 99],
      ["bytes=-3", 97, 99],
      ["bytes=90-500", 90, 99],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetch(url, { headers: { ...auth, Range: range } });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/100`);
      expect(sameBytes(new Uint8Array(await res.arrayBuffer()), pattern(100).subarray(start, end + 1))).toBe(true);
    }
    const past = await fetch(url, { headers: { ...auth, Range: "bytes=100-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */100");
  });
});

describe("browsers", () => {
  it("answers the CORS preflight the SDK's custom headers cause, and exposes the upload headers", async () => {
    const preflight = await fetch(`${emu.url}/v0/b/${BUCKET}/o?name=test%2Fx`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:4173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,x-goog-upload-command,x-firebase-storage-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization,x-goog-upload-command,x-firebase-storage-version");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const get = await fetch(objectUrl(emu, "test/range.bin"), { headers: { Origin: "http://127.0.0.1:4173" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect(get.headers.get("access-control-expose-headers")).toContain("X-Goog-Upload-URL");
    expect(get.headers.get("access-control-expose-headers")).toContain("X-Goog-Upload-Size-Received");
  });
});
