// The local stack's configuration, pure: its project, ports (from the environment) and the
// runtime config it serves. Read by the stack itself, the shell's dev server (dev-config.ts) and
// the e2e fixtures, without starting anything.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { REMOTE_LIST, type RemoteName } from "federation-kit/remotes";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PROJECT_ID = "demo-portfolio";
export const NAMESPACE = `${PROJECT_ID}-default-rtdb`;
export const STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;
/** The remotes, from the roster (federation-kit/remotes), in firebase.json's order. */
export const REMOTES = REMOTE_LIST;
export type RemoteSite = (typeof REMOTE_LIST)[number];

/** A remote's dev-server port, from its variable or its default (its vite.config.ts reads the same). */
export const devServerPort = (remote: RemoteSite) => envPort(remote.devPort.env, remote.devPort.default);

function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name}=${raw} is not a port number`);
  if (BAD_PORTS.has(port))
    throw new Error(`${name}=${raw}: browsers and Node's fetch refuse to connect to port ${port} (a "bad port" in the Fetch standard); choose another`);
  return port;
}

// Ports a browser's fetch refuses to connect to (the Fetch standard's "bad ports"): a server
// there would start, yet every page would fail with a bare "fetch failed".
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Every port free, chosen at start: a scratch stack beside any other (the benchmarks). */
export const FREE_PORTS = { site: 0, auth: 0, database: 0, storage: 0, mailSmtp: 0, mailWeb: 0 };

/** The stack's ports; each remote's (its Hosting site's) once the sites are served. */
export type StackPorts = Partial<Record<RemoteName, number>> & {
  site: number;
  auth: number;
  database: number;
  storage: number;
  preview?: number;
  /** The local mail server's SMTP port and web inbox (dev-tools/mail-server). */
  mailSmtp?: number;
  mailWeb?: number;
};

/** Ports from the environment (shell/README.md lists the variables). */
export function portsFromEnv(): StackPorts {
  return {
    site: envPort("SITE_PORT", 4173),
    auth: envPort("AUTH_PORT", 9099),
    database: envPort("DATABASE_PORT", 9000),
    storage: envPort("STORAGE_PORT", 9199),
    // Where `npm run release -- <remote> --preview` serves a candidate (the config's previewOrigins).
    preview: envPort("PREVIEW_PORT", 4183),
    // The local mail server: SMTP for the renderer and the mail job, a web inbox for people and tests.
    mailSmtp: envPort("MAIL_SMTP_PORT", 1025),
    mailWeb: envPort("MAIL_WEB_PORT", 1080),
  };
}

export function runtimeConfig({
  host = "127.0.0.1",
  ports,
  remoteUrls = {},
}: {
  host?: string;
  ports: StackPorts;
  remoteUrls?: Partial<Record<string, string>>;
}) {
  const remotes: Record<string, string> = {};
  for (const r of REMOTES) remotes[r.name] = remoteUrls[r.name] ?? `http://${host}:${ports[r.name]}/mf-manifest.json`;
  return {
    firebase: {
      apiKey: "demo-api-key",
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      projectId: PROJECT_ID,
      appId: "demo-app",
      databaseURL: `http://${host}:${ports.database}/?ns=${NAMESPACE}`,
      storageBucket: STORAGE_BUCKET,
    },
    emulators: { auth: `http://${host}:${ports.auth}`, database: { host, port: ports.database }, storage: { host, port: ports.storage } },
    remotes,
    // A candidate served by `npm run release -- <remote> --preview`, and the remotes' dev servers
    // (npm run dev -w <remote>), may be previewed in an admin's tab (shell/README.md).
    previewOrigins: [ports.preview, ...REMOTES.map(devServerPort)].filter(Boolean).map((port) => `http://${host}:${port}`),
    // The renderer makes every absolute link from it, never from a request's host.
    site: { url: `http://${host}:${ports.site}` },
  };
}

/** The Hosting emulator serves the remotes on the shell's port + 5, + 6, + 7 (when free). */
export const remotePortsFor = (sitePort: number): Record<RemoteName, number> =>
  Object.fromEntries(REMOTES.map((r, i) => [r.name, sitePort + 5 + i])) as Record<RemoteName, number>;
