// The signed-in admin's own credentials: the password policy checklist, password change and
// email change. These need the Auth SDK, and remotes never import firebase/*, so they live here.
// The SDK is imported on use: it is loaded lazily (see session.ts), and these run only on the
// signed-in account screen, where it has loaded already.
import type { Auth, User } from "firebase/auth";
import { getAuthInstance } from "./session";

const authSdk = () => import("firebase/auth");

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
      const { validatePassword } = await authSdk();
      const status = await validatePassword(auth(), password);
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

/** Alias kept for the index's original export name. */
export const checkPassword = checkPasswordPolicy;

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

function signedInUser(): User & { email: string } {
  const user = auth().currentUser;
  if (!user || !user.email) {
    throw new AccountError("auth/user-token-expired", "No signed-in user with an email address.");
  }
  return user as User & { email: string };
}

function codeOf(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
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
    if (codeOf(error) === "auth/password-does-not-meet-requirements") await refreshPasswordPolicy();
    throw error;
  }
}

export type EmailChangeResult =
  /** The address changed at once. */
  | { kind: "updated"; email: string }
  /** The project requires verification (email enumeration protection): a link was sent. */
  | { kind: "verification-sent"; email: string };

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
    if (codeOf(error) !== "auth/operation-not-allowed") throw error;
    await verifyBeforeUpdateEmail(user, newEmail);
    return { kind: "verification-sent", email: newEmail };
  }
  await user.reload();
  return { kind: "updated", email: user.email ?? newEmail };
}

export interface AccountDetails {
  email: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
}

/** The current user's email and metadata times (ISO strings), read straight from Auth. */
export function currentAccountDetails(): AccountDetails | null {
  const user = auth().currentUser;
  if (!user) return null;
  const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    email: user.email,
    createdAt: iso(user.metadata.creationTime),
    lastSignInAt: iso(user.metadata.lastSignInTime),
  };
}
