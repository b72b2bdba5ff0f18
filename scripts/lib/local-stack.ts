// The local stack behind `npm start`, `npm run emulators`, the e2e tests and the benchmarks: the
// Realtime Database server (rtdb-emulator), the Storage server (storage-emulator), the official
// Auth emulator, the demo content seed, a demo admin, and (optionally) firebase.json's Hosting sites in the official Hosting emulator with
// the renderer in the official Functions emulator, as in production.
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { LOCAL_DEFAULTS, setAdminClaim } from "dev-tools/admin-account";
import { createAuthUser, freePort, signInAuthUser } from "dev-tools/firebase-emulators";
import { seedForStorage, uploadDemoMedia } from "./demo-media";
import { ensureLocalPreviewSecret } from "./preview-secret";
import { writeLocalMailSecrets } from "./mail-secret";
import { startMailServer } from "dev-tools/mail-server";
import { startSchedulerProcess } from "./scheduler-process";
import { claimSitePort, hostingConfig, serveSites, stageSites, type StagedSites } from "./stack-sites";
import { startAuthStep, startDatabaseStep, startStorageStep, stopAll, type StackRun, type Switch } from "./stack-servers";
import { NAMESPACE, PROJECT_ID, REMOTES, STORAGE_BUCKET, portsFromEnv, repoRoot, type StackPorts } from "dev-tools/stack-config";

export type { Switch } from "./stack-servers";

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
  await claimDataDir(dataDir, options.reset ?? false, [dbDir, storageDir]);
  const run: StackRun = {
    host,
    ports,
    log,
    verbose: options.verbose ?? false,
    stoppers: [],
    checkAborted: () => {
      if (options.signal?.aborted) throw new Error("start-up interrupted");
    },
  };
  const stop = () => stopAll(run);
  try {
    // The seed's picture URLs name the Storage server, so its port is settled first.
    if (!ports.storage) ports.storage = await freePort(host);
    const seed = seedForStorage(options.seed ?? defaultSeedFile(), `http://${host}:${ports.storage}`);
    const { databaseUrl, database } = await startDatabaseStep(run, dbDir, seed);
    const { storageUrl, storage } = await startStorageStep(run, storageDir);
    await prepareData(log, databaseUrl, storageUrl);
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
    run.stoppers.push(() => mailServer.stop());
    ports.mailSmtp = Number(new URL(mailServer.smtpUrl).port);
    ports.mailWeb = Number(new URL(mailServer.webUrl).port);
    const { secret: mailSecret } = await writeLocalMailSecrets(repoRoot, mailServer.smtpUrl);
    log(`Mail inbox         ${mailServer.webUrl}  (SMTP ${mailServer.smtpUrl}; every mail the site sends lands here, nothing leaves this machine)`);
    if (sites) ports.site = await claimSitePort(host, ports.site);
    let siteForLinks: string | null = null;
    const { authUrl, emulators } = await startAuthStep(run, sites && hostingConfig(sites), () => siteForLinks ?? `http://${host}:${ports.site}`, {
      // The renderer's subscription endpoints write as the mailer uid through the Admin SDK, at the local database.
      MAIL_DATABASE_URL: `${databaseUrl}/?ns=${NAMESPACE}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `${host}:${ports.database}`,
    });
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
    if (scheduler) run.stoppers.push(() => scheduler.stop());
    run.checkAborted();
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
    run.stoppers.push(await writeStackMarker(stack, sites));
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Refuses a data folder another running stack uses (both would write the same database files); empties it on `reset`. */
async function claimDataDir(dataDir: string, reset: boolean, dirs: string[]): Promise<void> {
  const other = await runningStack(dataDir);
  if (other) throw new Error(`Another local stack (process ${other.pid}${other.siteUrl ? `, ${other.siteUrl}` : ""}) is using ${dataDir}: stop it first`);
  if (reset) for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const dir of dirs) await mkdir(dir, { recursive: true });
}

/** The demo pictures, and the data moves older data folders need, once both servers run. */
async function prepareData(log: (line: string) => void, databaseUrl: string, storageUrl: string): Promise<void> {
  const demoFiles = await uploadDemoMedia({ databaseUrl, namespace: NAMESPACE, storageUrl, bucket: STORAGE_BUCKET, seedDir: join(repoRoot, "seed") });
  if (demoFiles > 0) log(`Demo pictures      ${demoFiles} variant files uploaded to Storage`);
  const moved = await moveDraftsApart(databaseUrl);
  if (moved.length > 0) log(`Data migration     moved ${moved.length} draft(s) from blog/posts to blog/drafts: ${moved.join(", ")}`);
  // Data from before the films' statistics: the films page shows no numbers until they exist.
  if ((await ownerRead(databaseUrl, "filmStats")) === null && (await ownerRead(databaseUrl, "films")) !== null) {
    log("Films statistics   missing (data from before filmStats): saving any film in the admin panel builds them, or npm run reset-data");
  }
}

/** What `npm run release` needs to find this stack (its site, config file and remote origins); gives the step that removes it. */
async function writeStackMarker(stack: LocalStack, sites: StagedSites | null): Promise<() => Promise<void>> {
  const { host, ports, dataDir, databaseUrl } = stack;
  const marker = join(dataDir, "stack.json");
  const remoteOrigins = Object.fromEntries(REMOTES.filter((r) => ports[r.name]).map((r) => [r.name, `http://${host}:${ports[r.name]}`]));
  const fields = {
    pid: process.pid,
    siteUrl: stack.siteUrl,
    databaseUrl,
    dataDir,
    configFile: stack.configFile,
    remoteOrigins,
    hostingRoots: sites?.roots ?? {},
  };
  await writeFile(marker, `${JSON.stringify(fields)}\n`);
  return () => rm(marker, { force: true });
}
