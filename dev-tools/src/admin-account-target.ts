// Which local stack `npm run admin-account` changes, and how it says so before changing
// anything. The same addresses `npm start` uses: a stack running from the checkout's
// `.local-data` (its marker, and the config it serves) first, else the port variables
// (AUTH_PORT, DATABASE_PORT; shell/README.md), else their defaults. An address given by hand
// (--auth-url, AUTH_EMULATOR_URL ...) wins over both. Pure, so every case is tested.
import { NAMESPACE } from "./stack-config";

/** A stack running from the data folder, as its marker and served config tell it. */
export interface RunningStackView {
  pid: number;
  dataDir: string;
  siteUrl: string | null;
  /** The database server's origin (no namespace). */
  databaseUrl: string;
  /** The Auth emulator's origin from the config the stack serves; null when it serves none (`npm run emulators`). */
  authUrl: string | null;
  /** The uid of the demo admin the stack created (its data folder's `demo-admin-uid`), if known. */
  demoAdminUid: string | null;
}

export interface TargetInputs {
  /** --auth-url and --database-url, when given. */
  flags: { authUrl?: string | undefined; databaseUrl?: string | undefined };
  /** AUTH_EMULATOR_URL, DATABASE_URL, AUTH_PORT and DATABASE_PORT as set. */
  env: Record<string, string | undefined>;
  /** The ports from the port variables (portsFromEnv: the variable, else its default). */
  ports: { auth: number; database: number };
  /** The stack running from the checkout's data folder, if any. */
  running: RunningStackView | null;
  /** The data folder looked at (for the message when no stack runs there). */
  dataDir: string;
}

export interface LocalTarget {
  authUrl: string;
  databaseUrl: string;
  /** Said before anything changes: which stack, and where each address came from. */
  description: string;
  /**
   * A uid the Auth emulator must know before anything changes: set when a running stack's Auth
   * address is only guessed (from AUTH_PORT or its default), since another stack may answer there.
   */
  confirmAuthKnows: string | null;
}

const HOST = "127.0.0.1";
const withNamespace = (origin: string) => `${origin.replace(/\/$/, "")}/?ns=${NAMESPACE}`;
const portOf = (url: string) => new URL(url).port;

/** The Auth and database addresses the command will change, and the sentence that says so. */
export function resolveLocalTarget({ flags, env, ports, running, dataDir }: TargetInputs): LocalTarget {
  const givenAuth = flags.authUrl ?? env.AUTH_EMULATOR_URL;
  const givenDatabase = flags.databaseUrl ?? env.DATABASE_URL;
  const fromPorts = { auth: `http://${HOST}:${ports.auth}`, database: withNamespace(`http://${HOST}:${ports.database}`) };
  const authUrl = givenAuth ?? running?.authUrl ?? fromPorts.auth;
  const databaseUrl = givenDatabase ?? (running ? withNamespace(running.databaseUrl) : fromPorts.database);

  const addresses = `Auth ${authUrl}, database ${databaseUrl}`;
  if (givenAuth && givenDatabase) return { authUrl, databaseUrl, description: `the emulators given by hand (${addresses})`, confirmAuthKnows: null };
  if (!running) {
    const variables = [`AUTH_PORT=${env.AUTH_PORT || `${ports.auth} (default)`}`, `DATABASE_PORT=${env.DATABASE_PORT || `${ports.database} (default)`}`];
    return {
      authUrl,
      databaseUrl,
      description: `the emulators on the port variables, ${variables.join(", ")}: no stack is running from ${dataDir} (${addresses})`,
      confirmAuthKnows: null,
    };
  }
  const site = running.siteUrl ? `, site ${running.siteUrl}` : "";
  const notes: string[] = [];
  // A variable set for another stack must not send this command elsewhere silently.
  if (!givenAuth && running.authUrl && env.AUTH_PORT && env.AUTH_PORT !== portOf(running.authUrl))
    notes.push(`AUTH_PORT=${env.AUTH_PORT} is set, but this stack's Auth is on port ${portOf(running.authUrl)}`);
  if (!givenDatabase && env.DATABASE_PORT && env.DATABASE_PORT !== portOf(running.databaseUrl))
    notes.push(`DATABASE_PORT=${env.DATABASE_PORT} is set, but this stack's database is on port ${portOf(running.databaseUrl)}`);
  const guessedAuth = !givenAuth && !running.authUrl;
  if (guessedAuth) notes.push(`it names no Auth address, so Auth is taken from AUTH_PORT${env.AUTH_PORT ? "" : " (its default)"}`);
  return {
    authUrl,
    databaseUrl,
    description: `the local stack running from ${running.dataDir} (process ${running.pid}${site}; ${addresses})${notes.length ? `. Note: ${notes.join("; ")}` : ""}`,
    confirmAuthKnows: guessedAuth ? running.demoAdminUid : null,
  };
}
