#!/usr/bin/env node
// storage-emulator --port 9199 --host 127.0.0.1 --rules storage.rules --data .local-data/storage
import { parseArgs } from "node:util";
import { startStorageEmulator } from "./server.js";

const usage = `Usage: storage-emulator --rules <file> [options]
  --rules <file>    storage.rules (required; reloaded when it changes; refused if outside the supported subset)
  --port <n>        port (default 9199; 0 picks a free one)
  --host <addr>     address to bind (default 127.0.0.1)
  --data <dir>      persist objects and upload sessions here (default: memory only)
  --no-fsync        do not fsync before acknowledging (still survives kill -9)
  --quiet           print only the listening line and errors
  --help`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", default: "9199" },
        host: { type: "string", default: "127.0.0.1" },
        rules: { type: "string" },
        data: { type: "string" },
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
  if (!values.rules) {
    console.error(`--rules is required: the server never allows by default\n${usage}`);
    process.exit(2);
  }
  const quiet = values.quiet;
  const emulator = await startStorageEmulator({
    port,
    host: values.host,
    rules: values.rules,
    dataDir: values.data,
    fsync: !values["no-fsync"],
    watchRules: true,
    log: (line) => {
      if (!quiet) console.log(`[storage-emulator] ${line}`);
    },
  });
  const r = emulator.recovery;
  if (!quiet && values.data) console.log(`[storage-emulator] ${r.objects} objects, ${r.uploadsResumed} resumable uploads in progress`);
  if (r.orphanBlobsRemoved + r.tempFilesRemoved > 0)
    console.warn(`[storage-emulator] removed ${r.orphanBlobsRemoved} unreferenced blobs and ${r.tempFilesRemoved} half-written files (an earlier crash)`);
  console.log(`[storage-emulator] listening on ${emulator.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
    if (!quiet) console.log(`[storage-emulator] ${signal}: stopping`);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(`[storage-emulator] failed to start: ${(err as Error)?.message ?? String(err)}`);
  process.exit(1);
});
