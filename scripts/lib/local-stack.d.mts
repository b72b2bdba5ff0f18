export const repoRoot: string;
export const PROJECT_ID: string;
export const NAMESPACE: string;
export const STORAGE_BUCKET: string;
export const DEMO_ADMIN_PASSWORD: string;
import type { REMOTE_LIST, RemoteName } from "../../federation.remotes.ts";
export type RemoteSite = (typeof REMOTE_LIST)[number];
export const REMOTES: RemoteSite[];
export function devServerPort(remote: RemoteSite): number;
export type StackPorts = Record<RemoteName, number> & {
  site: number;
  auth: number;
  database: number;
  storage: number;
  preview?: number;
};
export const FREE_PORTS: { site: 0; auth: 0; database: 0; storage: 0 };
export function portsFromEnv(): StackPorts;
export function demoAdminFromEnv(): { email: string; password: string };
export function defaultSeedFile(): string | undefined;
export function runtimeConfig(args: { host?: string; ports: StackPorts; remoteUrls?: Record<string, string> }): {
  firebase: Record<string, string>;
  emulators: { auth: string; database: { host: string; port: number }; storage: { host: string; port: number } };
  remotes: Record<string, string>;
  previewOrigins?: string[];
};
export function ownerWrite(databaseUrl: string, path: string, value: unknown, method?: string): Promise<unknown>;
export function ownerRead(databaseUrl: string, path: string): Promise<unknown>;
/** A running local stack (see startLocalStack in local-stack.mjs). */
export interface LocalStack {
  host: string;
  ports: StackPorts;
  databaseUrl: string;
  /** The Storage server (storage-emulator). */
  storageUrl: string;
  authUrl: string;
  /** The composed site's URL when the sites are served, else null. */
  siteUrl: string | null;
  configFile: string | null;
  admin: { uid: string; email: string; password: string };
  dataDir: string;
  /** The database server: stop and start it again (same port and data) under open pages. */
  database: { running: boolean; stop(): Promise<void>; start(): Promise<void> };
  /** The Storage server: stop and start it again (same port and data) under open pages. */
  storage: { running: boolean; stop(): Promise<void>; start(): Promise<void> };
  remotes: Map<string, unknown>;
  stop(): Promise<void>;
}
export function startLocalStack(options?: Record<string, unknown>): Promise<LocalStack>;
export function moveDraftsApart(databaseUrl: string): Promise<string[]>;
export function remotePortsFor(sitePort: number): Record<string, number>;
/** The marker a running stack keeps in its data folder (startLocalStack). */
export interface StackMarker {
  pid: number;
  siteUrl: string | null;
  databaseUrl: string;
  dataDir: string;
  configFile: string | null;
  /** Remote name -> its Hosting site's origin. */
  remoteOrigins: Record<string, string>;
  /** Site (shell, remote-home, ...) -> the folder its Hosting site serves. */
  hostingRoots: Record<string, string>;
}
export function runningStack(dataDir: string): Promise<StackMarker | null>;
