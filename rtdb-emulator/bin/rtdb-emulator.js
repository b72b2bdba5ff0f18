#!/usr/bin/env node
// Committed launcher for the CLI, so `npm ci` can link the `rtdb-emulator` bin before the first build.
import { launchBuiltCli } from "local-server-kit/launcher";

launchBuiltCli("rtdb-emulator", new URL("../dist/cli.js", import.meta.url));
