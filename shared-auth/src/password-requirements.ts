// The password policy's checklist and the error shape the account actions share: pure, no SDK,
// so the account's entry points and the lazily loaded actions both import it.
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
