#!/usr/bin/env node
// rtdb-emulator --port 9000 --host 127.0.0.1 --rules database.rules.json --data .local-data/db [--seed seed.json]
import { parseArgs } from "node:util";
import { DEFAULT_NAMESPACE, startRtdbEmulator } from "./server.js";

const usage = `Usage: rtdb-emulator [options]
  --port <n>        port (default 9000; 0 picks a free one)
  --host <addr>     address to bind (default 127.0.0.1)
  --rules <file>    database.rules.json (comments allowed; reloaded when it changes)
  --data <dir>      persist to this directory (default: memory only)
  --seed <file>     JSON tree loaded into the default namespace when it is empty
  --ns <name>       default namespace for --seed and REST without ?ns= (default ${DEFAULT_NAMESPACE})
  --no-fsync        do not fdatasync before acknowledging (still survives kill -9)
  --quiet           print only the listening line and errors
  --help`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", default: "9000" },
        host: { type: "string", default: "127.0.0.1" },
        rules: { type: "string" },
        data: { type: "string" },
        seed: { type: "string" },
        ns: { type: "string" },
        "no-fsync": { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port ${values.port}`);
    process.exit(2);
  }
  const quiet = values.quiet;
  const emulator = await startRtdbEmulator({
    port,
    host: values.host,
    rules: values.rules,
    dataDir: values.data,
    seed: values.seed,
    defaultNamespace: values.ns,
    fsync: !values["no-fsync"],
    watchRules: true,
    log: (line) => {
      if (!quiet) console.log(`[rtdb-emulator] ${line}`);
    },
  });
  for (const [ns, r] of Object.entries(emulator.recovery)) {
    if (!quiet) console.log(`[rtdb-emulator] ${ns}: ${r.snapshotLoaded ? "snapshot + " : ""}${r.entriesReplayed} log entries replayed`);
    if (r.tornBytes > 0) console.warn(`[rtdb-emulator] ${ns}: a torn last log line (${r.tornBytes} bytes) was dropped`);
  }
  console.log(`[rtdb-emulator] listening on ${emulator.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      console.error(`[rtdb-emulator] ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    if (!quiet) console.log(`[rtdb-emulator] ${signal}: flushing and stopping`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(`[rtdb-emulator] failed to start: ${(err as Error)?.message ?? String(err)}`);
  process.exit(1);
});
