// The project's storage.rules, enforced: the admin (custom claim admin: true, set the way
// dev-tools/src/admin-account.ts sets it) against a signed-in non-admin and a visitor, with real
// Auth-emulator ID tokens through the real SDKs; size and type limits; paths outside media/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type User } from "firebase/auth";
import { deleteObject, getBytes, getMetadata, listAll, ref, updateMetadata, uploadBytes, uploadBytesResumable, type FirebaseStorage } from "firebase/storage";
import { setAdminClaim } from "dev-tools/admin-account";
import { createAuthUser, startAuthEmulator, type AuthEmulator } from "dev-tools/firebase-emulators";
import type { StorageEmulator } from "../src/index.js";
import { BUCKET, PROJECT_RULES, closeApps, makeStorage, objectUrl, pattern, startServer, type TestStorage } from "./helpers.js";

let auth: AuthEmulator;
let emu: StorageEmulator;
const clients: TestStorage[] = [];
let counter = 0;

const MB10 = 10 * 1024 * 1024;
const VARIANT = "media/0123456789abcdef-640x480/320.webp";

beforeAll(async () => {
  [auth, emu] = await Promise.all([startAuthEmulator({}), startServer({ rules: PROJECT_RULES })]);
});

afterAll(async () => {
  await closeApps(clients);
  await emu?.close();
  await auth?.stop();
});

const claimOptions = () => ({ projectId: "demo-portfolio", authUrl: auth.url, databaseUrl: "http://127.0.0.1:1/?ns=unused", token: "owner" });

/** A Storage client signed in as a new user (optionally given the admin claim before signing in). */
async function signedIn({ admin }: { admin: boolean }): Promise<{ storage: FirebaseStorage; user: User; app: FirebaseApp }> {
  const email = `user${++counter}-${process.pid}@example.com`;
  const created = await createAuthUser({ url: auth.url, email, password: "password-1" });
  if (admin) await setAdminClaim(claimOptions(), created.uid);
  const app = initializeApp({ projectId: "demo-portfolio", apiKey: "demo-api-key", storageBucket: BUCKET }, `rules-${process.pid}-${counter}`);
  const authInstance = getAuth(app);
  connectAuthEmulator(authInstance, auth.url, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(authInstance, email, "password-1");
  const client = makeStorage(emu, { app });
  clients.push(client);
  return { storage: client.storage, user, app };
}

function visitor(): FirebaseStorage {
  const client = makeStorage(emu);
  clients.push(client);
  return client.storage;
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (e: { code?: string }) => (e.code === "storage/unauthorized" ? "denied" : `failed: ${e.code ?? String(e)}`),
  );
const webp = { contentType: "image/webp" };

describe("storage.rules", () => {
  it("lets the admin create and delete media variants, and everyone read them", async () => {
    const { storage } = await signedIn({ admin: true });
    expect(await outcome(uploadBytes(ref(storage, VARIANT), pattern(500), webp))).toBe("allowed");
    expect(await outcome(uploadBytes(ref(storage, "media/0123456789abcdef-640x480/320.jpg"), pattern(500), { contentType: "image/jpeg" }))).toBe("allowed");
    const anyone = visitor();
    expect((await getBytes(ref(anyone, VARIANT))).byteLength).toBe(500);
    expect((await getMetadata(ref(anyone, VARIANT))).contentType).toBe("image/webp");
    const plain = await fetch(objectUrl(emu, VARIANT, "?alt=media"));
    expect(plain.status).toBe(200);
    expect(await outcome(deleteObject(ref(storage, "media/0123456789abcdef-640x480/320.jpg")))).toBe("allowed");
  });

  it("refuses writes by a signed-in non-admin and by a visitor", async () => {
    const { storage } = await signedIn({ admin: false });
    expect(await outcome(uploadBytes(ref(storage, "media/1123456789abcdef-10x10/10.webp"), pattern(10), webp))).toBe("denied");
    expect(await outcome(deleteObject(ref(storage, VARIANT)))).toBe("denied");
    const anyone = visitor();
    expect(await outcome(uploadBytes(ref(anyone, "media/1123456789abcdef-10x10/10.webp"), pattern(10), webp))).toBe("denied");
    expect(await outcome(deleteObject(ref(anyone, VARIANT)))).toBe("denied");
    // A resumable upload is refused at its start: no bytes are sent.
    expect(await outcome(uploadBytesResumable(ref(anyone, "media/1123456789abcdef-10x10/big.webp"), pattern(300_000), webp).then())).toBe("denied");
  });

  it("limits the admin's uploads to WebP and JPEG of at most 10 MB, under media/{id}/{file} only", async () => {
    const { storage, user } = await signedIn({ admin: true });
    const id = "media/2123456789abcdef-10x10";
    expect(await outcome(uploadBytes(ref(storage, `${id}/10.png`), pattern(10), { contentType: "image/png" }))).toBe("denied");
    expect(await outcome(uploadBytes(ref(storage, `${id}/10.svg`), pattern(10), { contentType: "image/svg+xml" }))).toBe("denied");
    // The pattern matches the whole type: no "image/webpx", no "xx-image/jpeg".
    expect(await outcome(uploadBytes(ref(storage, `${id}/11.webp`), pattern(10), { contentType: "image/webpx" }))).toBe("denied");
    expect(await outcome(uploadBytes(ref(storage, "elsewhere/10.webp"), pattern(10), webp))).toBe("denied");
    expect(await outcome(uploadBytes(ref(storage, "media/10.webp"), pattern(10), webp))).toBe("denied");
    expect(await outcome(uploadBytes(ref(storage, `${id}/deeper/10.webp`), pattern(10), webp))).toBe("denied");
    // Over 10 MB: a resumable upload is refused at its start from the announced size...
    expect(await outcome(uploadBytesResumable(ref(storage, `${id}/big.webp`), new Uint8Array(MB10 + 1), webp).then())).toBe("denied");
    // ...and a one-shot upload that announces nothing is judged on the bytes that arrived.
    const boundary = "b0undary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name: `${id}/big.webp`, contentType: "image/webp" })}\r\n--${boundary}\r\nContent-Type: image/webp\r\n\r\n`,
      ),
      Buffer.alloc(MB10 + 1),
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const oversized = await fetch(`${emu.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(`${id}/big.webp`)}`, {
      method: "POST",
      headers: {
        Authorization: `Firebase ${await user.getIdToken()}`,
        "X-Goog-Upload-Protocol": "multipart",
        "Content-Type": `multipart/related; boundary=${boundary}`,
      },
      body,
    });
    expect(oversized.status).toBe(403);
    expect(await outcome(getMetadata(ref(storage, `${id}/big.webp`)))).toBe("failed: storage/object-not-found");
  });

  it("allows no updates, even by the admin: a variant is written once", async () => {
    const { storage } = await signedIn({ admin: true });
    const r = ref(storage, "media/3123456789abcdef-10x10/10.webp");
    expect(await outcome(uploadBytes(r, pattern(10), webp))).toBe("allowed");
    expect(await outcome(uploadBytes(r, pattern(20), webp))).toBe("denied");
    expect(await outcome(updateMetadata(r, { cacheControl: "no-cache" }))).toBe("denied");
  });

  it("lets only the admin list media/", async () => {
    const { storage } = await signedIn({ admin: true });
    await uploadBytes(ref(storage, "media/4123456789abcdef-10x10/10.webp"), pattern(10), webp);
    const listed = await listAll(ref(storage, "media"));
    expect(listed.prefixes.map((p) => p.name)).toContain("4123456789abcdef-10x10");
    expect((await listAll(ref(storage, "media/4123456789abcdef-10x10"))).items.map((i) => i.name)).toEqual(["10.webp"]);
    const nonAdmin = await signedIn({ admin: false });
    expect(await outcome(listAll(ref(nonAdmin.storage, "media")))).toBe("denied");
    expect(await outcome(listAll(ref(visitor(), "media")))).toBe("denied");
    expect(await outcome(listAll(ref(storage, "")))).toBe("denied");
  });

  it("sees a claim set after sign-in only in the next ID token", async () => {
    const { storage, user } = await signedIn({ admin: false });
    await setAdminClaim(claimOptions(), user.uid);
    const r = ref(storage, "media/5123456789abcdef-10x10/10.webp");
    expect(await outcome(uploadBytes(r, pattern(10), webp))).toBe("denied");
    await user.getIdToken(true);
    expect(await outcome(uploadBytes(r, pattern(10), webp))).toBe("allowed");
  });
});
