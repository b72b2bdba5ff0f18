// `npm run admin-account`: create the admin account or reset its password (docs/admin-account.md).
// The calls themselves are dev-tools/admin-account's, which the tests share. Like `npm start`, it
// works on this checkout's `.local-data` stack: a running one's addresses come from its marker
// and the config it serves (the Auth address is only there), and the uid of the demo admin it
// created, which proves an Auth address guessed from AUTH_PORT is this stack's.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AdminAccountError, main } from "dev-tools/admin-account";
import type { RunningStackView } from "dev-tools/admin-account-target";
import { repoRoot } from "dev-tools/stack-config";
import { runningStack } from "./lib/local-stack";

const dataDir = join(repoRoot, ".local-data");

async function running(): Promise<RunningStackView | null> {
  const stack = await runningStack(dataDir);
  if (!stack) return null;
  let authUrl: string | null = null;
  if (stack.configFile && existsSync(stack.configFile)) {
    const config = JSON.parse(readFileSync(stack.configFile, "utf8")) as { emulators?: { auth?: unknown } };
    if (typeof config.emulators?.auth === "string") authUrl = config.emulators.auth;
  }
  const uidFile = join(stack.dataDir, "demo-admin-uid");
  const demoAdminUid = existsSync(uidFile) ? readFileSync(uidFile, "utf8").trim() || null : null;
  return { pid: stack.pid, dataDir: stack.dataDir, siteUrl: stack.siteUrl, databaseUrl: stack.databaseUrl, authUrl, demoAdminUid };
}

main(process.argv.slice(2), process.env, console.log, { dataDir, running }).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof AdminAccountError ? `admin-account: ${error.message}` : error);
    process.exit(1);
  },
);
