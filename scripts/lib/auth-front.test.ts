// The Auth front against the real Auth emulator, through the real firebase SDK: the password
// policy the emulator cannot serve is answered (so the account screen's check logs no failed
// request), and everything else reaches the emulator unchanged.
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, validatePassword } from "firebase/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_PASSWORD_POLICY, startAuthFront, type AuthFront } from "./auth-front.mjs";
import { createAuthUser, freePort, startAuthEmulator, type AuthEmulator } from "./firebase-emulators.mjs";

const POLICY = "/identitytoolkit.googleapis.com/v2/passwordPolicy?key=demo-api-key";
let emulator: AuthEmulator;
let front: AuthFront;
let app: FirebaseApp;

beforeAll(async () => {
  emulator = await startAuthEmulator({ port: 0, quiet: true });
  front = await startAuthFront({ host: "127.0.0.1", port: 0, target: { host: emulator.host, port: emulator.port } });
  app = initializeApp({ apiKey: "demo-api-key", projectId: "demo-portfolio" }, `auth-front-${process.pid}`);
  connectAuthEmulator(getAuth(app), front.url, { disableWarnings: true });
}, 120_000);

afterAll(async () => {
  await deleteApp(app);
  await front?.close();
  await emulator?.stop();
});

describe("the Auth front", () => {
  it("answers the password policy that the emulator answers with 501", async () => {
    expect((await fetch(`${emulator.url}${POLICY}`)).status).toBe(501);
    const answer = await fetch(`${front.url}${POLICY}`, { headers: { origin: "http://127.0.0.1:4173" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4173");
    expect(await answer.json()).toEqual(EMULATOR_PASSWORD_POLICY);
  });

  it("lets the SDK check a password against it: the emulator's rule, 6 characters", async () => {
    const weak = await validatePassword(getAuth(app), "abc");
    expect(weak).toMatchObject({ isValid: false, meetsMinPasswordLength: false });
    expect(weak.passwordPolicy.customStrengthOptions).toEqual({ minPasswordLength: 6 });
    expect(await validatePassword(getAuth(app), "abcdef")).toMatchObject({ isValid: true });
  });

  it("answers a browser's preflight for the policy with the headers it asks for", async () => {
    const preflight = await fetch(`${front.url}${POLICY}`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:4173", "access-control-request-method": "GET", "access-control-request-headers": "x-client-version" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("x-client-version");
  });

  it("forwards everything else to the emulator: sign-up, sign-in, and its refusals", async () => {
    const user = await createAuthUser({ url: front.url, email: "front@example.com", password: "front-password" });
    const signedIn = await signInWithEmailAndPassword(getAuth(app), "front@example.com", "front-password");
    expect(signedIn.user.uid).toBe(user.uid);
    await expect(signInWithEmailAndPassword(getAuth(app), "front@example.com", "wrong-password")).rejects.toMatchObject({
      code: "auth/wrong-password",
    });
  });

  it("says so when the emulator behind it is not there", async () => {
    const orphan = await startAuthFront({ host: "127.0.0.1", port: 0, target: { host: "127.0.0.1", port: await freePort() } });
    try {
      expect((await fetch(`${orphan.url}/identitytoolkit.googleapis.com/v1/accounts:lookup`, { method: "POST" })).status).toBe(502);
      expect((await fetch(`${orphan.url}${POLICY}`)).status).toBe(200);
    } finally {
      await orphan.close();
    }
  });
});
