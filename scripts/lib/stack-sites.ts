// The sites of a local stack served as in production (`serve`): the builds staged for the Hosting
// emulator, firebase.json's sites and functions as the emulators need them, the ports the sites
// take, and once they run, the runtime config, the releases they start with and each remote's switch.
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { freePort, type FirebaseEmulators } from "dev-tools/firebase-emulators";
import { NAMESPACE, REMOTES, remotePortsFor, repoRoot, runtimeConfig } from "dev-tools/stack-config";
import { RELEASE_STATE_PATHS } from "release-protocol";
import { migrateLocalReleaseFiles } from "../releases/migrate";
import { recordStartBuilds } from "../releases/start";
import { openReleaseStore } from "../releases/store";
import type { LocalStack } from "./local-stack";
import { writeRobotsTxt } from "./robots";
import type { Switch } from "./stack-servers";

/**
 * The folders the Hosting emulator serves, always copies of the builds: the generated config.json
 * must never land in shell/dist (which deploys), a rebuild in the working tree must not pull files
 * from under a running page, and each remote's site keeps the releases published to it
 * (`releases/<id>/`, see releases.ts) across restarts.
 */
export async function stageSites({ dataDir }: { dataDir: string }): Promise<StagedSites> {
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

/** The staged folders by site: the shell's and each remote's (by folder). */
export interface StagedSites {
  roots: Record<string, string>;
}

/**
 * firebase.json's Hosting sites and functions as the emulators need them: each site by name
 * (no .firebaserc targets locally) with its staged folder; the rewrites and headers unchanged.
 */
export function hostingConfig({ roots }: StagedSites) {
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
export async function claimSitePort(host: string, port: number): Promise<number> {
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
export async function serveSites(stack: LocalStack, sites: StagedSites, emulators: FirebaseEmulators, log: (line: string) => void) {
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
