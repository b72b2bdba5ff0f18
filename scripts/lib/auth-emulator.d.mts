export interface AuthEmulator {
  /** Base URL, e.g. http://127.0.0.1:9099 (pass to connectAuthEmulator). */
  url: string;
  host: string;
  port: number;
  projectId: string;
  /** Kills the emulator's process group and waits for it to exit. */
  stop(): Promise<void>;
}
export interface StartAuthEmulatorOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 'demo-portfolio'. */
  projectId?: string;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 90000. */
  timeoutMs?: number;
  quiet?: boolean;
}
export interface AuthUser {
  uid: string;
  idToken: string;
  refreshToken: string;
}
export function freePort(host?: string): Promise<number>;
export function startAuthEmulator(options?: StartAuthEmulatorOptions): Promise<AuthEmulator>;
export function createAuthUser(args: { url: string; projectId?: string; email: string; password: string }): Promise<AuthUser>;
export function signInAuthUser(args: { url: string; email: string; password: string }): Promise<AuthUser>;
export function clearAuthUsers(args: { url: string; projectId?: string }): Promise<void>;
