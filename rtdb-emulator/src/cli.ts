#!/usr/bin/env node
// rtdb-emulator --port 9000 --host 127.0.0.1 --rules database.rules.json --data .local-data/db [--seed seed.json]
import { runEmulatorCli } from "local-server-kit";
import { DEFAULT_NAMESPACE, startRtdbEmulator } from "./server.js";

runEmulatorCli({
  name: "rtdb-emulator",
  synopsis: "[options]",
  defaultPort: 9000,
  optionLines: [
    "--rules <file>    database.rules.json (comments allowed; reloaded when it changes)",
    "--data <dir>      persist to this directory (default: memory only)",
    "--seed <file>     JSON tree loaded into the default namespace when it is empty",
    `--ns <name>       default namespace for --seed and REST without ?ns= (default ${DEFAULT_NAMESPACE})`,
  ],
  extraOptions: ["seed", "ns"],
  start: async ({ port, host, rules, data, fsync, extra, log }) => {
    const emulator = await startRtdbEmulator({
      port,
      host,
      rules,
      dataDir: data,
      seed: extra.seed,
      defaultNamespace: extra.ns,
      fsync,
      watchRules: true,
      log,
    });
    for (const [ns, r] of Object.entries(emulator.recovery)) {
      log(`${ns}: ${r.snapshotLoaded ? "snapshot + " : ""}${r.entriesReplayed} log entries replayed`);
      if (r.tornBytes > 0) console.warn(`[rtdb-emulator] ${ns}: a torn last log line (${r.tornBytes} bytes) was dropped`);
    }
    return emulator;
  },
});
