// The admin's own credentials: the password policy checklist, password change, email change
// and the password reset for a forgotten password (sign-in page, reset page). These need the Auth SDK, and remotes never import firebase/*, so they live here.
// What calls the SDK is in account-actions.ts, loaded on first use: shared-auth is a federation
// singleton shipped whole to every visitor, and only the signed-in account screen changes a
// password (the SDK itself is loaded lazily too, see session.ts).
import { getAuthInstance } from "./session";

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

/** Re-authenticates with the current password, then sets the new one; rethrows the SDK's errors (by `code`). */
export const changePassword = async (currentPassword: string, newPassword: string): Promise<void> =>
  (await actions()).changePassword(currentPassword, newPassword);

/** Sends the password reset email (Firebase Auth's own); says nothing about whether the address has an account. */
export const sendPasswordReset = async (email: string): Promise<void> => (await actions()).sendPasswordReset(email);

/** The email address a password reset link's code is for; rejects by `code` when the link is invalid, expired or used. */
export const checkPasswordResetCode = async (code: string): Promise<string> => (await actions()).checkPasswordResetCode(code);

/** Sets a new password with a reset link's code; rejects by `code` (a refused password, an expired or used link). */
export const resetPassword = async (code: string, newPassword: string): Promise<void> => (await actions()).resetPassword(code, newPassword);

export type EmailChangeResult =
  /** The address changed at once. */
  | { kind: "updated"; email: string }
  /** The project requires verification (email enumeration protection): a link was sent. */
  | { kind: "verification-sent"; email: string };

/** Re-authenticates, then changes the sign-in email (or sends a verification link when the project requires one). */
export const changeEmail = async (currentPassword: string, newEmail: string): Promise<EmailChangeResult> =>
  (await actions()).changeEmail(currentPassword, newEmail);

export interface AccountDetails {
  email: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
}

/** The current user's email and metadata times (ISO strings), read straight from Auth. */
export function currentAccountDetails(): AccountDetails | null {
  const user = getAuthInstance().currentUser;
  if (!user) return null;
  const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    email: user.email,
    createdAt: iso(user.metadata.creationTime),
    lastSignInAt: iso(user.metadata.lastSignInTime),
  };
}
