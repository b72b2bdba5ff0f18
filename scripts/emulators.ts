// npm run emulators: the Realtime Database server, the Storage server and the Auth emulator, with
// the demo content seed and the demo admin, without building or serving the apps (for `npm run
// dev` work). Ctrl-C stops them. `--reset` restores the demo seed (and Storage to its pictures) first.
import { parseArgs } from "node:util";
import { build, startStack, stopOnSignals } from "./lib/command";

const { values } = parseArgs({ options: { reset: { type: "boolean", default: false }, verbose: { type: "boolean", default: false } } });

// The emulators are workspaces loaded from their builds (cached when unchanged).
build(["rtdb-emulator", "storage-emulator"]);
const stack = await startStack({ serve: false, reset: values.reset, verbose: values.verbose });
console.log("");
console.log(`  Database: ${stack.databaseUrl}   Storage: ${stack.storageUrl}   Auth: ${stack.authUrl}`);
console.log(`  Demo sign-in: ${stack.admin.email} / ${stack.admin.password}`);
console.log(`  Mail inbox: ${stack.mailUrl}   SMTP: ${stack.smtpUrl}`);
console.log("  Press Ctrl-C to stop.");
stopOnSignals(() => stack.stop());
