import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES, GENERIC_ERROR_MESSAGE, authErrorMessage } from "./auth-errors";

// The product's error catalogue, one by one, plus the reCAPTCHA token errors.
const catalogue = [
  "invalid-email",
  "wrong-password",
  "missing-password",
  "invalid-credential",
  "email-already-in-use",
  "operation-not-allowed",
  "user-not-found",
  "too-many-requests",
  "expired-action-code",
  "invalid-action-code",
  "requires-recent-login",
  "user-token-expired",
  "user-disabled",
  "password-does-not-meet-requirements",
  "invalid-verification-code",
  "code-expired",
  "credential-already-in-use",
  "account-exists-with-different-credential",
  "multi-factor-auth-required",
  "popup-blocked",
  "popup-closed-by-user",
  "cancelled-popup-request",
  "unauthorized-domain",
  "network-request-failed",
  "internal-error",
  "invalid-api-key",
  "missing-recaptcha-token",
  "invalid-recaptcha-token",
  "invalid-recaptcha-action",
  "invalid-recaptcha-version",
  "missing-recaptcha-version",
  "recaptcha-not-enabled",
];

describe("authErrorMessage", () => {
  it.each(catalogue)("maps auth/%s to its own plain message", (code) => {
    const message = authErrorMessage({ code: `auth/${code}`, message: "Firebase: Error (auth/x)." });
    expect(message).toBe(AUTH_ERROR_MESSAGES[`auth/${code}`]);
    expect(message).not.toBe(GENERIC_ERROR_MESSAGE);
    expect(message).not.toContain("auth/");
    expect(message).not.toContain(code);
  });

  it("says the same thing for wrong password, unknown user and invalid credential (no account probing)", () => {
    expect(authErrorMessage({ code: "auth/wrong-password" })).toBe(authErrorMessage({ code: "auth/user-not-found" }));
    expect(authErrorMessage({ code: "auth/invalid-credential" })).toBe("The email or password is incorrect.");
  });

  it.each([
    ["PERMISSION_DENIED", "You do not have permission to do that."],
    ["permission-denied", "You do not have permission to do that."],
    ["database/permission-denied", "You do not have permission to do that."],
    ["UNAVAILABLE", "The database is unavailable right now. Please try again later."],
  ])("maps the database answer %s", (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });

  it.each([[{ code: "auth/some-future-code" }], [{ code: 42 }], [new Error("boom")], [null], [undefined], ["auth/never-heard-of-it"]])(
    "gives the generic message for %j, never the raw code",
    (error) => {
      expect(authErrorMessage(error)).toBe(GENERIC_ERROR_MESSAGE);
    },
  );

  it("accepts a bare code string", () => {
    expect(authErrorMessage("auth/user-disabled")).toBe("This account has been disabled.");
  });
});
