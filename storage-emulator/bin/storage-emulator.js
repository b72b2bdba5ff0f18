#!/usr/bin/env node
// Committed launcher for the CLI, so `npm ci` can link the `storage-emulator` bin before the
// first build (npm does not link a bin whose target file is missing).
import("../dist/cli.js").catch((err) => {
  if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("dist/cli.js")) {
    console.error("storage-emulator is not built yet: run `npm run build` (or `npm run build -w storage-emulator`) first.");
  } else {
    console.error(err);
  }
  process.exit(1);
});
