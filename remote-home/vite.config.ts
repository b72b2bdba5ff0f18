import { defineRemoteConfig } from "../federation.remote.ts";
// The exposed screens are the federation contract, kept in one JSON file the contract test reads too.
import exposes from "./src/exposes.json" with { type: "json" };

export default defineRemoteConfig({ name: "remote_home", port: Number(process.env.REMOTE_HOME_PORT ?? 4174), exposes, serverRendered: true });
