/** Where the admin-account calls go: the emulators (authUrl, token "owner") or a real project. */
export interface AdminAccountOptions {
  projectId: string;
  /** The Auth emulator's origin; absent for a real project. */
  authUrl?: string;
  databaseUrl: string;
  /** "owner" for the emulators, a project owner's OAuth access token for a real project. */
  token: string;
  email?: string;
  password?: string;
}
/** Sets the custom claim admin: true on the account, keeping its other claims (JSON text, as the Identity Toolkit keeps them). */
export function setAdminClaim(options: AdminAccountOptions, uid: string, customAttributes?: string): Promise<void>;
export function ensureAdmin(options: AdminAccountOptions): Promise<{ uid: string; created: boolean }>;
export function main(argv?: string[], env?: Record<string, string | undefined>, log?: (line: string) => void): Promise<number>;
