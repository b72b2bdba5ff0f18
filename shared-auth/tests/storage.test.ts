// @vitest-environment node
// loadStorage against the local Storage server: the config's bucket and emulator address are
// what the SDK uses, a page without a bucket gets words instead of a broken upload, and the
// admin claim is found (after one token refresh when it was set after sign-in).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAdminClaim } from "dev-tools/admin-account";
import { createAuthUser, startAuthEmulator, type AuthEmulator } from "dev-tools/firebase-emulators";
import { startStorageEmulator, type StorageEmulator } from "storage-emulator";
import { localStackConfig } from "runtime-config/local-stack";
import { initFirebase, resetFirebaseForTests } from "../src/firebase";
import { loadStorage } from "../src/sdk";
import { adminAccount } from "../src/admin";
import { refreshPasswordPolicy } from "../src/account";
import { ensureAuth, signInWithEmail, signOutUser } from "../src/session";

const { ensureAdminClaim } = adminAccount({ ensureAuth, refreshPasswordPolicy });

let auth: AuthEmulator;
let storageServer: StorageEmulator;

beforeAll(async () => {
  [auth, storageServer] = await Promise.all([
    startAuthEmulator({}),
    startStorageEmulator({ port: 0, rules: new URL("../../storage.rules", import.meta.url).pathname }),
  ]);
});

afterAll(async () => {
  resetFirebaseForTests();
  await storageServer?.close();
  await auth?.stop();
});

const config = () => {
  const base = localStackConfig({ storagePort: storageServer.port });
  return { ...base, emulators: { ...base.emulators, auth: auth.url } };
};

describe("loadStorage", () => {
  it("refuses in words when the config names no bucket", async () => {
    resetFirebaseForTests();
    const { storageBucket: _bucket, ...firebase } = config().firebase;
    initFirebase({ ...config(), firebase });
    await expect(loadStorage()).rejects.toThrow("The site's configuration names no storage bucket (firebase.storageBucket), so pictures cannot be uploaded");
  });

  it("uploads to the config's bucket on the local server as the admin, whose claim it finds", async () => {
    resetFirebaseForTests();
    initFirebase(config());
    const email = `admin-${process.pid}@example.com`;
    const created = await createAuthUser({ url: auth.url, email, password: "password-1" });
    await signInWithEmail(email, "password-1");
    const { storage, sdk } = await loadStorage();
    expect(await loadStorage()).toEqual({ storage, sdk });
    expect(storage.app.options.storageBucket).toBe("demo-portfolio.appspot.com");
    const variant = sdk.ref(storage, "media/0123456789abcdef-10x10/10.webp");
    // Signed in before the claim: refused, until ensureAdminClaim refreshes the token.
    expect(await ensureAdminClaim()).toBe(false);
    await setAdminClaim({ projectId: "demo-portfolio", authUrl: auth.url, databaseUrl: "http://127.0.0.1:1/?ns=unused", token: "owner" }, created.uid);
    await expect(sdk.uploadBytes(variant, new Uint8Array([1, 2, 3]), { contentType: "image/webp" })).rejects.toMatchObject({ code: "storage/unauthorized" });
    expect(await ensureAdminClaim()).toBe(true);
    const uploaded = await sdk.uploadBytes(variant, new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
    expect(uploaded.metadata.fullPath).toBe("media/0123456789abcdef-10x10/10.webp");
    const res = await fetch(`${storageServer.url}/v0/b/demo-portfolio.appspot.com/o/${encodeURIComponent(uploaded.metadata.fullPath)}?alt=media`);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3]);
    await signOutUser();
    expect(await ensureAdminClaim()).toBe(false);
  });
});
