// The project's storage.rules through @firebase/rules-unit-testing, the standard library for
// testing rules: it loads them with PUT /internal/setRules and acts as the admin (a custom claim
// admin: true), a signed-in non-admin, an anonymous user and a visitor. The server starts with
// rules that deny everything, so every allowed case below proves the loaded rules are in force.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import type { StorageEmulator } from "../src/index.js";
import { PROJECT_RULES, startServer } from "./helpers.js";

const DENY_ALL = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n  }\n}\n";
const MB10 = 10 * 1024 * 1024;
const PICTURE = "media/0123456789abcdef-640x480/320.webp";

let emu: StorageEmulator;
let env: RulesTestEnvironment;

beforeAll(async () => {
  emu = await startServer({ rulesText: DENY_ALL });
  env = await initializeTestEnvironment({
    projectId: "demo-portfolio",
    storage: { host: emu.host, port: emu.port, rules: fs.readFileSync(PROJECT_RULES, "utf8") },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await emu?.close();
});

const admin = () => env.authenticatedContext("admin-uid", { admin: true }).storage();
const member = () => env.authenticatedContext("member-uid").storage();
const anonymous = () => env.authenticatedContext("anonymous-uid", { firebase: { sign_in_provider: "anonymous" } }).storage();
const visitor = () => env.unauthenticatedContext().storage();
const webp = { contentType: "image/webp" };
const bytes = (n: number) => new Uint8Array(n).fill(7);
/** The compat SDK's upload task as a promise (the assertions take promises). */
const done = (task: { then(onFulfilled: (value: unknown) => void, onRejected: (error: unknown) => void): unknown }) =>
  new Promise<unknown>((resolve, reject) => void task.then(resolve, reject));

describe("storage.rules through @firebase/rules-unit-testing", () => {
  it("the admin writes a picture; a visitor reads it", async () => {
    await assertSucceeds(done(admin().ref(PICTURE).put(bytes(1000), webp)));
    const meta = await assertSucceeds(visitor().ref(PICTURE).getMetadata());
    expect(meta).toMatchObject({ size: 1000, contentType: "image/webp" });
    await assertSucceeds(visitor().ref(PICTURE).getDownloadURL());
  });

  it("a visitor, an anonymous user and a signed-in non-admin may not upload, delete or list", async () => {
    for (const storage of [visitor(), anonymous(), member()]) {
      await assertFails(done(storage.ref("media/fedcba9876543210-640x480/320.webp").put(bytes(100), webp)));
      await assertFails(storage.ref(PICTURE).delete());
      await assertFails(storage.ref("media").listAll());
    }
  });

  it("size and type limits hold for the admin too", async () => {
    await assertSucceeds(done(admin().ref("media/aaaaaaaaaaaaaaaa-1x1/320.jpg").put(bytes(MB10), { contentType: "image/jpeg" })));
    await assertFails(
      done(
        admin()
          .ref("media/bbbbbbbbbbbbbbbb-1x1/320.webp")
          .put(bytes(MB10 + 1), webp),
      ),
    );
    await assertFails(done(admin().ref("media/cccccccccccccccc-1x1/320.png").put(bytes(100), { contentType: "image/png" })));
    await assertFails(done(admin().ref("elsewhere/x.webp").put(bytes(100), webp)));
    // Written once: no update, even by the admin.
    await assertFails(done(admin().ref(PICTURE).put(bytes(10), webp)));
  });

  it("the admin lists and deletes", async () => {
    const listed = await assertSucceeds(admin().ref("media").listAll());
    expect(listed.prefixes.map((p) => p.name)).toContain("0123456789abcdef-640x480");
    await assertSucceeds(admin().ref("media/aaaaaaaaaaaaaaaa-1x1/320.jpg").delete());
  });

  it("withSecurityRulesDisabled seeds; clearStorage removes what lies at the bucket's root, as the library lists it", async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await context.storage().ref("seeded.txt").putString("seed");
      expect((await context.storage().ref().listAll()).items.map((i) => i.name)).toEqual(["seeded.txt"]);
    });
    await env.clearStorage();
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await context.storage().ref().listAll()).items).toEqual([]);
    });
    await assertSucceeds(visitor().ref(PICTURE).getMetadata());
  });

  it("rules the server cannot enforce are refused with the line, and the old rules stay", async () => {
    await expect(
      initializeTestEnvironment({
        projectId: "demo-portfolio",
        storage: { host: emu.host, port: emu.port, rules: "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o { allow read: if ; }\n}\n" },
      }),
    ).rejects.toThrow(/line 3/);
    await assertSucceeds(done(admin().ref("media/dddddddddddddddd-1x1/320.webp").put(bytes(10), webp)));
    await assertSucceeds(visitor().ref(PICTURE).getMetadata());
    await assertFails(done(visitor().ref("media/eeeeeeeeeeeeeeee-1x1/320.webp").put(bytes(10), webp)));
  });
});

describe("PUT /internal/setRules and POST /internal/reset", () => {
  it("answer with the official emulator's shapes", async () => {
    const put = (body: unknown) =>
      fetch(`${emu.url}/internal/setRules`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const ok = await put({ rules: { files: [{ name: "storage.rules", content: fs.readFileSync(PROJECT_RULES, "utf8") }] } });
    expect([ok.status, await ok.json()]).toEqual([200, { message: "Rules updated successfully" }]);
    const bad = await put({ rules: { files: [{ name: "storage.rules", content: "rules_version = '1';" }] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^There was an error updating rules: storage.rules: storage.rules line 1/);
    expect(await (await put({ rules: {} })).json()).toEqual({ message: "Request body must include 'rules.files' array" });
    await assertSucceeds(visitor().ref(PICTURE).getMetadata());
    const reset = await fetch(`${emu.url}/internal/reset`, { method: "POST" });
    expect([reset.status, await reset.text()]).toEqual([200, "OK"]);
    await expect(visitor().ref(PICTURE).getMetadata()).rejects.toMatchObject({ code: "storage/object-not-found" });
  });

  it("take the rules the library's own loadStorageRules tests send: version 1 loads, a syntax error is an error updating rules", async () => {
    const load = (rules: string) => initializeTestEnvironment({ projectId: "demo-portfolio", storage: { host: emu.host, port: emu.port, rules } });
    const banana = "rules_version = '2';\n service firebase.storage {\n banana\n }";
    await expect(load(banana)).rejects.toThrow(/error updating rules/);
    await assertSucceeds(done(admin().ref("media/ffffffffffffffff-1x1/320.webp").put(bytes(10), webp)));
    const denyAll = "service firebase.storage {\n match /b/{bucket}/o {\n match /{allPaths=**} {\n allow read, write: if false;\n }\n }\n }";
    await (await load(denyAll)).cleanup();
    await assertFails(visitor().ref("media/ffffffffffffffff-1x1/320.webp").getMetadata());
  });
});
