// What the account screen does through the Auth SDK (account.ts loads this on first use, so
// visitors never download it). Failures keep the SDK's `code`.
import type { Auth, User } from "firebase/auth";
import type { EmailChangeResult } from "./account";
import { AccountError, DEFAULT_PASSWORD_POLICY, requirementsFor, type PasswordPolicyCheck, type PasswordPolicyOptions } from "./password-requirements";
import { authErrorCode } from "./messages/auth-errors";
import { ensureAuth, getAuthInstance } from "./session";

const authSdk = () => import("firebase/auth");

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

function signedInUser(): User & { email: string } {
  const user = auth().currentUser;
  if (!user || !user.email) {
    throw new AccountError("auth/user-token-expired", "No signed-in user with an email address.");
  }
  return user as User & { email: string };
}

/** Re-authenticates with the current password (a fresh sign-in is required for both changes). */
async function reauthenticate(user: User & { email: string }, currentPassword: string): Promise<void> {
  const { EmailAuthProvider, reauthenticateWithCredential } = await authSdk();
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
}

/**
 * Re-authenticates with the current password, then sets the new one. Errors are rethrown as
 * the SDK raised them (`auth/wrong-password`, `auth/invalid-credential`, `auth/too-many-requests`,
 * `auth/password-does-not-meet-requirements` after the cached policy was refreshed, ...).
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = signedInUser();
  await reauthenticate(user, currentPassword);
  const { updatePassword } = await authSdk();
  try {
    await updatePassword(user, newPassword);
  } catch (error) {
    if (authErrorCode(error) === "auth/password-does-not-meet-requirements") await refreshPasswordPolicy();
    throw error;
  }
}

/**
 * Re-authenticates, then changes the sign-in email. Projects with email enumeration protection
 * refuse a direct change (`auth/operation-not-allowed`); then a verification link is sent to the
 * new address and the change happens when it is followed.
 */
export async function changeEmail(currentPassword: string, newEmail: string): Promise<EmailChangeResult> {
  const user = signedInUser();
  await reauthenticate(user, currentPassword);
  const { updateEmail, verifyBeforeUpdateEmail } = await authSdk();
  try {
    await updateEmail(user, newEmail);
  } catch (error) {
    if (authErrorCode(error) !== "auth/operation-not-allowed") throw error;
    await verifyBeforeUpdateEmail(user, newEmail);
    return { kind: "verification-sent", email: newEmail };
  }
  await user.reload();
  return { kind: "updated", email: user.email ?? newEmail };
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
