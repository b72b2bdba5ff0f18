#!/usr/bin/env node
// storage-emulator --port 9199 --host 127.0.0.1 --rules storage.rules --data .local-data/storage
import { CliUsageError, runEmulatorCli } from "local-server-kit";
import { startStorageEmulator } from "./server.js";

runEmulatorCli({
  name: "storage-emulator",
  synopsis: "--rules <file> [options]",
  defaultPort: 9199,
  optionLines: [
    "--rules <file>    storage.rules (required; reloaded when it changes; refused if outside the supported subset)",
    "--data <dir>      persist objects and upload sessions here (default: memory only)",
    "--upload-idle <s> seconds after which an untouched resumable upload expires (default 3600)",
  ],
  extraOptions: ["upload-idle"],
  start: async ({ port, host, rules, data, fsync, log, extra }) => {
    if (!rules) throw new CliUsageError("--rules is required: the server never allows by default");
    const idle = extra["upload-idle"] === undefined ? undefined : Number(extra["upload-idle"]);
    if (idle !== undefined && !(idle > 0)) throw new CliUsageError(`Invalid --upload-idle ${extra["upload-idle"]}: a positive number of seconds`);
    const uploadIdleMs = idle === undefined ? undefined : idle * 1000;
    const emulator = await startStorageEmulator({ port, host, rules, dataDir: data, fsync, uploadIdleMs, watchRules: true, log });
    const r = emulator.recovery;
    if (data) log(`${r.objects} objects, ${r.uploadsResumed} resumable uploads in progress`);
    if (r.uploadsExpired + r.uploadsLost > 0) log(`removed ${r.uploadsExpired} expired resumable uploads and ${r.uploadsLost} whose bytes were missing`);
    if (r.orphanBlobsRemoved + r.tempFilesRemoved > 0)
      console.warn(`[storage-emulator] removed ${r.orphanBlobsRemoved} unreferenced blobs and ${r.tempFilesRemoved} half-written files (an earlier crash)`);
    return emulator;
  },
});
