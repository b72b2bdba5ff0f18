import { beforeEach, describe, expect, it, vi } from "vitest";

const sdk = vi.hoisted(() => ({
  validatePassword: vi.fn(),
  reauthenticateWithCredential: vi.fn(),
  updatePassword: vi.fn(),
  updateEmail: vi.fn(),
  verifyBeforeUpdateEmail: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  verifyPasswordResetCode: vi.fn(),
  confirmPasswordReset: vi.fn(),
  credential: vi.fn((email: string, password: string) => ({ email, password })),
}));
const authInstance = vi.hoisted(() => ({
  currentUser: null as null | Record<string, unknown>,
  _updatePasswordPolicy: vi.fn(async () => {}),
}));

vi.mock("firebase/auth", () => ({
  EmailAuthProvider: { credential: sdk.credential },
  validatePassword: sdk.validatePassword,
  reauthenticateWithCredential: sdk.reauthenticateWithCredential,
  updatePassword: sdk.updatePassword,
  updateEmail: sdk.updateEmail,
  verifyBeforeUpdateEmail: sdk.verifyBeforeUpdateEmail,
  sendPasswordResetEmail: sdk.sendPasswordResetEmail,
  verifyPasswordResetCode: sdk.verifyPasswordResetCode,
  confirmPasswordReset: sdk.confirmPasswordReset,
}));
vi.mock("./session", () => ({ getAuthInstance: () => authInstance, ensureAuth: async () => ({ instance: authInstance, sdk: await import("firebase/auth") }) }));

import { adminAccount } from "./admin";
import { ensureAuth } from "./session";
import {
  checkPasswordPolicy,
  DEFAULT_PASSWORD_POLICY,
  refreshPasswordPolicy,
  requirementsFor,
  resetPassword,
  sendPasswordReset,
  type PasswordPolicyOptions,
} from "./account";

const { changeEmail, changePassword } = adminAccount({ ensureAuth, refreshPasswordPolicy });

const EVERY_OPTION: PasswordPolicyOptions = {
  minPasswordLength: 8,
  maxPasswordLength: 20,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
  allowedNonAlphanumericCharacters: "!@#$%^&*",
};

const metById = (password: string, policy: PasswordPolicyOptions) =>
  Object.fromEntries(requirementsFor(policy, password).requirements.map((r) => [r.id, r.met]));

function codeError(code: string) {
  return Object.assign(new Error(code), { code });
}

describe("requirementsFor, every option on", () => {
  it("lists all six requirements in a stable order with readable labels", () => {
    const { requirements } = requirementsFor(EVERY_OPTION, "");
    expect(requirements.map((r) => r.id)).toEqual(["minLength", "maxLength", "lowercase", "uppercase", "numeric", "symbol"]);
    expect(requirements.map((r) => r.label)).toEqual([
      "At least 8 characters",
      "At most 20 characters",
      "A lowercase letter (a-z)",
      "An uppercase letter (A-Z)",
      "A number (0-9)",
      "A symbol such as ! @ # $ % ^",
    ]);
  });

  it("marks each requirement separately as the password grows", () => {
    expect(metById("", EVERY_OPTION)).toEqual({
      minLength: false,
      maxLength: true,
      lowercase: false,
      uppercase: false,
      numeric: false,
      symbol: false,
    });
    expect(metById("abc", EVERY_OPTION)).toMatchObject({ lowercase: true, uppercase: false, minLength: false });
    expect(metById("abcDEF12", EVERY_OPTION)).toMatchObject({ minLength: true, uppercase: true, numeric: true, symbol: false });
    expect(requirementsFor(EVERY_OPTION, "abcDEF12").met).toBe(false);
    expect(requirementsFor(EVERY_OPTION, "abcDEF12!").met).toBe(true);
  });

  it("fails the maximum length and symbols outside the allowed set", () => {
    expect(metById("aB1!".repeat(6), EVERY_OPTION).maxLength).toBe(false);
    // "~" is not in the allowed set, as in the SDK.
    expect(metById("abcDEF12~", EVERY_OPTION).symbol).toBe(false);
  });

  it("treats any non-letter, non-digit as a symbol when no set is given", () => {
    const policy = { ...EVERY_OPTION, allowedNonAlphanumericCharacters: "" };
    expect(metById("abcDEF12~", policy).symbol).toBe(true);
    expect(requirementsFor(policy, "x").requirements.at(-1)?.label).toBe("A symbol");
  });
});

describe("requirementsFor, default policy", () => {
  it("only asks for six characters", () => {
    expect(requirementsFor(DEFAULT_PASSWORD_POLICY, "12345")).toEqual({
      met: false,
      requirements: [{ id: "minLength", label: "At least 6 characters", met: false }],
    });
    expect(requirementsFor(DEFAULT_PASSWORD_POLICY, "123456").met).toBe(true);
    expect(requirementsFor({}, "abcde").met).toBe(false);
  });
});

describe("checkPasswordPolicy", () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    await refreshPasswordPolicy(); // clears a remembered failure between tests
  });

  it("uses the policy the Auth service reports", async () => {
    sdk.validatePassword.mockResolvedValue({
      isValid: false,
      passwordPolicy: {
        customStrengthOptions: { minPasswordLength: 10, containsUppercaseLetter: true },
        allowedNonAlphanumericCharacters: "",
        enforcementState: "ENFORCE",
      },
    });
    const check = await checkPasswordPolicy("short");
    expect(check.source).toBe("server");
    expect(check.requirements.map((r) => [r.id, r.met])).toEqual([
      ["minLength", false],
      ["uppercase", false],
    ]);
  });

  it("falls back to the default policy when it cannot be fetched, and stops asking until refreshed", async () => {
    sdk.validatePassword.mockRejectedValue(codeError("auth/internal-error"));
    const first = await checkPasswordPolicy("abcdef");
    expect(first).toMatchObject({ source: "default", met: true });
    await checkPasswordPolicy("abcdefg");
    expect(sdk.validatePassword).toHaveBeenCalledTimes(1);
    await refreshPasswordPolicy();
    await checkPasswordPolicy("abcdefg");
    expect(sdk.validatePassword).toHaveBeenCalledTimes(2);
  });
});

describe("changePassword and changeEmail", () => {
  const user = { email: "admin@example.com", reload: vi.fn(async () => {}), metadata: {} };
  beforeEach(() => {
    vi.clearAllMocks();
    authInstance.currentUser = user;
  });

  it("re-authenticates with the current password before updating", async () => {
    const order: string[] = [];
    sdk.reauthenticateWithCredential.mockImplementation(async () => void order.push("reauth"));
    sdk.updatePassword.mockImplementation(async () => void order.push("update"));
    await changePassword("old-pass", "New-pass1!");
    expect(sdk.credential).toHaveBeenCalledWith("admin@example.com", "old-pass");
    expect(sdk.updatePassword).toHaveBeenCalledWith(user, "New-pass1!");
    expect(order).toEqual(["reauth", "update"]);
  });

  it("does not update when re-authentication fails", async () => {
    sdk.reauthenticateWithCredential.mockRejectedValue(codeError("auth/wrong-password"));
    await expect(changePassword("bad", "New-pass1!")).rejects.toMatchObject({ code: "auth/wrong-password" });
    expect(sdk.updatePassword).not.toHaveBeenCalled();
  });

  it("refreshes the cached policy when the server refuses the new password", async () => {
    sdk.reauthenticateWithCredential.mockResolvedValue(undefined);
    sdk.updatePassword.mockRejectedValue(codeError("auth/password-does-not-meet-requirements"));
    await expect(changePassword("old", "weak")).rejects.toMatchObject({ code: "auth/password-does-not-meet-requirements" });
    expect(authInstance._updatePasswordPolicy).toHaveBeenCalledTimes(1);
  });

  it("reports a missing user as an expired session", async () => {
    authInstance.currentUser = null;
    await expect(changePassword("a", "b")).rejects.toMatchObject({ code: "auth/user-token-expired" });
  });

  it("changes the email directly, or sends a verification link when the project requires it", async () => {
    sdk.reauthenticateWithCredential.mockResolvedValue(undefined);
    sdk.updateEmail.mockResolvedValue(undefined);
    await expect(changeEmail("pw", "new@example.com")).resolves.toEqual({ kind: "updated", email: "admin@example.com" });
    sdk.updateEmail.mockRejectedValue(codeError("auth/operation-not-allowed"));
    await expect(changeEmail("pw", "new@example.com")).resolves.toEqual({ kind: "verification-sent", email: "new@example.com" });
    expect(sdk.verifyBeforeUpdateEmail).toHaveBeenCalledWith(user, "new@example.com");
    sdk.updateEmail.mockRejectedValue(codeError("auth/email-already-in-use"));
    await expect(changeEmail("pw", "taken@example.com")).rejects.toMatchObject({ code: "auth/email-already-in-use" });
  });
});

describe("a forgotten password", () => {
  it("sends the reset email, and says nothing different for an address without an account", async () => {
    sdk.sendPasswordResetEmail.mockResolvedValueOnce(undefined);
    await sendPasswordReset("admin@example.com");
    expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(authInstance, "admin@example.com");
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(codeError("auth/user-not-found"));
    await expect(sendPasswordReset("nobody@example.com")).resolves.toBeUndefined();
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(codeError("auth/too-many-requests"));
    await expect(sendPasswordReset("admin@example.com")).rejects.toMatchObject({ code: "auth/too-many-requests" });
  });

  it("a new password the policy refuses fetches the policy again before the error reaches the page", async () => {
    authInstance._updatePasswordPolicy.mockClear();
    sdk.confirmPasswordReset.mockRejectedValueOnce(codeError("auth/password-does-not-meet-requirements"));
    await expect(resetPassword("code", "weak")).rejects.toMatchObject({ code: "auth/password-does-not-meet-requirements" });
    expect(authInstance._updatePasswordPolicy).toHaveBeenCalledTimes(1);
  });
});
