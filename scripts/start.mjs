#!/usr/bin/env node
// npm start: build everything, start both emulators with the demo content and demo admin, and
// serve the shell and each remote from its own origin. Ctrl-C stops everything.
//   --skip-build   use the existing dist/ folders
//   --reset        wipe .local-data/db and .local-data/storage first (back to the demo seed), then start
//   --reset-only   wipe .local-data/db and .local-data/storage and exit
//   --e2e          for the Playwright run: fresh data in a temp folder, plus a control endpoint
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { repoRoot, runningStack, startLocalStack } from "./lib/local-stack.mjs";
import { startControlServer } from "./lib/control-server.mjs";

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

if (!values["skip-build"]) {
  console.log("Building every workspace (turbo; unchanged ones come from its cache)…");
  const result = spawnSync("npx", ["turbo", "run", "build", "--output-logs=errors-only"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("Build failed; nothing was started.");
    process.exit(result.status ?? 1);
  }
}

let tempDir = null;
let dataDir;
if (values.e2e) {
  tempDir = await mkdtemp(join(tmpdir(), "portfolio-e2e-"));
  dataDir = tempDir;
}

// Ctrl-C while starting: stop what has started so far (after the step in progress).
const startup = new AbortController();
const abortStartup = () => startup.abort();
process.once("SIGINT", abortStartup);
process.once("SIGTERM", abortStartup);

let stack;
try {
  stack = await startLocalStack({ serve: true, reset: values.reset, dataDir, verbose: values.verbose, signal: startup.signal });
  process.off("SIGINT", abortStartup);
  process.off("SIGTERM", abortStartup);
} catch (error) {
  console.error(`Could not start the local stack: ${error instanceof Error ? error.message : error}`);
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
  process.exit(1);
}

let control = null;
if (values.e2e) control = await startControlServer(stack, { port: Number(process.env.E2E_CONTROL_PORT ?? 4400) });

console.log("");
console.log(`  Site:         ${stack.siteUrl}/`);
console.log(`  Admin panel:  ${stack.siteUrl}/admin-panel`);
console.log(`  Demo sign-in: ${stack.admin.email} / ${stack.admin.password}`);
if (control) console.log(`  e2e control:  ${control.url}`);
console.log(`  Data:         ${stack.dataDir}${values.e2e ? " (temporary)" : " (kept across restarts; `npm start -- --reset` restores the demo seed)"}`);
console.log("  Press Ctrl-C to stop.");

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await control?.close();
  await stack.stop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGHUP", () => void shutdown("SIGHUP"));

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
