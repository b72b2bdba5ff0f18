export const LOCAL_PASSWORD_POLICY: {
  customStrengthOptions: {
    minPasswordLength: number;
    maxPasswordLength?: number;
    containsLowercaseCharacter: boolean;
    containsUppercaseCharacter: boolean;
    containsNumericCharacter: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  allowedNonAlphanumericCharacters: string[];
  enforcementState: string;
  forceUpgradeOnSignin: boolean;
  schemaVersion: number;
};
export function missingRequirements(password: string, policy?: typeof LOCAL_PASSWORD_POLICY): string[];
export interface AuthFront {
  /** Where browsers and scripts reach the Auth emulator, e.g. http://127.0.0.1:9099. */
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startAuthFront(options: {
  host: string;
  port: number;
  target: { host: string; port: number };
  projectId?: string;
  onPasswordResetCode?: (reset: { email: string; oobCode: string }) => void;
}): Promise<AuthFront>;
