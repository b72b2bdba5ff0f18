// npm start: build everything, start both emulators with the demo content and demo admin, and
// serve the shell and each remote from its own origin. Ctrl-C stops everything.
//   --skip-build   use the existing dist/ folders
//   --reset        wipe .local-data/db and .local-data/storage first (back to the demo seed), then start
//   --reset-only   wipe .local-data/db and .local-data/storage and exit
//   --e2e          for the Playwright run: fresh data in a temp folder, plus a control endpoint
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build, startStack, stopOnSignals } from "./lib/command";
import { runningStack } from "./lib/local-stack";
import { repoRoot } from "dev-tools/stack-config";
import { startControlServer } from "./lib/control-server";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    reset: { type: "boolean", default: false },
    "reset-only": { type: "boolean", default: false },
    e2e: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

if (values["reset-only"]) {
  const running = await runningStack(join(repoRoot, ".local-data"));
  if (running) {
    // Wiping the files under a running database server would change nothing it serves.
    console.error(`The site is running (process ${running.pid}${running.siteUrl ? `, ${running.siteUrl}` : ""}): nothing was reset.`);
    console.error("Stop it with Ctrl-C, then run `npm run reset-data` again, or restart it with `npm start -- --reset`.");
    process.exit(1);
  }
  for (const dir of ["db", "storage"]) await rm(join(repoRoot, ".local-data", dir), { recursive: true, force: true });
  console.log("Local database and Storage data removed; the next start loads the demo seed again.");
  process.exit(0);
}

if (!values["skip-build"]) build();

let tempDir: string | null = null;
let dataDir: string | undefined;
if (values.e2e) {
  tempDir = await mkdtemp(join(tmpdir(), "portfolio-e2e-"));
  dataDir = tempDir;
}
const removeTempDir = () => (tempDir ? rm(tempDir, { recursive: true, force: true }) : Promise.resolve());
const stack = await startStack({ serve: true, reset: values.reset, dataDir, verbose: values.verbose }, removeTempDir);

const control = values.e2e ? await startControlServer(stack, { port: Number(process.env.E2E_CONTROL_PORT ?? 4400) }) : null;

console.log("");
console.log(`  Site:         ${stack.siteUrl}/`);
console.log(`  Admin panel:  ${stack.siteUrl}/admin-panel`);
console.log(`  Demo sign-in: ${stack.admin.email} / ${stack.admin.password}`);
console.log(`  Mail inbox:   ${stack.mailUrl}  (confirmations and posts sent to subscribers; nothing leaves this machine)`);
if (control) console.log(`  e2e control:  ${control.url}`);
console.log(`  Data:         ${stack.dataDir}${values.e2e ? " (temporary)" : " (kept across restarts; `npm start -- --reset` restores the demo seed)"}`);
console.log("  Press Ctrl-C to stop.");

const shutdown = stopOnSignals(async () => {
  await control?.close();
  await stack.stop();
  await removeTempDir();
  console.log("Stopped.");
}, ["SIGINT", "SIGTERM", "SIGHUP"]);

if (process.env.E2E_EXIT_WITH_PARENT) {
  // Set by the Playwright config. A test runner killed hard (e.g. by `timeout`) cannot stop its web server: do it ourselves
  // when the parent process is gone, so no emulator is left holding the ports.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown("parent exited");
    }
  }, 2000).unref();
}
