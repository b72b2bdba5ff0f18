#!/usr/bin/env node
// Committed launcher for the CLI, so `npm ci` can link the `storage-emulator` bin before the first build.
import { launchBuiltCli } from "local-server-kit/launcher";

launchBuiltCli("storage-emulator", new URL("../dist/cli.js", import.meta.url));
