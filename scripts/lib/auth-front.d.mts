export const EMULATOR_PASSWORD_POLICY: {
  customStrengthOptions: { minPasswordLength: number };
  allowedNonAlphanumericCharacters: string[];
  enforcementState: string;
  forceUpgradeOnSignin: boolean;
  schemaVersion: number;
};
export interface AuthFront {
  /** Where browsers and scripts reach the Auth emulator, e.g. http://127.0.0.1:9099. */
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startAuthFront(options: { host: string; port: number; target: { host: string; port: number } }): Promise<AuthFront>;
