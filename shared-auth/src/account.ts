// A password from a visitor's side: the policy checklist and the reset of a forgotten password
// (sign-in page, reset page). These need the Auth SDK, and remotes never import firebase/*, so
// they live here; the admin's own account changes are the `shared-auth/admin` entry's.
// What calls the SDK is in account-actions.ts, loaded on first use: shared-auth is a federation
// singleton shipped whole to every visitor (the SDK itself is loaded lazily too, see session.ts).

export {
  AccountError,
  DEFAULT_PASSWORD_POLICY,
  requirementsFor,
  type PasswordCheck,
  type PasswordPolicyCheck,
  type PasswordPolicyOptions,
  type PasswordRequirement,
  type PasswordRequirementId,
} from "./password-requirements";
import type { PasswordPolicyCheck } from "./password-requirements";

const actions = () => import("./account-actions");

/** Checks a password against the project's policy (fetched and cached by the SDK). */
export const checkPasswordPolicy = async (password: string): Promise<PasswordPolicyCheck> => (await actions()).checkPasswordPolicy(password);

/** Fetches the policy again (the SDK does not after updatePassword). */
export const refreshPasswordPolicy = async (): Promise<void> => (await actions()).refreshPasswordPolicy();

/** Sends the password reset email (Firebase Auth's own); says nothing about whether the address has an account. */
export const sendPasswordReset = async (email: string): Promise<void> => (await actions()).sendPasswordReset(email);

/** The email address a password reset link's code is for; rejects by `code` when the link is invalid, expired or used. */
export const checkPasswordResetCode = async (code: string): Promise<string> => (await actions()).checkPasswordResetCode(code);

/** Sets a new password with a reset link's code; rejects by `code` (a refused password, an expired or used link). */
export const resetPassword = async (code: string, newPassword: string): Promise<void> => (await actions()).resetPassword(code, newPassword);
