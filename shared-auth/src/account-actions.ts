// What the password pages do through the Auth SDK (account.ts loads this on first use, so
// visitors who never reach them never download it). Failures keep the SDK's `code`.
import type { Auth } from "firebase/auth";
import { DEFAULT_PASSWORD_POLICY, requirementsFor, type PasswordPolicyCheck, type PasswordPolicyOptions } from "./password-requirements";
import { authErrorCode } from "./messages/auth-errors";
import { ensureAuth, getAuthInstance } from "./session";

function auth(): Auth {
  return getAuthInstance();
}

// When the policy cannot be fetched the SDK caches nothing and would ask again on every
// keystroke; remember the failure until refreshPasswordPolicy() is called.
let policyUnavailable = false;

/** Checks a password against the project's policy (fetched and cached by the SDK). */
export async function checkPasswordPolicy(password: string): Promise<PasswordPolicyCheck> {
  if (!policyUnavailable) {
    try {
      const { instance, sdk } = await ensureAuth();
      const status = await sdk.validatePassword(instance, password);
      const policy = status.passwordPolicy;
      const options: PasswordPolicyOptions = {
        ...policy.customStrengthOptions,
        allowedNonAlphanumericCharacters: policy.allowedNonAlphanumericCharacters,
      };
      return { ...requirementsFor(options, password), source: "server" };
    } catch {
      policyUnavailable = true;
    }
  }
  return { ...requirementsFor(DEFAULT_PASSWORD_POLICY, password), source: "default" };
}

interface PolicyRefresher {
  _updatePasswordPolicy?: () => Promise<void>;
}

/**
 * Fetches the policy again. The SDK refreshes its cache itself after sign-up and sign-in
 * failures but not after updatePassword, and has no public refresh call, so this uses the
 * same internal method the SDK uses (guarded: a future SDK without it just keeps its cache).
 */
export async function refreshPasswordPolicy(): Promise<void> {
  policyUnavailable = false;
  const refresher = auth() as unknown as PolicyRefresher;
  if (typeof refresher._updatePasswordPolicy !== "function") return;
  try {
    await refresher._updatePasswordPolicy();
  } catch {
    policyUnavailable = true;
  }
}

/**
 * Sends Firebase Auth's password reset email. An address with no account is not an error the
 * caller sees (`auth/user-not-found` is swallowed): the page says the same either way, so the
 * form does not tell who has an account.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { instance, sdk } = await ensureAuth();
  try {
    await sdk.sendPasswordResetEmail(instance, email);
  } catch (error) {
    if (authErrorCode(error) !== "auth/user-not-found") throw error;
  }
}

/** The account a reset link's code is for; rejects with the SDK's code (`auth/invalid-action-code`, `auth/expired-action-code`, ...). */
export async function checkPasswordResetCode(code: string): Promise<string> {
  const { instance, sdk } = await ensureAuth();
  return sdk.verifyPasswordResetCode(instance, code);
}

/** Sets a new password with a reset link's code; a password the policy refuses refreshes the cached policy before rethrowing. */
export async function resetPassword(code: string, newPassword: string): Promise<void> {
  const { instance, sdk } = await ensureAuth();
  try {
    await sdk.confirmPasswordReset(instance, code, newPassword);
  } catch (error) {
    const failed = authErrorCode(error);
    if (failed === "auth/password-does-not-meet-requirements" || failed === "auth/weak-password") await refreshPasswordPolicy();
    throw error;
  }
}
