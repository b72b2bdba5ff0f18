// The Auth front against the real Auth emulator, through the real firebase SDK: the password
// policy the emulator cannot serve is answered (so the account screen's check logs no failed
// request) and enforced, a password reset's code is reported (the emulator sends no email),
// and everything else reaches the emulator unchanged.
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  validatePassword,
} from "firebase/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PASSWORD_POLICY, startAuthFront, type AuthFront } from "./auth-front";
import { createAuthUser, freePort, startAuthEmulator, type AuthEmulator } from "./firebase-emulators";

const POLICY = "/identitytoolkit.googleapis.com/v2/passwordPolicy?key=demo-api-key";
let emulator: AuthEmulator;
let front: AuthFront;
let app: FirebaseApp;
const resetCodes: { email: string; oobCode: string }[] = [];

beforeAll(async () => {
  emulator = await startAuthEmulator({ port: 0, quiet: true });
  front = await startAuthFront({
    host: "127.0.0.1",
    port: 0,
    target: { host: emulator.host, port: emulator.port },
    onPasswordResetCode: (reset) => resetCodes.push(reset),
  });
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
    expect(await answer.json()).toEqual(LOCAL_PASSWORD_POLICY);
  });

  it("lets the SDK check a password against it: 12 characters with lowercase, uppercase and a number", async () => {
    const weak = await validatePassword(getAuth(app), "abcdefghijkl");
    expect(weak).toMatchObject({ isValid: false, meetsMinPasswordLength: true, containsUppercaseLetter: false, containsNumericCharacter: false });
    expect(weak.passwordPolicy.customStrengthOptions).toMatchObject({ minPasswordLength: 12, containsUppercaseLetter: true });
    expect(await validatePassword(getAuth(app), "Abcdefghijk1")).toMatchObject({ isValid: true });
  });

  it("enforces it where the real service does: a weak password is refused with the service's own error", async () => {
    await expect(createUserWithEmailAndPassword(getAuth(app), "weak@example.com", "short")).rejects.toMatchObject({
      code: "auth/password-does-not-meet-requirements",
    });
    const strong = await createUserWithEmailAndPassword(getAuth(app), "strong@example.com", "Strong-Enough-1");
    expect(strong.user.email).toBe("strong@example.com");
  });

  it("reports a password reset's out-of-band code, and the reset it completes is held to the policy", async () => {
    await createAuthUser({ url: front.url, email: "forgetful@example.com", password: "Forgetful-2026" });
    await sendPasswordResetEmail(getAuth(app), "forgetful@example.com");
    await expect.poll(() => resetCodes.filter((c) => c.email === "forgetful@example.com").length).toBe(1);
    const { oobCode } = resetCodes.find((c) => c.email === "forgetful@example.com")!;
    await expect(confirmPasswordReset(getAuth(app), oobCode, "weak")).rejects.toMatchObject({ code: "auth/password-does-not-meet-requirements" });
    await confirmPasswordReset(getAuth(app), oobCode, "Remembered-2026");
    await signInWithEmailAndPassword(getAuth(app), "forgetful@example.com", "Remembered-2026");
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
    const user = await createAuthUser({ url: front.url, email: "front@example.com", password: "Front-Password-1" });
    const signedIn = await signInWithEmailAndPassword(getAuth(app), "front@example.com", "Front-Password-1");
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
