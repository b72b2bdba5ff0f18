// The local stack behind `npm start`, `npm run emulators`, the e2e tests and the benchmarks: the
// Realtime Database server (rtdb-emulator), the Storage server (storage-emulator), the official
// Auth emulator, the demo content seed, a demo admin, and (optionally) firebase.json's Hosting sites in the official Hosting emulator with
// the renderer in the official Functions emulator, as in production.
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { LOCAL_DEFAULTS, setAdminClaim } from "dev-tools/admin-account";
import { startAuthFront } from "dev-tools/auth-front";
import { createAuthUser, freePort, signInAuthUser, startFirebaseEmulators, type FirebaseEmulators } from "dev-tools/firebase-emulators";
import { seedForStorage, uploadDemoMedia } from "./demo-media";
import { ensureLocalPreviewSecret } from "./preview-secret";
import { writeLocalMailSecrets } from "./mail-secret";
import { startMailServer } from "dev-tools/mail-server";
import { RELEASE_STATE_PATHS } from "release-protocol";
import { migrateLocalReleaseFiles } from "../releases/migrate";
import { recordStartBuilds } from "../releases/start";
import { openReleaseStore } from "../releases/store";
import { writeRobotsTxt } from "./robots";
import { startSchedulerProcess } from "./scheduler-process";
import { NAMESPACE, PROJECT_ID, REMOTES, STORAGE_BUCKET, portsFromEnv, remotePortsFor, repoRoot, runtimeConfig, type StackPorts } from "dev-tools/stack-config";

/** The demo admin's password (admin-account's local default): it meets the local password policy (dev-tools/src/auth-front.ts). */
export const DEMO_ADMIN_PASSWORD = LOCAL_DEFAULTS.password;

export function demoAdminFromEnv() {
  return {
    email: process.env.DEMO_ADMIN_EMAIL || LOCAL_DEFAULTS.email,
    password: process.env.DEMO_ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD,
  };
}

/** The demo seed (`seed/demo-content.json`, built by `npm run seed -w shared-content`), else a placeholder. */
export function defaultSeedFile() {
  const candidates = [process.env.SEED_FILE, join(repoRoot, "seed", "demo-content.json"), join(repoRoot, "scripts", "placeholder-seed.json")];
  return candidates.find((f) => f && existsSync(f));
}

/** Writes JSON to the database as owner (bypasses rules), like the official emulator's REST. */
export async function ownerWrite(databaseUrl: string, path: string, value: unknown, method = "PUT"): Promise<unknown> {
  const url = `${databaseUrl}/${path.replace(/^\/+/, "")}.json?ns=${NAMESPACE}`;
  const res = await fetch(url, {
    method,
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: method === "DELETE" ? undefined : JSON.stringify(value),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever JSON the path holds; callers read it as they expect
export async function ownerRead(databaseUrl: string, path: string): Promise<any> {
  const res = await fetch(`${databaseUrl}/${path.replace(/^\/+/, "")}.json?ns=${NAMESPACE}`, { headers: { Authorization: "Bearer owner" } });
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Data kept from before drafts had their own node: drafts stored in blog/posts (which visitors
 * may now read) move to blog/drafts, each in one owner update. Returns the slugs moved.
 */
export async function moveDraftsApart(databaseUrl: string): Promise<string[]> {
  const posts: Record<string, { status?: string } | null> = (await ownerRead(databaseUrl, "blog/posts")) ?? {};
  const moved: string[] = [];
  for (const [slug, post] of Object.entries(posts)) {
    if (post?.status === "published") continue;
    await ownerWrite(databaseUrl, "", { [`blog/posts/${slug}`]: null, [`blog/index/${slug}`]: null, [`blog/drafts/${slug}`]: post }, "PATCH");
    moved.push(slug);
  }
  return moved;
}

/**
 * The stack running on `dataDir`, if any: { pid, siteUrl, databaseUrl } from the marker a
 * running stack keeps there, or null (no marker, or its process is gone).
 */
/** The marker a running stack keeps in its data folder (startLocalStack). */
export interface StackMarker {
  pid: number;
  siteUrl: string | null;
  databaseUrl: string;
  dataDir: string;
  configFile: string | null;
  /** Remote name -> its Hosting site's origin. */
  remoteOrigins: Record<string, string>;
  /** Site (the shell, each remote by its folder) -> the folder its Hosting site serves. */
  hostingRoots: Record<string, string>;
}

export async function runningStack(dataDir: string): Promise<StackMarker | null> {
  const marker = join(resolve(dataDir), "stack.json");
  if (!existsSync(marker)) return null;
  try {
    const info = JSON.parse(await readFile(marker, "utf8")) as StackMarker;
    process.kill(info.pid, 0); // throws when there is no such process
    return info;
  } catch {
    return null;
  }
}

/**
 * Creates (or signs in) the demo admin, lists its uid under admins/ (the database rules) and
 * gives it the custom claim admin: true (the Storage rules, which cannot read the database).
 */
export async function ensureDemoAdmin({
  authUrl,
  databaseUrl,
  email,
  password,
  stateDir,
}: {
  authUrl: string;
  databaseUrl: string;
  email: string;
  password: string;
  stateDir?: string;
}) {
  let user;
  try {
    user = await createAuthUser({ url: authUrl, projectId: PROJECT_ID, email, password });
  } catch (error) {
    if (!String(error).includes("EMAIL_EXISTS")) throw error;
    user = await signInAuthUser({ url: authUrl, email, password });
  }
  // The Auth emulator forgets its accounts on restart, so the admin gets a new uid each start:
  // drop the previous one from admins/ to keep that list honest.
  const uidFile = stateDir ? join(stateDir, "demo-admin-uid") : null;
  if (uidFile && existsSync(uidFile)) {
    const previous = (await readFile(uidFile, "utf8")).trim();
    if (previous && previous !== user.uid) await ownerWrite(databaseUrl, `admins/${previous}`, null, "DELETE").catch(() => undefined);
  }
  await ownerWrite(databaseUrl, `admins/${user.uid}`, true);
  await setAdminClaim({ projectId: PROJECT_ID, authUrl, databaseUrl, token: "owner" }, user.uid);
  if (uidFile) await writeFile(uidFile, `${user.uid}\n`);
  return { uid: user.uid, email, password };
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
async function restartable<S extends { port: number; close(): Promise<void> }>(start: (port: number) => Promise<S>, port: number) {
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

/** A running local stack (startLocalStack). */
export interface LocalStack {
  host: string;
  ports: StackPorts;
  databaseUrl: string;
  /** The Storage server (storage-emulator). */
  storageUrl: string;
  authUrl: string;
  /** The local mail server's web inbox (and its HTTP API), and its SMTP address. */
  mailUrl: string;
  smtpUrl: string;
  /** The composed site's URL when the sites are served, else null. */
  siteUrl: string | null;
  configFile: string | null;
  admin: { uid: string; email: string; password: string };
  dataDir: string;
  /** The database server, under open pages. */
  database: Switch;
  /** The Storage server, under open pages. */
  storage: Switch;
  /** Each remote by federation name (with `serve`). */
  remotes: Map<string, Switch>;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  ports?: Partial<StackPorts>;
  dataDir?: string;
  reset?: boolean;
  serve?: boolean;
  seed?: string;
  verbose?: boolean;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * Starts the emulators (and, with `serve`, the built apps). Options:
 *   ports        see portsFromEnv()
 *   dataDir      persistent data directory (default .local-data); database under <dataDir>/db,
 *                Storage under <dataDir>/storage
 *   reset        wipe <dataDir>/db and <dataDir>/storage first, so the seed loads again
 *   serve        also serve the four Hosting sites of firebase.json (shell and remotes) through
 *                the Hosting emulator, with the renderer in the Functions emulator
 *   log          line logger
 *   signal       AbortSignal: when aborted during start-up, what has started is stopped
 * Returns { ports, siteUrl, databaseUrl, authUrl, admin, configFile, database: {start, stop,
 * running}, remotes: Map(name -> {start, stop, running}), stop() }.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const host = "127.0.0.1";
  const ports: StackPorts = { ...portsFromEnv(), ...(options.ports ?? {}) };
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir ?? join(repoRoot, ".local-data"));
  const dbDir = join(dataDir, "db");
  const storageDir = join(dataDir, "storage");
  // Two stacks on one data folder would both write the same database files.
  const other = await runningStack(dataDir);
  if (other) throw new Error(`Another local stack (process ${other.pid}${other.siteUrl ? `, ${other.siteUrl}` : ""}) is using ${dataDir}: stop it first`);
  if (options.reset) for (const dir of [dbDir, storageDir]) await rm(dir, { recursive: true, force: true });
  await mkdir(dbDir, { recursive: true });
  const stoppers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    while (stoppers.length) {
      const fn = stoppers.pop();
      await fn!().catch((error) => log(`stop: ${error?.message ?? error}`));
    }
  };
  const checkAborted = () => {
    if (options.signal?.aborted) throw new Error("start-up interrupted");
  };
  try {
    const { startRtdbEmulator } = await loadEmulator("rtdb-emulator", () => import("rtdb-emulator"));
    // The seed's picture URLs name the Storage server, so its port is settled first.
    if (!ports.storage) ports.storage = await freePort(host);
    const seed = seedForStorage(options.seed ?? defaultSeedFile(), `http://${host}:${ports.storage}`);
    const startDatabase = (port: number) =>
      startRtdbEmulator({
        port,
        host,
        rules: join(repoRoot, "database.rules.json"),
        dataDir: dbDir,
        seed,
        defaultNamespace: NAMESPACE,
        watchRules: true,
        log: options.verbose ? (line: string) => log(`[database] ${line}`) : undefined,
      });
    // The e2e control endpoint stops and restarts the database server (same port, same data
    // folder), as a network drop or a server restart would look to the open pages.
    const { server: rtdb, control: database } = await restartable(startDatabase, ports.database);
    stoppers.push(() => database.stop());
    checkAborted();
    ports.database = rtdb.port;
    const databaseUrl = `http://${host}:${rtdb.port}`;
    log(`Database emulator  ${databaseUrl}  (namespace ${NAMESPACE}, data in ${dbDir})`);
    const { startStorageEmulator } = await loadEmulator("storage-emulator", () => import("storage-emulator"));
    const startStorage = (port: number) =>
      startStorageEmulator({
        port,
        host,
        rules: join(repoRoot, "storage.rules"),
        dataDir: storageDir,
        watchRules: true,
        log: options.verbose ? (line: string) => log(`[storage] ${line}`) : undefined,
      }).catch((error) => {
        throw new Error(`The Storage server could not start on STORAGE_PORT ${port}: ${error.code ?? error.message}`);
      });
    // Stopped and started again by the e2e control endpoint (same port and data), as a dropped
    // connection or a restart looks to an upload in progress.
    const { server: storageServer, control: storage } = await restartable(startStorage, ports.storage);
    stoppers.push(() => storage.stop());
    checkAborted();
    ports.storage = storageServer.port;
    const storageUrl = storageServer.url;
    log(`Storage emulator   ${storageUrl}  (bucket ${STORAGE_BUCKET}, data in ${storageDir})`);
    const demoFiles = await uploadDemoMedia({ databaseUrl, namespace: NAMESPACE, storageUrl, bucket: STORAGE_BUCKET, seedDir: join(repoRoot, "seed") });
    if (demoFiles > 0) log(`Demo pictures      ${demoFiles} variant files uploaded to Storage`);
    const moved = await moveDraftsApart(databaseUrl);
    if (moved.length > 0) log(`Data migration     moved ${moved.length} draft(s) from blog/posts to blog/drafts: ${moved.join(", ")}`);
    // Data from before the films' statistics: the films page shows no numbers until they exist.
    if ((await ownerRead(databaseUrl, "filmStats")) === null && (await ownerRead(databaseUrl, "films")) !== null) {
      log("Films statistics   missing (data from before filmStats): saving any film in the admin panel builds them, or npm run reset-data");
    }

    // Auth, and with `serve` Hosting and Functions: one firebase-tools process. Generous time
    // limit: on a busy 2-core machine it can take minutes to start.
    const sites = options.serve ? await stageSites({ dataDir }) : null;
    // The renderer signs and checks shareable preview links with it (the emulator reads renderer/.secret.local).
    if (sites) await ensureLocalPreviewSecret(repoRoot);
    // The local mail server: the renderer's confirmation mails and the mail job's posts go there
    // over SMTP (nodemailer, as in production); its web inbox shows them.
    const mailServer = await startMailServer({
      host,
      smtp: ports.mailSmtp || (await freePort(host)),
      web: ports.mailWeb || (await freePort(host)),
    }).catch((error: Error) => {
      throw new Error(`${error.message}: stop what listens there or set MAIL_SMTP_PORT / MAIL_WEB_PORT to other ports`);
    });
    stoppers.push(() => mailServer.stop());
    ports.mailSmtp = Number(new URL(mailServer.smtpUrl).port);
    ports.mailWeb = Number(new URL(mailServer.webUrl).port);
    const { secret: mailSecret } = await writeLocalMailSecrets(repoRoot, mailServer.smtpUrl);
    log(`Mail inbox         ${mailServer.webUrl}  (SMTP ${mailServer.smtpUrl}; every mail the site sends lands here, nothing leaves this machine)`);
    if (sites) ports.site = await claimSitePort(host, ports.site);
    // AUTH_PORT is the Auth front's (dev-tools/src/auth-front.ts: it answers the password policy the emulator
    // cannot); the emulator itself takes a free port behind it.
    const authEmulatorPort = await freePort(host);
    // The emulator sends no email: a password reset's link is printed here instead (docs/admin-account.md).
    let siteForLinks: string | null = null;
    const onPasswordResetCode = ({ email, oobCode }: { email: string; oobCode: string }) =>
      log(
        `Password reset     for ${email} (no email is sent locally): ${siteForLinks ?? `http://${host}:${ports.site}`}/reset-password?mode=resetPassword&oobCode=${oobCode}`,
      );
    const authFront = await startAuthFront({
      host,
      port: ports.auth,
      target: { host, port: authEmulatorPort },
      projectId: PROJECT_ID,
      onPasswordResetCode,
    }).catch((error) => {
      throw new Error(`AUTH_PORT ${ports.auth} cannot be used (${error.code ?? error.message}): stop what listens there or set AUTH_PORT to another port`);
    });
    stoppers.push(() => authFront.close());
    const emulators = await startFirebaseEmulators({
      only: sites ? ["auth", "hosting", "functions"] : ["auth"],
      host,
      projectId: PROJECT_ID,
      ports: { auth: authEmulatorPort, hosting: ports.site },
      config: sites ? hostingConfig(sites) : {},
      // The renderer reads the same config.json as the browser (production sets this too).
      // The renderer's subscription endpoints write as the mailer uid through the Admin SDK, at the local database.
      env: sites
        ? {
            RUNTIME_CONFIG_URL: `http://${host}:${ports.site}/config.json`,
            MAIL_DATABASE_URL: `${databaseUrl}/?ns=${NAMESPACE}`,
            FIREBASE_DATABASE_EMULATOR_HOST: `${host}:${ports.database}`,
          }
        : {},
      quiet: true,
      timeoutMs: 240_000,
      onOutput: options.verbose ? (text) => process.stdout.write(text) : undefined,
    });
    stoppers.push(() => emulators.stop());
    checkAborted();
    ports.auth = authFront.port;
    const authUrl = authFront.url;
    log(`Auth emulator      ${authUrl}  (project ${PROJECT_ID})`);

    const admin = await ensureDemoAdmin({ authUrl, databaseUrl, ...demoAdminFromEnv(), stateDir: dataDir });
    log(`Demo admin         ${admin.email} / ${admin.password}  (uid ${admin.uid} listed under admins/, claim admin: true)`);
    const scheduler = startSchedulerProcess({
      databaseUrl,
      namespace: NAMESPACE,
      log,
      env: {
        SMTP_URL: mailServer.smtpUrl,
        MAIL_SECRET: mailSecret,
        ...(sites ? { RUNTIME_CONFIG_URL: `http://${host}:${ports.site}/config.json` } : { SITE_URL: `http://${host}:${ports.site}` }),
        MAIL_PAUSE_MS: process.env.MAIL_PAUSE_MS ?? "20",
      },
    });
    if (scheduler) stoppers.push(() => scheduler.stop());

    checkAborted();
    const stack: LocalStack = {
      ports,
      host,
      databaseUrl,
      storageUrl,
      authUrl,
      mailUrl: mailServer.webUrl,
      smtpUrl: mailServer.smtpUrl,
      admin,
      dataDir,
      database,
      storage,
      remotes: new Map(),
      stop,
      siteUrl: null,
      configFile: null,
    };
    if (sites) await serveSites(stack, sites, emulators, log);
    siteForLinks = stack.siteUrl;
    const marker = join(dataDir, "stack.json");
    // What `npm run release` needs to find this stack: its site, config file and remote origins.
    const remoteOrigins = Object.fromEntries(REMOTES.filter((r) => ports[r.name]).map((r) => [r.name, `http://${host}:${ports[r.name]}`]));
    await writeFile(
      marker,
      `${JSON.stringify({ pid: process.pid, siteUrl: stack.siteUrl, databaseUrl, dataDir, configFile: stack.configFile, remoteOrigins, hostingRoots: sites?.roots ?? {} })}\n`,
    );
    stoppers.push(() => rm(marker, { force: true }));
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The folders the Hosting emulator serves, always copies of the builds: the generated config.json
 * must never land in shell/dist (which deploys), a rebuild in the working tree must not pull files
 * from under a running page, and each remote's site keeps the releases published to it
 * (`releases/<id>/`, see releases.ts) across restarts.
 */
async function stageSites({ dataDir }: { dataDir: string }): Promise<StagedSites> {
  if (!existsSync(join(repoRoot, "shell", "dist", "app.html"))) throw new Error("shell is not built: run `npm run build`");
  const copy = async (dir: string, keep: string[] = []) => {
    const target = join(dataDir, "hosting", dir);
    await mkdir(target, { recursive: true });
    for (const entry of await readdir(target)) if (!keep.includes(entry)) await rm(join(target, entry), { recursive: true, force: true });
    await cp(join(repoRoot, dir, "dist"), target, { recursive: true });
    return target;
  };
  const roots: Record<string, string> = { shell: await copy("shell") };
  for (const r of REMOTES) {
    if (!existsSync(join(repoRoot, r.dir, "dist", "mf-manifest.json")))
      throw new Error(`${r.dir} is not built (no dist/mf-manifest.json): run \`npm run build\``);
    roots[r.dir] = await copy(r.dir, ["releases"]);
  }
  if (!existsSync(join(repoRoot, "renderer", "dist", "function.js"))) throw new Error("renderer is not built: run `npm run build`");
  return { roots };
}

/**
 * firebase.json's Hosting sites and functions as the emulators need them: each site by name
 * (no .firebaserc targets locally) with its staged folder; the rewrites and headers unchanged.
 */
/** The staged folders by site: the shell's and each remote's (by folder). */
interface StagedSites {
  roots: Record<string, string>;
}

function hostingConfig({ roots }: StagedSites) {
  const project = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8")) as {
    hosting: { target: string; public: string; [field: string]: unknown }[];
    functions: { source: string; [field: string]: unknown }[];
  };
  return {
    hosting: project.hosting.map(({ target, ...site }) => ({ ...site, site: target, public: roots[target] ?? site.public })),
    functions: project.functions.map((fn) => ({ ...fn, source: resolve(repoRoot, fn.source) })),
  };
}

const isFree = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });

/**
 * The Hosting emulator moves a site to the next free port silently; the renderer (and the
 * tests) must know the ports first, so they must all be free.
 */
async function claimSitePort(host: string, port: number): Promise<number> {
  if (!port) {
    for (;;) {
      const candidate = await freePort(host);
      if (candidate + 7 <= 65535 && (await Promise.all(Object.values(remotePortsFor(candidate)).map((p) => isFree(host, p)))).every(Boolean)) return candidate;
    }
  }
  for (const p of [port, ...Object.values(remotePortsFor(port))]) {
    if (!(await isFree(host, p)))
      throw new Error(
        `Port ${p} is in use (the site takes SITE_PORT and the remotes SITE_PORT + 5 to + 7): stop what holds it or set SITE_PORT to another port`,
      );
  }
  return port;
}

/** How long a switch waits for the renderer's listener and the pages' next load to see a changed live entry. */
const SWITCH_SETTLE_MS = 500;

/**
 * A Hosting site cannot be stopped on its own; "stopping" a remote points its live entry in the
 * release state at a port where nothing listens, which is what a browser or the renderer sees of
 * a remote that is down; "starting" it points the entry back at its live release's files.
 */
function remoteSwitch(stack: LocalStack, name: string): Switch {
  const { host, ports } = stack;
  const setEntry = async (entry: (live: string) => Promise<string>) => {
    const store = openReleaseStore({ databaseURL: `http://${host}:${ports.database}/?ns=${NAMESPACE}`, emulatorHost: `${host}:${ports.database}` });
    try {
      const state = await store.read(name);
      if (!state.live) throw new Error(`${name} has no live release`);
      const history = state.history.find((r) => r.id === state.live!.release);
      await store.write({ [`${RELEASE_STATE_PATHS.live(name)}/entry`]: await entry(history?.entry ?? state.live.entry) });
    } finally {
      await store.close();
    }
    await new Promise((done) => setTimeout(done, SWITCH_SETTLE_MS));
  };
  const control: Switch = {
    running: true,
    async stop() {
      control.running = false;
      await setEntry(async () => `http://${host}:${await freePort(host)}/mf-manifest.json`);
    },
    async start() {
      control.running = true;
      await setEntry(async (live) => live);
    },
  };
  return control;
}

/** After the emulators are up: the runtime config from the ports the sites took, and the remotes' switches. */
async function serveSites(stack: LocalStack, sites: StagedSites, emulators: FirebaseEmulators, log: (line: string) => void) {
  const { host, ports } = stack;
  const [sitePort, ...remotePorts] = emulators.hostingPorts;
  const expected = remotePortsFor(ports.site);
  if (sitePort !== ports.site || REMOTES.some((r, i) => remotePorts[i] !== expected[r.name])) {
    throw new Error(
      `The Hosting emulator took ports ${[sitePort, ...remotePorts].join(", ")} instead of ${[ports.site, ...Object.values(expected)].join(", ")}`,
    );
  }
  REMOTES.forEach((r, i) => (ports[r.name] = remotePorts[i]));
  // Each site's port is checked by its manifest's name, since the emulator picks them itself.
  for (const r of REMOTES) {
    const manifest = await fetch(`http://${host}:${ports[r.name]}/mf-manifest.json`)
      .then((res) => res.json())
      .catch(() => null);
    const name = manifest?.name;
    if (name !== r.name) throw new Error(`Expected ${r.name} on port ${ports[r.name]}, found ${name}`);
  }
  // config.json holds the settings only: each remote's default is its site's root build, and the
  // release state in the database (release-protocol's state.ts) says which release is
  // live; the renderer follows it, the browser reads it on pages the server did not render.
  const origins = Object.fromEntries(REMOTES.map((r) => [r.name, `http://${host}:${ports[r.name]}`]));
  const file = join(sites.roots.shell!, "config.json");
  await writeFile(file, `${JSON.stringify(runtimeConfig({ host, ports }), null, 2)}\n`);
  await writeRobotsTxt(sites.roots.shell!, `http://${host}:${ports.site}`);
  stack.configFile = file;
  const store = openReleaseStore({ databaseURL: `http://${host}:${ports.database}/?ns=${NAMESPACE}`, emulatorHost: `${host}:${ports.database}` });
  try {
    await migrateLocalReleaseFiles({ dataDir: stack.dataDir, store, origins, log });
    // The builds just staged are what a start deploys: each is recorded as its remote's live release.
    await recordStartBuilds({ store, repoRoot, remotes: REMOTES.map((r) => ({ name: r.name, root: sites.roots[r.dir]!, origin: origins[r.name]! })) });
  } finally {
    await store.close();
  }
  for (const r of REMOTES) {
    stack.remotes.set(r.name, remoteSwitch(stack, r.name));
    log(`${r.dir.padEnd(18)} http://${host}:${ports[r.name]}/mf-manifest.json`);
  }
  stack.siteUrl = `http://${host}:${ports.site}`;
  log(`Site               ${stack.siteUrl}  (Hosting emulator; pages rendered by the Functions emulator; config: ${file})`);
}
