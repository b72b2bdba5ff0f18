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
export interface StartFirebaseEmulatorsOptions {
  only: ("auth" | "hosting" | "functions")[];
  projectId?: string;
  host?: string;
  /** 0 or absent: a free port. Hosting's is the first site's. */
  ports?: { auth?: number; hosting?: number; functions?: number };
  /** firebase.json without `emulators`: hosting sites and functions (absolute sources allowed). */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  timeoutMs?: number;
  quiet?: boolean;
  onOutput?: (text: string) => void;
}
export interface FirebaseEmulators {
  host: string;
  projectId: string;
  ports: Record<string, number>;
  /** Each Hosting site's port, in the order of config.hosting. */
  hostingPorts: number[];
  stop(): Promise<void>;
  output(): string;
}
export function freePort(host?: string): Promise<number>;
export function startFirebaseEmulators(options: StartFirebaseEmulatorsOptions): Promise<FirebaseEmulators>;
export function startAuthEmulator(options?: StartAuthEmulatorOptions): Promise<AuthEmulator>;
export function createAuthUser(args: { url: string; projectId?: string; email: string; password: string }): Promise<AuthUser>;
export function signInAuthUser(args: { url: string; email: string; password: string }): Promise<AuthUser>;
export function clearAuthUsers(args: { url: string; projectId?: string }): Promise<void>;
