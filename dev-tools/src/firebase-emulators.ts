// The official Firebase emulators from firebase-tools (Auth, Hosting, Functions: pure Node,
// offline with a demo- project id), and the Auth emulator's REST calls the scripts need.
import { spawn } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const firebaseBin = join(repoRoot, "node_modules", ".bin", "firebase");

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

type EmulatorName = "auth" | "hosting" | "functions";

/** A Hosting site and a function as firebase.json holds them (the fields read here). */
interface HostingSite {
  public: string;
  [field: string]: unknown;
}
interface FunctionSource {
  source: string;
  [field: string]: unknown;
}

export interface StartFirebaseEmulatorsOptions {
  only: EmulatorName[];
  projectId?: string;
  host?: string;
  /** 0 or absent: a free port. Hosting's is the first site's. */
  ports?: Partial<Record<EmulatorName, number>>;
  /** firebase.json without `emulators`: hosting sites and functions (absolute sources allowed). */
  config?: { hosting?: HostingSite[]; functions?: FunctionSource[] };
  env?: Record<string, string>;
  timeoutMs?: number;
  quiet?: boolean;
  onOutput?: (text: string) => void;
}

export interface FirebaseEmulators {
  host: string;
  projectId: string;
  ports: Partial<Record<EmulatorName, number>>;
  /** Each Hosting site's port, in the order of config.hosting. */
  hostingPorts: number[];
  stop(): Promise<void>;
  output(): string;
}

/** Asks the OS for a free TCP port on `host`. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts firebase-tools emulators (`only`, e.g. ["auth"] or ["auth", "hosting", "functions"]) in
 * one process with a generated firebase.json in its own temp folder, so several stacks can run
 * side by side without sharing the hub and logging ports of the repository's firebase.json.
 *   config     what the generated firebase.json holds besides `emulators` (hosting, functions;
 *              a site's `public` and a function's `source` may be absolute paths)
 *   ports      { auth, hosting, functions }: 0 or absent picks a free port
 *   env        extra environment for the emulators and the functions they run
 * Resolves when every emulator is ready, with the ports each one actually took (the Hosting
 * emulator gives the first site the requested port and later sites the next free ones after
 * port + 5: `hostingPorts` lists them in the order of `config.hosting`).
 */
export async function startFirebaseEmulators(options: StartFirebaseEmulatorsOptions): Promise<FirebaseEmulators> {
  const host = options.host ?? "127.0.0.1";
  const projectId = options.projectId ?? "demo-portfolio";
  const timeoutMs = options.timeoutMs ?? 90_000;
  const only = options.only;
  const pick = async (port: number | undefined) => (port && port > 0 ? port : freePort(host));
  const hubPort = await freePort(host);
  const emulators: Record<string, unknown> = {
    ui: { enabled: false },
    hub: { host, port: hubPort },
    logging: { host, port: await freePort(host) },
    singleProjectMode: true,
  };
  for (const name of only) emulators[name] = { host, port: await pick(options.ports?.[name]) };
  // The Functions emulator also starts these, on fixed default ports unless told otherwise.
  if (only.includes("functions")) for (const name of ["eventarc", "tasks"]) emulators[name] = { host, port: await freePort(host) };
  const dir = await mkdtemp(join(tmpdir(), "firebase-emulators-"));
  const config = { ...(options.config ?? {}) };
  // firebase-tools reads a site's folder and a function's source relative to its config only
  // (an absolute `public` serves nothing): absolute ones are linked into the temp folder.
  if (config.hosting) {
    config.hosting = await Promise.all(
      config.hosting.map(async (site, i) => {
        if (!isAbsolute(site.public)) return site;
        const link = `site-${i}-${basename(site.public)}`;
        await symlink(site.public, join(dir, link), "dir");
        return { ...site, public: link };
      }),
    );
  }
  if (config.functions) {
    config.functions = await Promise.all(
      config.functions.map(async (fn) => {
        if (!isAbsolute(fn.source)) return fn;
        const link = basename(fn.source);
        await symlink(fn.source, join(dir, link), "dir");
        return { ...fn, source: link };
      }),
    );
    // The functions emulator resolves firebase-functions from the (linked) source folder upwards.
    await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  }
  await writeFile(join(dir, "firebase.json"), JSON.stringify({ ...config, emulators }, null, 2));

  const child = spawn(firebaseBin, ["emulators:start", "--only", only.join(","), "--project", projectId, "--config", join(dir, "firebase.json")], {
    cwd: dir,
    detached: true, // own process group, so stop() also ends firebase's children
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...(options.env ?? {}), FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: process.env.CI ?? "true" },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16000);
    if (!options.quiet && process.env.FIREBASE_EMULATORS_DEBUG) process.stderr.write(chunk);
    options.onOutput?.(chunk.toString());
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error("firebase-tools could not be started");
  let exited = false;
  const exitPromise = new Promise((r) =>
    child.once("exit", () => {
      exited = true;
      r(undefined);
    }),
  );

  // If the caller dies without calling stop(), do not leave a detached emulator behind.
  const killOnExit = () => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (!exited) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      const killTimer = setTimeout(() => {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          /* gone */
        }
      }, 10_000);
      await exitPromise;
      clearTimeout(killTimer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`Firebase emulators (${only.join(", ")}) exited before they were ready:\n${output}`);
    }
    if (output.includes("All emulators ready")) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Firebase emulators (${only.join(", ")}) were not ready within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(250);
  }
  // The hub knows the ports each emulator actually took.
  const running = (await (await fetch(`http://${host}:${hubPort}/emulators`)).json()) as Record<string, { port: number; reservedPorts?: number[] } | undefined>;
  const ports = Object.fromEntries(only.map((name) => [name, running[name]?.port]));
  const hosting = running.hosting;
  const hostingPorts = hosting ? [hosting.port, ...(hosting.reservedPorts ?? []).filter((p) => p !== hosting.port)] : [];
  return { host, projectId, ports, hostingPorts, stop, output: () => output };
}

/** The Auth emulator alone, on `port` (or a free one). */
export async function startAuthEmulator(options: StartAuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const emulators = await startFirebaseEmulators({ ...options, only: ["auth"], ports: { auth: options.port } });
  const port = emulators.ports.auth;
  if (port === undefined) throw new Error("The Auth emulator reported no port");
  return { url: `http://${emulators.host}:${port}`, host: emulators.host, port, projectId: emulators.projectId, stop: emulators.stop };
}

/** One email/password call of the Auth REST API (`accounts:signUp` or `accounts:signInWithPassword`). */
async function passwordAccount(url: string, endpoint: string, { email, password }: { email: string; password: string }): Promise<AuthUser> {
  const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${endpoint} failed (${res.status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Creates an email/password account through the emulator's REST API. */
export function createAuthUser({ url, email, password }: { url: string; projectId?: string; email: string; password: string }): Promise<AuthUser> {
  return passwordAccount(url, "signUp", { email, password });
}

/** Signs in an existing email/password account through the emulator's REST API. */
export function signInAuthUser({ url, email, password }: { url: string; email: string; password: string }): Promise<AuthUser> {
  return passwordAccount(url, "signInWithPassword", { email, password });
}

/** Deletes every account of the project in the emulator. */
export async function clearAuthUsers({ url, projectId = "demo-portfolio" }: { url: string; projectId?: string }): Promise<void> {
  const res = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, { method: "DELETE" });
  if (!res.ok) throw new Error(`clearAuthUsers failed (${res.status}): ${await res.text()}`);
}
