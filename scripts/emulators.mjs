#!/usr/bin/env node
// npm run emulators: the Realtime Database server, the Storage server and the Auth emulator, with
// the demo content seed and the demo admin, without building or serving the apps (for `npm run
// dev` work). Ctrl-C stops them. `--reset` restores the demo seed (and Storage to its pictures) first.
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, startLocalStack } from "./lib/local-stack.mjs";

const { values } = parseArgs({ options: { reset: { type: "boolean", default: false }, verbose: { type: "boolean", default: false } } });

for (const workspace of ["rtdb-emulator", "storage-emulator"]) {
  if (existsSync(join(repoRoot, workspace, "dist", "index.js"))) continue;
  console.log(`Building ${workspace}…`);
  const r = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: repoRoot, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Ctrl-C while starting: stop what has started so far (after the step in progress).
const startup = new AbortController();
const abortStartup = () => startup.abort();
process.once("SIGINT", abortStartup);
process.once("SIGTERM", abortStartup);

let stack;
try {
  stack = await startLocalStack({ serve: false, reset: values.reset, verbose: values.verbose, signal: startup.signal });
  process.off("SIGINT", abortStartup);
  process.off("SIGTERM", abortStartup);
} catch (error) {
  console.error(`Could not start the emulators: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log("");
console.log(`  Database: ${stack.databaseUrl}   Storage: ${stack.storageUrl}   Auth: ${stack.authUrl}`);
console.log(`  Demo sign-in: ${stack.admin.email} / ${stack.admin.password}`);
console.log("  Press Ctrl-C to stop.");

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the emulators…`);
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
