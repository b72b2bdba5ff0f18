// The admin's own credentials: the password policy checklist, password change, email change
// and the password reset for a forgotten password (sign-in page, reset page). These need the Auth SDK, and remotes never import firebase/*, so they live here.
// What calls the SDK is in account-actions.ts, loaded on first use: shared-auth is a federation
// singleton shipped whole to every visitor, and only the signed-in account screen changes a
// password (the SDK itself is loaded lazily too, see session.ts).
import { getAuthInstance } from "./session";

/** The policy options the Auth service can set, as the SDK reports them. */
export interface PasswordPolicyOptions {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  /** The characters that count as "non-alphanumeric"; empty means any non-letter, non-digit. */
  allowedNonAlphanumericCharacters?: string;
}

export type PasswordRequirementId = "minLength" | "maxLength" | "lowercase" | "uppercase" | "numeric" | "symbol";

export interface PasswordRequirement {
  id: PasswordRequirementId;
  label: string;
  met: boolean;
}

export interface PasswordCheck {
  met: boolean;
  requirements: PasswordRequirement[];
}

export interface PasswordPolicyCheck extends PasswordCheck {
  /** "server": the policy the Auth service reported; "default": it could not be fetched
   * (the Auth emulator does not serve /v2/passwordPolicy), so the SDK's default is shown. */
  source: "server" | "default";
}

/** The Auth service's default: minimum length 6. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicyOptions = { minPasswordLength: 6 };

/** Pure: the checklist for a password under a policy. Character classes match the SDK's. */
export function requirementsFor(policy: PasswordPolicyOptions, password: string): PasswordCheck {
  const requirements: PasswordRequirement[] = [];
  const chars = [...password];
  const min = policy.minPasswordLength ?? DEFAULT_PASSWORD_POLICY.minPasswordLength ?? 6;
  requirements.push({ id: "minLength", label: `At least ${min} characters`, met: password.length >= min });
  if (policy.maxPasswordLength) {
    requirements.push({
      id: "maxLength",
      label: `At most ${policy.maxPasswordLength} characters`,
      met: password.length <= policy.maxPasswordLength,
    });
  }
  if (policy.containsLowercaseLetter) {
    requirements.push({ id: "lowercase", label: "A lowercase letter (a-z)", met: chars.some((c) => c >= "a" && c <= "z") });
  }
  if (policy.containsUppercaseLetter) {
    requirements.push({ id: "uppercase", label: "An uppercase letter (A-Z)", met: chars.some((c) => c >= "A" && c <= "Z") });
  }
  if (policy.containsNumericCharacter) {
    requirements.push({ id: "numeric", label: "A number (0-9)", met: chars.some((c) => c >= "0" && c <= "9") });
  }
  if (policy.containsNonAlphanumericCharacter) {
    const allowed = policy.allowedNonAlphanumericCharacters ?? "";
    const isSymbol = allowed ? (c: string) => allowed.includes(c) : (c: string) => !/[a-zA-Z0-9]/.test(c);
    const examples = allowed ? ` such as ${[...allowed].slice(0, 6).join(" ")}` : "";
    requirements.push({ id: "symbol", label: `A symbol${examples}`, met: chars.some(isSymbol) });
  }
  return { met: requirements.every((r) => r.met), requirements };
}

/** An error shaped like the SDK's, so callers map every failure by its `code`. */
export class AccountError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

const actions = () => import("./account-actions");

/** Checks a password against the project's policy (fetched and cached by the SDK). */
export const checkPasswordPolicy = async (password: string): Promise<PasswordPolicyCheck> => (await actions()).checkPasswordPolicy(password);

/** Alias kept for the index's original export name. */
export const checkPassword = checkPasswordPolicy;

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
