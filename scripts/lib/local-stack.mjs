// The local stack behind `npm start`, `npm run emulators` and the e2e tests: the Realtime
// Database server (rtdb-emulator), the official Auth emulator, the demo content seed, a demo
// admin, and (optionally) the built shell and remotes, each on its own origin.
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createAuthUser, signInAuthUser, startAuthEmulator } from "./auth-emulator.mjs";
import { startStaticServer } from "./static-server.mjs";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PROJECT_ID = "demo-portfolio";
export const NAMESPACE = `${PROJECT_ID}-default-rtdb`;
export const REMOTES = [
  { name: "remote_home", dir: "remote-home", env: "REMOTE_HOME_PORT", port: 4174 },
  { name: "remote_blog", dir: "remote-blog", env: "REMOTE_BLOG_PORT", port: 4175 },
  { name: "remote_admin", dir: "remote-admin", env: "REMOTE_ADMIN_PORT", port: 4176 },
];

function envPort(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name}=${raw} is not a port number`);
  return port;
}

/** Ports from the environment (README lists the variables), defaulting to contract 6. */
export function portsFromEnv() {
  return {
    site: envPort("SITE_PORT", 4173),
    remote_home: envPort("REMOTE_HOME_PORT", 4174),
    remote_blog: envPort("REMOTE_BLOG_PORT", 4175),
    remote_admin: envPort("REMOTE_ADMIN_PORT", 4176),
    auth: envPort("AUTH_PORT", 9099),
    database: envPort("DATABASE_PORT", 9000),
  };
}

export function demoAdminFromEnv() {
  return {
    email: process.env.DEMO_ADMIN_EMAIL || "admin@example.com",
    password: process.env.DEMO_ADMIN_PASSWORD || "portfolio-admin",
  };
}

/** The demo seed (`seed/demo-content.json`, built by `npm run seed -w shared-content`), else a placeholder. */
export function defaultSeedFile() {
  const candidates = [process.env.SEED_FILE, join(repoRoot, "seed", "demo-content.json"), join(repoRoot, "scripts", "placeholder-seed.json")];
  return candidates.find((f) => f && existsSync(f));
}

export function runtimeConfig({ host = "127.0.0.1", ports, remoteUrls = {} }) {
  const remotes = {};
  for (const r of REMOTES) remotes[r.name] = remoteUrls[r.name] ?? `http://${host}:${ports[r.name]}/mf-manifest.json`;
  return {
    firebase: {
      apiKey: "demo-api-key",
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      projectId: PROJECT_ID,
      appId: "demo-app",
      databaseURL: `http://${host}:${ports.database}/?ns=${NAMESPACE}`,
    },
    emulators: { auth: `http://${host}:${ports.auth}`, database: { host, port: ports.database } },
    remotes,
  };
}

/** Writes JSON to the database as owner (bypasses rules), like the official emulator's REST. */
export async function ownerWrite(databaseUrl, path, value, method = "PUT") {
  const url = `${databaseUrl}/${path.replace(/^\/+/, "")}.json?ns=${NAMESPACE}`;
  const res = await fetch(url, {
    method,
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: method === "DELETE" ? undefined : JSON.stringify(value),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

export async function ownerRead(databaseUrl, path) {
  const res = await fetch(`${databaseUrl}/${path.replace(/^\/+/, "")}.json?ns=${NAMESPACE}`, { headers: { Authorization: "Bearer owner" } });
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Creates (or signs in) the demo admin and lists its uid under admins/. */
export async function ensureDemoAdmin({ authUrl, databaseUrl, email, password, stateDir }) {
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
  if (uidFile) await writeFile(uidFile, `${user.uid}\n`);
  return { uid: user.uid, email, password };
}

async function loadRtdbEmulator() {
  const entry = join(repoRoot, "rtdb-emulator", "dist", "index.js");
  if (!existsSync(entry)) throw new Error("rtdb-emulator is not built: run `npm run build` first");
  return import(pathToFileURL(entry).href);
}

/**
 * Starts the emulators (and, with `serve`, the built apps). Options:
 *   ports        see portsFromEnv()
 *   dataDir      persistent data directory (default .local-data); database under <dataDir>/db
 *   reset        wipe <dataDir>/db first, so the seed loads again
 *   serve        also serve shell/dist and each remote's dist
 *   snapshot     serve copies of the dist folders taken now (e2e: a concurrent rebuild in the
 *                working tree must not pull files from under a running test)
 *   log          line logger
 *   signal       AbortSignal: when aborted during start-up, what has started is stopped
 * Returns { ports, urls, admin, configFile, remotes: Map(name -> {start, stop, running}), stop() }.
 */
export async function startLocalStack(options = {}) {
  const host = "127.0.0.1";
  const ports = { ...portsFromEnv(), ...(options.ports ?? {}) };
  const log = options.log ?? ((line) => console.log(line));
  const dataDir = resolve(options.dataDir ?? join(repoRoot, ".local-data"));
  const dbDir = join(dataDir, "db");
  if (options.reset) await rm(dbDir, { recursive: true, force: true });
  await mkdir(dbDir, { recursive: true });
  const stoppers = [];
  const stop = async () => {
    while (stoppers.length) {
      const fn = stoppers.pop();
      await fn().catch((error) => log(`stop: ${error?.message ?? error}`));
    }
  };
  const checkAborted = () => {
    if (options.signal?.aborted) throw new Error("start-up interrupted");
  };
  try {
    const { startRtdbEmulator } = await loadRtdbEmulator();
    const seed = options.seed ?? defaultSeedFile();
    const rtdb = await startRtdbEmulator({
      port: ports.database,
      host,
      rules: join(repoRoot, "database.rules.json"),
      dataDir: dbDir,
      seed,
      defaultNamespace: NAMESPACE,
      watchRules: true,
      log: options.verbose ? (line) => log(`[database] ${line}`) : undefined,
    });
    stoppers.push(() => rtdb.close());
    checkAborted();
    ports.database = rtdb.port;
    const databaseUrl = `http://${host}:${rtdb.port}`;
    log(`Database emulator  ${databaseUrl}  (namespace ${NAMESPACE}, data in ${dbDir})`);

    // Generous: on a busy 2-core machine the emulator (a JVM-free but heavy Node CLI) can take minutes.
    const auth = await startAuthEmulator({ port: ports.auth, host, projectId: PROJECT_ID, quiet: true, timeoutMs: 240_000 });
    stoppers.push(() => auth.stop());
    checkAborted();
    ports.auth = auth.port;
    log(`Auth emulator      ${auth.url}  (project ${PROJECT_ID})`);

    const admin = await ensureDemoAdmin({ authUrl: auth.url, databaseUrl, ...demoAdminFromEnv(), stateDir: dataDir });
    log(`Demo admin         ${admin.email} / ${admin.password}  (uid ${admin.uid} listed under admins/)`);

    checkAborted();
    const stack = { ports, host, databaseUrl, authUrl: auth.url, admin, dataDir, remotes: new Map(), stop, siteUrl: null, configFile: null };
    if (options.serve) {
      const distOf = async (dir) => {
        const source = join(repoRoot, dir, "dist");
        if (!options.snapshot) return source;
        const copy = join(dataDir, "dist", dir);
        await rm(copy, { recursive: true, force: true });
        await cp(source, copy, { recursive: true });
        return copy;
      };
      await serveApps(stack, { log, configFile: options.configFile, onStop: (fn) => stoppers.push(fn), distOf });
      checkAborted();
    }
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The server renderer built in `dir` (renderer/dist), or null when it is not built. */
async function loadRenderer(dir) {
  const entry = join(dir, "server.js");
  if (!existsSync(entry)) return null;
  const { createRenderer, SHELL_DIR } = await import(pathToFileURL(entry).href);
  return createRenderer({ shellDir: SHELL_DIR, log: (line) => console.error(line) });
}

async function serveApps(stack, { log, configFile, onStop, distOf }) {
  const { ports, host } = stack;
  for (const r of REMOTES) {
    if (!existsSync(join(repoRoot, r.dir, "dist", "mf-manifest.json"))) throw new Error(`${r.dir} is not built (no dist/mf-manifest.json): run \`npm run build\``);
    const root = await distOf(r.dir);
    let server = null;
    const control = {
      get running() {
        return server !== null;
      },
      async start(port = ports[r.name]) {
        if (server) return;
        server = await startStaticServer({ root, port, host, cors: true, name: r.dir });
        ports[r.name] = server.port;
      },
      async stop() {
        if (!server) return;
        const s = server;
        server = null;
        await s.close();
      },
    };
    await control.start();
    onStop(() => control.stop());
    stack.remotes.set(r.name, control);
    log(`${r.dir.padEnd(18)} http://${host}:${ports[r.name]}/mf-manifest.json`);
  }
  // The shell's config.json is generated from the actual ports. It is read from a file on each
  // request, so a test (or a person) can point a remote elsewhere without rebuilding anything.
  const file = resolve(configFile ?? join(stack.dataDir, "config.json"));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(runtimeConfig({ host, ports }), null, 2)}\n`);
  stack.configFile = file;
  if (!existsSync(join(repoRoot, "shell", "dist", "app.html"))) throw new Error("shell is not built: run `npm run build`");
  const shellRoot = await distOf("shell");
  // Pages are rendered on the server (renderer/); it reads config.json from this same site.
  // Loaded in place, not from a snapshot copy: its npm dependencies resolve from the repository.
  const renderer = await loadRenderer(join(repoRoot, "renderer", "dist"));
  const site = await startStaticServer({
    root: shellRoot,
    port: ports.site,
    host,
    spa: "app.html",
    fallback: renderer ? (req, res) => renderer.handle(req, res) : null,
    name: "shell",
    overrides: { "/config.json": () => readFile(file) },
  });
  onStop(() => site.close());
  ports.site = site.port;
  stack.siteUrl = site.url;
  log(`Site               ${site.url}  (config: ${file})`);
}
