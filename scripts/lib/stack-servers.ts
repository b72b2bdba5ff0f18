// The servers a local stack starts, one step each, in the order startLocalStack (local-stack.ts)
// runs them: the database server, the Storage server, then Auth (its front and the firebase-tools
// emulators, with Hosting and Functions when the sites are served). Each step registers how to
// stop what it started, so an interrupted start-up stops everything in reverse.
import { join } from "node:path";
import { startAuthFront } from "dev-tools/auth-front";
import { freePort, startFirebaseEmulators, type FirebaseEmulators } from "dev-tools/firebase-emulators";
import { NAMESPACE, PROJECT_ID, STORAGE_BUCKET, repoRoot, type StackPorts } from "dev-tools/stack-config";
import type { LocalServerInstance } from "local-server-kit";
import type { seedForStorage } from "./demo-media";

/** What every start-up step shares. */
export interface StackRun {
  host: string;
  /** Filled in as each server takes its port. */
  ports: StackPorts;
  log: (line: string) => void;
  verbose: boolean;
  /** How to stop what the steps have started, in the order they started it. */
  stoppers: (() => Promise<unknown>)[];
  /** Throws once start-up was interrupted (the caller's AbortSignal). */
  checkAborted(): void;
}

/** Stops what a run started, last first; a failure to stop one part is logged, the rest still stop. */
export async function stopAll(run: StackRun): Promise<void> {
  while (run.stoppers.length) {
    const fn = run.stoppers.pop();
    await fn!().catch((error) => run.log(`stop: ${error?.message ?? error}`));
  }
}

/** An emulator workspace, whose package entry is its build: loaded when a stack starts, with a plain message when it is not built. */
async function loadEmulator<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND")
      throw new Error(`${name} is not built: run \`npm run build\` first`, { cause: error });
    throw error;
  }
}

/** A switch of one part of a running stack: stop it and start it again (same port and data). */
export interface Switch {
  running: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * Starts a server on `port` and gives its switch: stopped and started again on the port it took
 * (same data), e.g. by the e2e control endpoint.
 */
async function restartable<S extends LocalServerInstance>(start: (port: number) => Promise<S>, port: number) {
  let running: S | null = await start(port);
  const server = running;
  const control: Switch = {
    get running() {
      return running !== null;
    },
    async stop() {
      const stopping = running;
      running = null;
      await stopping?.close();
    },
    async start() {
      running ??= await start(server.port);
    },
  };
  return { server, control };
}

/**
 * One of the stack's local servers (local-server-kit instances), started restartable on its port
 * of the stack, stopped with the rest, and announced with `describe`. The e2e control endpoint
 * stops and starts it again (same port, same data folder), as a network drop or a server restart
 * looks to the open pages and to an upload in progress.
 */
async function startLocalServerStep<S extends LocalServerInstance>(
  run: StackRun,
  which: "database" | "storage",
  start: (port: number, log: ((line: string) => void) | undefined) => Promise<S>,
  describe: (server: S) => string,
): Promise<{ url: string; control: Switch }> {
  const log = run.verbose ? (line: string) => run.log(`[${which}] ${line}`) : undefined;
  const { server, control } = await restartable((port) => start(port, log), run.ports[which]);
  run.stoppers.push(() => control.stop());
  run.checkAborted();
  run.ports[which] = server.port;
  run.log(describe(server));
  return { url: server.url, control };
}

/** The database server (rtdb-emulator) on the stack's data folder, with the seed for an empty one. */
export async function startDatabaseStep(run: StackRun, dbDir: string, seed: ReturnType<typeof seedForStorage>) {
  const { startRtdbEmulator } = await loadEmulator("rtdb-emulator", () => import("rtdb-emulator"));
  const rules = join(repoRoot, "database.rules.json");
  const { url, control } = await startLocalServerStep(
    run,
    "database",
    (port, log) => startRtdbEmulator({ port, host: run.host, rules, dataDir: dbDir, seed, defaultNamespace: NAMESPACE, watchRules: true, log }),
    (server) => `Database emulator  ${server.url}  (namespace ${NAMESPACE}, data in ${server.dataDir})`,
  );
  return { databaseUrl: url, database: control };
}

/** The Storage server (storage-emulator) on the stack's data folder. */
export async function startStorageStep(run: StackRun, storageDir: string) {
  const { startStorageEmulator } = await loadEmulator("storage-emulator", () => import("storage-emulator"));
  const rules = join(repoRoot, "storage.rules");
  const { url, control } = await startLocalServerStep(
    run,
    "storage",
    (port, log) =>
      startStorageEmulator({ port, host: run.host, rules, dataDir: storageDir, watchRules: true, log }).catch((error) => {
        throw new Error(`The Storage server could not start on STORAGE_PORT ${port}: ${error.code ?? error.message}`);
      }),
    (server) => `Storage emulator   ${server.url}  (bucket ${STORAGE_BUCKET}, data in ${server.dataDir})`,
  );
  return { storageUrl: url, storage: control };
}

/**
 * Auth, and with `hosting` (firebase.json's sites as the emulators need them) Hosting and
 * Functions: one firebase-tools process. Generous time limit: on a busy 2-core machine it can take
 * minutes to start. `siteForLinks` names the site a password reset's link points to.
 */
export async function startAuthStep(
  run: StackRun,
  hosting: Record<string, unknown> | null,
  siteForLinks: () => string,
  functionsEnv: Record<string, string> = {},
): Promise<{ authUrl: string; emulators: FirebaseEmulators }> {
  const { host, ports, log } = run;
  // AUTH_PORT is the Auth front's (dev-tools/src/auth-front.ts: it answers the password policy the emulator
  // cannot); the emulator itself takes a free port behind it.
  const authEmulatorPort = await freePort(host);
  // The emulator sends no email: a password reset's link is printed here instead (docs/admin-account.md).
  const onPasswordResetCode = ({ email, oobCode }: { email: string; oobCode: string }) =>
    log(`Password reset     for ${email} (no email is sent locally): ${siteForLinks()}/reset-password?mode=resetPassword&oobCode=${oobCode}`);
  const authFront = await startAuthFront({
    host,
    port: ports.auth,
    target: { host, port: authEmulatorPort },
    projectId: PROJECT_ID,
    onPasswordResetCode,
  }).catch((error) => {
    throw new Error(`AUTH_PORT ${ports.auth} cannot be used (${error.code ?? error.message}): stop what listens there or set AUTH_PORT to another port`);
  });
  run.stoppers.push(() => authFront.close());
  const emulators = await startFirebaseEmulators({
    only: hosting ? ["auth", "hosting", "functions"] : ["auth"],
    host,
    projectId: PROJECT_ID,
    ports: { auth: authEmulatorPort, hosting: ports.site },
    config: hosting ?? {},
    // The renderer reads the same config.json as the browser (production sets this too).
    env: hosting ? { RUNTIME_CONFIG_URL: `http://${host}:${ports.site}/config.json`, ...functionsEnv } : {},
    quiet: true,
    timeoutMs: 240_000,
    onOutput: run.verbose ? (text) => process.stdout.write(text) : undefined,
  });
  run.stoppers.push(() => emulators.stop());
  run.checkAborted();
  ports.auth = authFront.port;
  log(`Auth emulator      ${authFront.url}  (project ${PROJECT_ID})`);
  return { authUrl: authFront.url, emulators };
}
